/**
 * {@code ./duet protogen}: the generate and check commands (picocli). Starting point: {@link
 * dev.duet.protogen.cli.ProtogenCli}.
 */
package dev.duet.protogen.cli;
