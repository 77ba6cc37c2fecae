package dev.duet.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.bench.measure.LatencySummary;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class LatencyChartTest {
  @Test
  void oneRunChartsRestAgainstGrpcPerScenario() throws Exception {
    BenchReport run =
        report(
            "duet",
            scenario("writes-seq", "Single-document writes", 0.4, 0.3),
            scenario("search", "Match queries", 0.6, 0.5));

    List<String> texts = texts(LatencyChart.render(run));

    assertThat(texts)
        .contains(
            "writes-seq: Single-document writes",
            "search: Match queries",
            "REST/JSON",
            "gRPC/protobuf",
            "p50",
            "p90",
            "p99",
            "p99.9");
  }

  @Test
  void comparisonNamesEachBarByRunAndProtocol() throws Exception {
    BenchReport opensearch = report("opensearch", scenario("writes-seq", "Writes", 1.0, 1.2));
    BenchReport duet = report("duet", scenario("writes-seq", "Writes", 0.4, 0.3));

    String svg = LatencyChart.compare(opensearch, duet);

    assertThat(texts(svg))
        .contains(
            "duet vs opensearch: latency (ms)",
            "writes-seq: Writes",
            "opensearch REST/JSON",
            "opensearch gRPC/protobuf",
            "duet REST/JSON",
            "duet gRPC/protobuf");
    // One bar per series and percentile: 4 series x 4 percentiles, each a filled rectangle path.
    assertThat(svg).startsWith("<svg");
  }

  /** The SVG's text elements: the chart's titles, legend and axis labels. */
  static List<String> texts(String svg) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    // Never fetch a DTD: CI has no network.
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Document doc =
        factory
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    NodeList nodes = doc.getElementsByTagName("text");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add(nodes.item(i).getTextContent());
    }
    return out;
  }

  private static BenchReport report(String label, ScenarioResult... scenarios) {
    return new BenchReport(
        label, "2026-12-07T10:00:00Z", Map.of(), Map.of(), Map.of(), List.of(scenarios));
  }

  private static ScenarioResult scenario(String name, String title, double rest, double grpc) {
    return new ScenarioResult(
        name, title, 1, 1, List.of(result("REST/JSON", rest), result("gRPC/protobuf", grpc)));
  }

  private static ProtocolResult result(String protocol, double p50) {
    return new ProtocolResult(
        protocol,
        100,
        100,
        0,
        null,
        1.0,
        new LatencySummary(100, p50, p50 * 1.5, p50 * 3, p50 * 5, p50 * 6, p50),
        100,
        100,
        null,
        null,
        null,
        null,
        List.of(p50));
  }
}
