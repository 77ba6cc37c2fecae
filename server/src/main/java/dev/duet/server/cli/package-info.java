/**
 * The command line that {@code ./duet} runs.
 *
 * <p>Starting points: {@link dev.duet.server.cli.DuetCli} (entry point) and {@code ServeCommand}
 * ({@code duet serve}: start a node, stop it cleanly on SIGTERM/Ctrl-C).
 */
package dev.duet.server.cli;
