package dev.duet.protogen.cli;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import dev.duet.protogen.check.AcceptedBreaks;
import dev.duet.protogen.check.CheckReport;
import dev.duet.protogen.check.DescriptorSources;
import dev.duet.protogen.check.Rule.RuleSet;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code protogen check --old A --new B}: exit 0 compatible, 1 breaking, 2 error. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    description = {
      "Check that NEW does not break clients of OLD (buf's WIRE / WIRE_JSON rules).",
      "OLD and NEW: a folder of .proto files, a descriptor set file, a jar, or Maven coordinates"
          + " group:artifact:version of a published jar.",
      "Exit 0: compatible, 1: breaking, 2: error."
    })
final class CheckCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--old", required = true, description = "The released API (the baseline).")
  String oldSource;

  @Option(names = "--new", required = true, description = "The API to check.")
  String newSource;

  @Option(
      names = "--accepted",
      description =
          "Accepted breaks, one `RULE subject reason` per line; they do not fail the check.")
  Path accepted;

  @Option(
      names = "--rules",
      defaultValue = "WIRE_JSON",
      description = "WIRE or WIRE_JSON (default: ${DEFAULT-VALUE}).")
  RuleSet rules;

  @Override
  public Integer call() {
    FileDescriptorSet oldSet = DescriptorSources.load(oldSource);
    FileDescriptorSet newSet = DescriptorSources.load(newSource);
    AcceptedBreaks acceptedBreaks =
        accepted == null ? AcceptedBreaks.none() : AcceptedBreaks.read(accepted);
    CheckReport report =
        CheckReport.of(oldSet, newSet, rules, acceptedBreaks, oldSource + " → " + newSource);
    spec.commandLine().getOut().print(report.text());
    spec.commandLine().getOut().flush();
    return report.compatible() ? 0 : 1;
  }
}
