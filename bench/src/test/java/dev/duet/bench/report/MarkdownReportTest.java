package dev.duet.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.bench.measure.LatencySummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MarkdownReportTest {
  static final ProtocolResult REST =
      new ProtocolResult(
          "REST/JSON",
          1000,
          1000,
          0,
          null,
          2.0,
          new LatencySummary(1000, 0.4123, 0.6, 1.25, 3.5, 9.0, 0.45),
          500.0,
          500.0,
          640.0,
          352.4,
          81.2,
          412.6,
          List.of(0.41, 0.415));
  static final ProtocolResult GRPC =
      new ProtocolResult(
          "gRPC/protobuf",
          900,
          900,
          2,
          "Bulk: Status{code=UNAVAILABLE}",
          2.0,
          new LatencySummary(900, 0.5, 0.7, 1.5, 4.0, 10.0, 0.55),
          450.0,
          450.0,
          null,
          null,
          120.0,
          null,
          List.of(0.5));

  @Test
  void scenarioTableHasOneRowPerProtocolAndDashesForUnmeasuredFigures() {
    String table =
        MarkdownReport.scenarioTable(
            new ScenarioResult("writes-seq", "Single-document writes", 1, 1, List.of(REST, GRPC)));

    assertThat(table).startsWith("## writes-seq: Single-document writes\n");
    assertThat(table).contains("| protocol | p50 ms | p90 ms | p99 ms | p99.9 ms | req/s |");
    assertThat(table)
        .contains(
            "| REST/JSON | 0.412 | 0.600 | 1.250 | 3.500 | 500 | 640 | 352 | 81 | 413 | 1000 | 0 |");
    assertThat(table)
        .contains(
            "| gRPC/protobuf | 0.500 | 0.700 | 1.500 | 4.000 | 450 | – | – | 120 | – | 900 | 2 |");
    assertThat(table).contains("p50 ms per round: REST/JSON 0.410 0.415; gRPC/protobuf 0.500\n");
    assertThat(table).contains("gRPC/protobuf first error: `Bulk: Status{code=UNAVAILABLE}`");
  }

  @Test
  void bulkScenariosShowDocumentsPerSecond() {
    ProtocolResult bulk =
        new ProtocolResult(
            "REST/JSON",
            10,
            5000,
            0,
            null,
            1.0,
            REST.latencyMs(),
            10,
            25_000.4,
            null,
            null,
            null,
            null,
            List.of());

    String table =
        MarkdownReport.scenarioTable(new ScenarioResult("bulk", "Bulk", 1, 500, List.of(bulk)));

    assertThat(table).contains("| docs/s |").contains("| 25,000 |");
  }

  @Test
  void fullReportNamesLabelTargetAndEveryScenario() {
    BenchReport report =
        new BenchReport(
            "opensearch-3.8",
            "2026-12-01T10:00:00Z",
            Map.of("version", "3.8.0"),
            Map.of("cores", "2"),
            Map.of("duration", "PT20S"),
            List.of(
                new ScenarioResult("writes-seq", "Writes", 1, 1, List.of(REST)),
                new ScenarioResult("search", "Search", 1, 0, List.of(GRPC))));

    String markdown = MarkdownReport.render(report);

    assertThat(markdown)
        .startsWith("# duet bench: opensearch-3.8\n")
        .contains("**Target:** version `3.8.0`")
        .contains("**Machine:** cores `2`")
        .contains("## writes-seq: Writes")
        .contains("## search: Search");
  }
}
