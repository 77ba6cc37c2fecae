package dev.duet.bench.report;

import java.util.Locale;
import java.util.Map;

/** Renders a {@link BenchReport} as Markdown: a header describing the run, a table per scenario. */
public final class MarkdownReport {
  private static final String NOT_MEASURED = "–";

  private MarkdownReport() {}

  public static String render(BenchReport report) {
    StringBuilder md = new StringBuilder();
    md.append("# duet bench: ").append(report.label()).append("\n\n");
    md.append("Started ").append(report.startedAt()).append(".\n\n");
    appendMap(md, "Target", report.target());
    appendMap(md, "Machine", report.machine());
    appendMap(md, "Settings", report.settings());
    for (ScenarioResult scenario : report.scenarios()) {
      md.append(scenarioTable(scenario)).append('\n');
    }
    return md.toString();
  }

  /** One scenario as a Markdown section with its table. */
  public static String scenarioTable(ScenarioResult scenario) {
    boolean bulk = scenario.docsPerRequest() > 1;
    StringBuilder md = new StringBuilder();
    md.append("## ").append(scenario.name()).append(": ").append(scenario.title()).append("\n\n");
    md.append("| protocol | p50 ms | p90 ms | p99 ms | p99.9 ms | ")
        .append(bulk ? "docs/s" : "req/s")
        .append(
            " | bytes/req out | bytes/req in | client CPU µs/req | server CPU µs/req | requests"
                + " | errors |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (ProtocolResult result : scenario.protocols()) {
      md.append("| ")
          .append(result.protocol())
          .append(" | ")
          .append(millis(result.latencyMs().p50()))
          .append(" | ")
          .append(millis(result.latencyMs().p90()))
          .append(" | ")
          .append(millis(result.latencyMs().p99()))
          .append(" | ")
          .append(millis(result.latencyMs().p999()))
          .append(" | ")
          .append(whole(bulk ? result.docsPerSecond() : result.requestsPerSecond()))
          .append(" | ")
          .append(optional(result.requestBytesPerRequest()))
          .append(" | ")
          .append(optional(result.responseBytesPerRequest()))
          .append(" | ")
          .append(optional(result.clientCpuMicrosPerRequest()))
          .append(" | ")
          .append(optional(result.serverCpuMicrosPerRequest()))
          .append(" | ")
          .append(result.requests())
          .append(" | ")
          .append(result.errors())
          .append(" |\n");
    }
    md.append("\np50 ms per round:");
    String separator = " ";
    for (ProtocolResult result : scenario.protocols()) {
      md.append(separator).append(result.protocol());
      for (Double p50 : result.roundP50Ms()) {
        md.append(' ').append(millis(p50));
      }
      separator = "; ";
    }
    md.append('\n');
    for (ProtocolResult result : scenario.protocols()) {
      if (result.firstError() != null) {
        md.append("\n")
            .append(result.protocol())
            .append(" first error: `")
            .append(result.firstError().replace('`', '\''))
            .append("`\n");
      }
    }
    return md.toString();
  }

  static String millis(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  static String whole(double value) {
    return String.format(Locale.ROOT, "%,.0f", value);
  }

  static String optional(Double value) {
    return value == null ? NOT_MEASURED : whole(value);
  }

  private static void appendMap(StringBuilder md, String title, Map<String, String> entries) {
    if (entries.isEmpty()) {
      return;
    }
    md.append("**").append(title).append(":** ");
    String separator = "";
    for (Map.Entry<String, String> entry : entries.entrySet()) {
      md.append(separator).append(entry.getKey()).append(" `").append(entry.getValue()).append('`');
      separator = ", ";
    }
    md.append("\n\n");
  }
}
