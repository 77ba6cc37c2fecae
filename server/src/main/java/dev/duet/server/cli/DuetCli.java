package dev.duet.server.cli;

import dev.duet.common.SuppressForbidden;
import dev.duet.server.DuetVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code duet} command line: {@code duet serve ...}. The {@code ./duet} script runs this. */
@Command(
    name = "duet",
    mixinStandardHelpOptions = true,
    version = "Duet " + DuetVersion.DUET + " (OpenSearch " + DuetVersion.OPENSEARCH + " API)",
    description = "A search server on Apache Lucene speaking OpenSearch's REST and gRPC APIs.",
    subcommands = {ServeCommand.class, ShardCommand.class, CommandLine.HelpCommand.class})
public final class DuetCli implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing a command, e.g. serve");
  }

  @SuppressForbidden(reason = "command-line entry point")
  public static void main(String[] args) {
    CommandLine cli = new CommandLine(new DuetCli());
    // A node that cannot start (port taken, bad setting) is the user's to fix: say why, briefly.
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr().println("duet: " + e.getMessage());
          return 1;
        });
    int code = cli.execute(args);
    if (code != 0) {
      System.exit(code);
    }
  }
}
