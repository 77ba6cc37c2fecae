package dev.duet.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.bench.measure.LatencySummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonReportTest {
  @Test
  void sideBySideWithSpeedUpsPerTransport() {
    BenchReport opensearch =
        report("opensearch", result("REST/JSON", 1.0, 4.0), result("gRPC/protobuf", 1.2, 6.0));
    BenchReport duet =
        report("duet", result("REST/JSON", 0.4, 2.0), result("gRPC/protobuf", 0.3, 1.5));

    String markdown = ComparisonReport.render(opensearch, duet);

    assertThat(markdown)
        .startsWith("### writes-seq: Writes\n\n")
        .contains(
            "| | opensearch REST/JSON | opensearch gRPC/protobuf | duet REST/JSON | duet"
                + " gRPC/protobuf |\n")
        .contains("| p50 ms | 1.000 | 1.200 | 0.400 | 0.300 |\n")
        .contains("| p99 ms | 4.000 | 6.000 | 2.000 | 1.500 |\n")
        .contains("- duet vs opensearch over REST/JSON: p50 2.50x, p99 2.00x faster\n")
        .contains("- duet vs opensearch over gRPC/protobuf: p50 4.00x, p99 4.00x faster\n")
        .contains("- duet gRPC vs REST: p50 1.33x, p99 1.33x faster\n");
  }

  @Test
  void ratioBelowOneMeansSlower() {
    assertThat(ComparisonReport.ratio(1.0, 2.0)).isEqualTo("0.50x");
    assertThat(ComparisonReport.ratio(1.0, 0.0)).isEqualTo("n/a");
  }

  private static BenchReport report(String label, ProtocolResult... results) {
    return new BenchReport(
        label,
        "2026-12-01T10:00:00Z",
        Map.of(),
        Map.of(),
        Map.of(),
        List.of(new ScenarioResult("writes-seq", "Writes", 1, 1, List.of(results))));
  }

  private static ProtocolResult result(String protocol, double p50, double p99) {
    return new ProtocolResult(
        protocol,
        100,
        100,
        0,
        null,
        1.0,
        new LatencySummary(100, p50, p50, p99, p99, p99, p50),
        100,
        100,
        500.0,
        300.0,
        50.0,
        200.0,
        List.of(p50));
  }
}
