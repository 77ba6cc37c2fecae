package dev.duet.bench;

import dev.duet.bench.report.BenchReport;
import dev.duet.bench.report.ComparisonReport;
import dev.duet.bench.report.JsonReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code duet bench compare BASELINE.json CANDIDATE.json}: two runs side by side, as Markdown. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Prints two runs' results side by side as Markdown, with the candidate's speed-up over the"
            + " baseline per transport (e.g. baseline OpenSearch, candidate Duet).")
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "JSON report of the baseline run.")
  Path baseline;

  @Parameters(index = "1", description = "JSON report of the candidate run.")
  Path candidate;

  @Override
  @SuppressForbidden(reason = "command-line entry point prints the comparison")
  public Integer call() throws Exception {
    BenchReport base = JsonReport.read(baseline);
    BenchReport other = JsonReport.read(candidate);
    System.out.print(ComparisonReport.render(base, other));
    return 0;
  }
}
