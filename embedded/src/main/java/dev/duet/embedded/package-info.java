/**
 * Duet in-process, for tests: start a node in this JVM and point any OpenSearch client at it.
 *
 * <p>Starting points: {@link dev.duet.embedded.EmbeddedDuet} (start, REST URL, gRPC target, wipe,
 * close), {@link dev.duet.embedded.DuetTest} (the annotation for a test class) and {@link
 * dev.duet.embedded.DuetExtension} (the JUnit 5 extension behind it, for options and several
 * nodes).
 */
package dev.duet.embedded;
