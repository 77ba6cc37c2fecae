package dev.duet.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.GrpcBenchClient;
import dev.duet.bench.client.IndexOp;
import dev.duet.bench.client.RestBenchClient;
import dev.duet.bench.client.TextQuery;
import dev.duet.bench.report.BenchReport;
import dev.duet.bench.report.JsonReport;
import dev.duet.bench.report.ProtocolResult;
import dev.duet.bench.report.ScenarioResult;
import dev.duet.bench.workload.DocGenerator;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Smoke test: the bench's real clients against a real Duet node on free ports. */
class BenchCliTest {
  @TempDir static Path data;
  private static DuetNode node;

  @BeforeAll
  static void startNode() {
    node = DuetNode.start(NodeConfig.ephemeral(data));
  }

  @AfterAll
  static void stopNode() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void bothClientsWriteAndSearchTheSameIndex() {
    DocGenerator docs = new DocGenerator(1);
    try (RestBenchClient rest = new RestBenchClient(restUrl(), 1);
        GrpcBenchClient grpc = new GrpcBenchClient(grpcTarget())) {
      RestBenchClient.Response created =
          rest.send("PUT", "/smoke", "{\"mappings\":" + DocGenerator.MAPPING_JSON + "}");
      assertThat(created.ok()).as(created.body()).isTrue();

      rest.bulk("smoke", List.of(new IndexOp("r1", docs.doc(1).source())));
      grpc.bulk("smoke", List.of(new IndexOp("g1", docs.doc(1).source())));
      assertThat(rest.send("POST", "/smoke/_refresh", null).ok()).isTrue();

      String word = firstBodyWord(docs.doc(1).source());
      for (BenchClient client : List.<BenchClient>of(rest, grpc)) {
        for (TextQuery query : List.of(TextQuery.MATCH, TextQuery.PHRASE)) {
          assertThat(client.search("smoke", query, DocGenerator.SEARCH_FIELD, word, 10))
              .as("%s hits over %s", query, client.protocol())
              .isEqualTo(2);
        }
      }
    }
  }

  @Test
  void fullRunWritesReportsWithoutErrors(@TempDir Path out) throws Exception {
    int exit =
        new CommandLine(new BenchCli())
            .execute(
                "--rest-url", restUrl(),
                "--grpc-target", grpcTarget(),
                "--label", "smoke",
                "--duration", "400ms",
                "--warmup", "100ms",
                "--rounds", "2",
                "--clients", "2",
                "--bulk-size", "50",
                "--search-docs", "300",
                "--server-pid", Long.toString(ProcessHandle.current().pid()),
                "--out", out.toString());

    assertThat(exit).isZero();
    BenchReport report = JsonReport.read(out.resolve("smoke.json"));
    assertThat(report.target()).containsEntry("distribution", "opensearch");
    assertThat(report.scenarios())
        .extracting(ScenarioResult::name)
        .containsExactly("writes-seq", "writes-c2", "bulk", "search");
    for (ScenarioResult scenario : report.scenarios()) {
      assertThat(scenario.protocols())
          .extracting(ProtocolResult::protocol)
          .containsExactly("REST/JSON", "gRPC/protobuf");
      for (ProtocolResult result : scenario.protocols()) {
        assertThat(result.errors()).as("%s %s", scenario.name(), result.firstError()).isZero();
        assertThat(result.requests()).isPositive();
        assertThat(result.requestBytesPerRequest()).isPositive();
        assertThat(result.responseBytesPerRequest()).isPositive();
        assertThat(result.roundP50Ms()).hasSize(2);
      }
    }
    assertThat(Files.readString(out.resolve("smoke.md"))).contains("## bulk: Bulk ingest");
    // The chart beside them: a panel per scenario, a bar per protocol.
    assertThat(Files.readString(out.resolve("smoke.svg")))
        .startsWith("<svg")
        .contains(">bulk: Bulk ingest")
        .contains(">REST/JSON<")
        .contains(">gRPC/protobuf<");
  }

  @Test
  void durabilityDimensionRunsEachWriteScenarioOnAnIndexWithThatSetting(@TempDir Path out)
      throws Exception {
    int exit =
        new CommandLine(new BenchCli())
            .execute(
                "--rest-url", restUrl(),
                "--grpc-target", grpcTarget(),
                "--label", "durability",
                "--scenarios", "bulk",
                "--durability", "request,async",
                "--duration", "200ms",
                "--warmup", "50ms",
                "--rounds", "1",
                "--bulk-size", "20",
                "--out", out.toString());

    assertThat(exit).isZero();
    assertThat(JsonReport.read(out.resolve("durability.json")).scenarios())
        .extracting(ScenarioResult::name)
        .containsExactly("bulk", "bulk-async");
    try (RestBenchClient rest = new RestBenchClient(restUrl(), 1)) {
      assertThat(rest.send("GET", "/bench-bulk-async", null).body())
          .contains("\"durability\":\"async\"");
      assertThat(rest.send("GET", "/bench-bulk", null).body())
          .contains("\"durability\":\"request\"");
    }
  }

  private static String restUrl() {
    return "http://127.0.0.1:" + node.httpPort();
  }

  private static String grpcTarget() {
    return "127.0.0.1:" + node.grpcPort();
  }

  private static String firstBodyWord(byte[] source) {
    String json = new String(source, java.nio.charset.StandardCharsets.UTF_8);
    int start = json.indexOf("\"body\":\"") + "\"body\":\"".length();
    return json.substring(start, json.indexOf(' ', start));
  }
}
