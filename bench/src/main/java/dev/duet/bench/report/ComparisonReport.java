package dev.duet.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Puts two runs side by side (typically OpenSearch as the baseline and Duet as the candidate): per
 * scenario, one column per run and protocol, then the candidate's speed-up over the baseline on the
 * same transport and its gRPC-vs-REST ratio.
 */
public final class ComparisonReport {
  private ComparisonReport() {}

  public static String render(BenchReport baseline, BenchReport candidate) {
    StringBuilder md = new StringBuilder();
    for (ScenarioResult base : baseline.scenarios()) {
      ScenarioResult other = find(candidate, base.name());
      if (other == null) {
        continue;
      }
      md.append(table(baseline.label(), base, candidate.label(), other)).append('\n');
    }
    return md.toString();
  }

  static String table(
      String baseLabel, ScenarioResult base, String otherLabel, ScenarioResult other) {
    List<String> headers = new ArrayList<>();
    List<ProtocolResult> columns = new ArrayList<>();
    for (ProtocolResult result : base.protocols()) {
      headers.add(baseLabel + " " + result.protocol());
      columns.add(result);
    }
    for (ProtocolResult result : other.protocols()) {
      headers.add(otherLabel + " " + result.protocol());
      columns.add(result);
    }
    boolean bulk = base.docsPerRequest() > 1;
    StringBuilder md = new StringBuilder();
    md.append("### ").append(base.name()).append(": ").append(base.title()).append("\n\n");
    md.append("| |");
    headers.forEach(header -> md.append(' ').append(header).append(" |"));
    md.append("\n|---|");
    headers.forEach(header -> md.append("---:|"));
    md.append('\n');
    row(md, "p50 ms", columns, r -> MarkdownReport.millis(r.latencyMs().p50()));
    row(md, "p90 ms", columns, r -> MarkdownReport.millis(r.latencyMs().p90()));
    row(md, "p99 ms", columns, r -> MarkdownReport.millis(r.latencyMs().p99()));
    row(
        md,
        bulk ? "docs/s" : "req/s",
        columns,
        r -> MarkdownReport.whole(bulk ? r.docsPerSecond() : r.requestsPerSecond()));
    row(md, "bytes/req out", columns, r -> MarkdownReport.optional(r.requestBytesPerRequest()));
    row(md, "bytes/req in", columns, r -> MarkdownReport.optional(r.responseBytesPerRequest()));
    row(
        md,
        "client CPU µs/req",
        columns,
        r -> MarkdownReport.optional(r.clientCpuMicrosPerRequest()));
    row(
        md,
        "server CPU µs/req",
        columns,
        r -> MarkdownReport.optional(r.serverCpuMicrosPerRequest()));
    md.append('\n');
    for (ProtocolResult result : other.protocols()) {
      ProtocolResult same = find(base, result.protocol());
      if (same != null) {
        md.append(
            String.format(
                Locale.ROOT,
                "- %s vs %s over %s: p50 %s, p99 %s faster\n",
                otherLabel,
                baseLabel,
                result.protocol(),
                ratio(same.latencyMs().p50(), result.latencyMs().p50()),
                ratio(same.latencyMs().p99(), result.latencyMs().p99())));
      }
    }
    ProtocolResult rest = find(other, "REST/JSON");
    ProtocolResult grpc = find(other, "gRPC/protobuf");
    if (rest != null && grpc != null) {
      md.append(
          String.format(
              Locale.ROOT,
              "- %s gRPC vs REST: p50 %s, p99 %s faster\n",
              otherLabel,
              ratio(rest.latencyMs().p50(), grpc.latencyMs().p50()),
              ratio(rest.latencyMs().p99(), grpc.latencyMs().p99())));
    }
    return md.toString();
  }

  /**
   * How many times faster {@code faster} is than {@code slower} (below 1: slower), e.g. "2.41x".
   */
  static String ratio(double slower, double faster) {
    if (faster <= 0 || slower <= 0) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.2fx", slower / faster);
  }

  private static void row(
      StringBuilder md,
      String name,
      List<ProtocolResult> columns,
      Function<ProtocolResult, String> value) {
    md.append("| ").append(name).append(" |");
    for (ProtocolResult column : columns) {
      md.append(' ').append(value.apply(column)).append(" |");
    }
    md.append('\n');
  }

  private static ScenarioResult find(BenchReport report, String name) {
    return report.scenarios().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
  }

  private static ProtocolResult find(ScenarioResult scenario, String protocol) {
    return scenario.protocols().stream()
        .filter(p -> p.protocol().equals(protocol))
        .findFirst()
        .orElse(null);
  }
}
