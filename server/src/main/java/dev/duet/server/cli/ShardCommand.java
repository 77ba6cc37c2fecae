package dev.duet.server.cli;

import dev.duet.common.SuppressForbidden;
import dev.duet.engine.Engines;
import dev.duet.engine.index.TranslogRepairReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duet shard remove-corrupted-data}: the operator's explicit repair of an index that failed
 * to open because its translog is damaged before its end, modelled on OpenSearch's {@code
 * opensearch-shard remove-corrupted-data}. Run it with the node stopped, then start the node.
 */
@Command(
    name = "shard",
    mixinStandardHelpOptions = true,
    description = "Offline repairs of an index's files (run with the node stopped).",
    subcommands = {ShardCommand.RemoveCorruptedData.class})
final class ShardCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "Missing a command, e.g. remove-corrupted-data");
  }

  @Command(
      name = "remove-corrupted-data",
      mixinStandardHelpOptions = true,
      description = {
        "Cuts an index's translog back to the operations before its damage, so the index opens",
        "again. Every operation after the damage is lost; an untouched copy of the damaged file is",
        "kept beside it as *.corrupted."
      })
  static final class RemoveCorruptedData implements Callable<Integer> {
    @Option(
        names = "--data",
        paramLabel = "DIR",
        description = "Data directory of the stopped node. Default: ./data.")
    Path data = Path.of("data");

    @Option(
        names = "--index",
        required = true,
        paramLabel = "NAME",
        description = "The index, by name (or by its folder's uuid if its metadata is unreadable).")
    String index;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    @SuppressForbidden(reason = "command-line entry point reports what it did")
    public Integer call() throws Exception {
      TranslogRepairReport report = Engines.removeCorruptedTranslog(data, index);
      PrintWriter out = spec.commandLine().getOut();
      if (!report.repaired()) {
        out.println("index [" + index + "]: its translog has no damage; nothing changed");
        return 0;
      }
      out.println("index [" + index + "]: " + report.problem() + " in " + report.file());
      out.println(
          "kept "
              + report.keptOperations()
              + " operations before the damage; cut "
              + report.cutBytes()
              + " bytes after it");
      out.println("untouched copy of the damaged file: " + report.copy());
      out.println("start the node: the index recovers what was kept");
      out.flush();
      return 0;
    }
  }
}
