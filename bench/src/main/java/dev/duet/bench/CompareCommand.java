package dev.duet.bench;

import dev.duet.bench.report.BenchReport;
import dev.duet.bench.report.ComparisonReport;
import dev.duet.bench.report.JsonReport;
import dev.duet.bench.report.LatencyChart;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code duet bench compare BASELINE.json CANDIDATE.json}: two runs side by side, as Markdown, and
 * as an SVG chart of their latency percentiles.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Prints two runs' results side by side as Markdown, with the candidate's speed-up over the"
            + " baseline per transport (e.g. baseline OpenSearch, candidate Duet), and writes an SVG"
            + " chart of both runs' latency percentiles per scenario.")
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "JSON report of the baseline run.")
  Path baseline;

  @Parameters(index = "1", description = "JSON report of the candidate run.")
  Path candidate;

  @Option(
      names = "--chart",
      description =
          "Where to write the SVG chart (default: <candidate>-vs-<baseline>.svg beside the"
              + " candidate's JSON).")
  Path chart;

  @Override
  @SuppressForbidden(reason = "command-line entry point prints the comparison")
  public Integer call() throws Exception {
    BenchReport base = JsonReport.read(baseline);
    BenchReport other = JsonReport.read(candidate);
    System.out.print(ComparisonReport.render(base, other));
    Path svg = chart != null ? chart : defaultChart(base, other);
    Files.writeString(svg, LatencyChart.compare(base, other), StandardCharsets.UTF_8);
    System.err.println("chart: " + svg);
    return 0;
  }

  private Path defaultChart(BenchReport base, BenchReport other) {
    String name =
        (other.label() + "-vs-" + base.label()).replaceAll("[^A-Za-z0-9._-]", "_") + ".svg";
    Path dir = candidate.toAbsolutePath().getParent();
    return dir.resolve(name);
  }
}
