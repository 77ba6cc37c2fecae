package dev.duet.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonReportTest {
  @Test
  void reportSurvivesARoundTrip(@TempDir Path dir) throws Exception {
    BenchReport report =
        new BenchReport(
            "duet",
            "2026-12-01T10:00:00Z",
            Map.of("version", "3.8.0"),
            Map.of("cores", "2"),
            Map.of("rounds", "4"),
            List.of(
                new ScenarioResult(
                    "writes-seq",
                    "Writes",
                    1,
                    1,
                    List.of(MarkdownReportTest.REST, MarkdownReportTest.GRPC))));
    Path file = dir.resolve("duet.json");
    Files.writeString(file, JsonReport.toJson(report), StandardCharsets.UTF_8);

    assertThat(JsonReport.read(file)).isEqualTo(report);
    assertThat(Files.readString(file))
        .contains("\"p50\" : 0.4123")
        .contains("\"serverCpuMicrosPerRequest\" : null");
  }
}
