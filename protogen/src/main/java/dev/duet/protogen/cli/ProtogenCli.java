package dev.duet.protogen.cli;

import dev.duet.protogen.SuppressForbidden;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./duet protogen generate|check}. Exit codes: 0 ok/compatible, 1 breaking, 2 error. */
@Command(
    name = "protogen",
    mixinStandardHelpOptions = true,
    description = "Turn an OpenAPI 3 spec into protobuf, and refuse to break clients.",
    subcommands = {GenerateCommand.class, CheckCommand.class, CommandLine.HelpCommand.class})
public final class ProtogenCli implements Runnable {
  public static final int ERROR = 2;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "Missing a command: generate or check");
  }

  /** A command line ready to run, with errors (bad spec, missing input) as exit 2 and a message. */
  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new ProtogenCli());
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr().println("protogen: " + e.getMessage());
          return ERROR;
        });
    cli.setExitCodeExceptionMapper(e -> ERROR);
    return cli;
  }

  @SuppressForbidden(reason = "command-line entry point")
  public static void main(String[] args) {
    int code = commandLine().execute(args);
    if (code != 0) {
      System.exit(code);
    }
  }
}
