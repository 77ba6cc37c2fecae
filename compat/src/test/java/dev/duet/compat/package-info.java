/**
 * The compatibility suite: a corpus of cases ({@code src/test/resources/cases/}, format in its
 * README), each run over REST and gRPC against real OpenSearch 3.8.0 and against Duet, failing on
 * any difference.
 *
 * <p>Starting points: {@link dev.duet.compat.CompatSuiteTest} (the JUnit entry, tagged {@code
 * compat}), {@link dev.duet.compat.CaseRunner} (one case against both nodes) and {@link
 * dev.duet.compat.JsonDiff} (what counts as a difference). The nodes come from {@link
 * dev.duet.compat.OpenSearchOracle} ({@code build/opensearch.sh}) and {@link
 * dev.duet.compat.DuetUnderTest}.
 */
package dev.duet.compat;
