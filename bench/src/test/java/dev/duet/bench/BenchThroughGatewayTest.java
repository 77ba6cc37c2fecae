package dev.duet.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.bench.report.BenchReport;
import dev.duet.bench.report.JsonReport;
import dev.duet.bench.report.ProtocolResult;
import dev.duet.bench.report.ScenarioResult;
import dev.duet.gateway.Gateway;
import dev.duet.gateway.security.ApiKeys;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Smoke test: the bench through the gateway in front of an in-process Duet node, with an API key —
 * passthrough for one tenant, adaptor mode (gRPC translated to the node's REST) for another — and
 * refused without one.
 */
class BenchThroughGatewayTest {
  static final String PASSTHROUGH_KEY = "bench-passthrough-key-0123456789";
  static final String ADAPTOR_KEY = "bench-adaptor-key-0123456789";

  @TempDir static Path dir;
  static DuetNode node;
  static Gateway gateway;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dir.resolve("data")));
    Path config = dir.resolve("gateway.yaml");
    Files.writeString(
        config,
        """
        listen: {host: 127.0.0.1, rest_port: 0, grpc_port: 0, admin_port: 0}
        clusters:
          - name: direct
            mode: passthrough
            nodes: [{rest: "127.0.0.1:%1$d", grpc: "127.0.0.1:%2$d"}]
          - name: translated
            mode: adaptor
            nodes: [{rest: "127.0.0.1:%1$d"}]
        tenants:
          - name: bench
            api_keys: ["%3$s"]
            indices: ["bench-*"]
            actions: [search, write, admin]
          - name: adapted
            api_keys: ["%4$s"]
            indices: ["bench-*"]
            actions: [search, write, admin]
        routes:
          - {tenant: adapted, cluster: translated}
          - {tenant: bench, cluster: direct}
        """
            .formatted(
                node.httpPort(),
                node.grpcPort(),
                ApiKeys.hash(PASSTHROUGH_KEY),
                ApiKeys.hash(ADAPTOR_KEY)));
    gateway = Gateway.start(config, Duration.ofMillis(200));
  }

  @AfterAll
  static void stop() throws Exception {
    if (gateway != null) {
      gateway.close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void runsThroughPassthroughWithAnApiKey(@TempDir Path out) throws Exception {
    BenchReport report = run(out, "passthrough", "rest,grpc", "--api-key", PASSTHROUGH_KEY);
    assertNoErrors(report, "REST/JSON", "gRPC/protobuf");
    assertThat(report.settings()).containsEntry("headers", "authorization");
    assertThat(Files.readString(out.resolve("passthrough.json"))).doesNotContain(PASSTHROUGH_KEY);
  }

  @Test
  void runsGrpcThroughAdaptorModeWithAHeader(@TempDir Path out) throws Exception {
    BenchReport report =
        run(out, "adaptor", "grpc", "--header", "Authorization: ApiKey " + ADAPTOR_KEY);
    assertNoErrors(report, "gRPC/protobuf");
    String metrics =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + gateway.adminPort() + "/metrics"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(metrics)
        .as("the gRPC calls went to the adaptor cluster")
        .containsPattern(
            "duet_gateway_requests_seconds_count\\{[^}]*method=\"Bulk\"[^}]*protocol=\"grpc\""
                + "[^}]*status=\"OK\"[^}]*upstream=\"translated\"");
  }

  @Test
  void hopSendsEachRequestStraightAndThroughTheGateway(@TempDir Path out) throws Exception {
    String[] args = {
      "hop",
      "--via-rest-url",
      "http://127.0.0.1:" + gateway.restPort(),
      "--via-grpc-target",
      "127.0.0.1:" + gateway.grpcPort(),
      "--rest-url",
      "http://127.0.0.1:" + node.httpPort(),
      "--grpc-target",
      "127.0.0.1:" + node.grpcPort(),
      "--api-key",
      PASSTHROUGH_KEY,
      "--scenarios",
      "writes-seq,search",
      "--durability",
      "request,async",
      "--duration",
      "1s",
      "--warmup",
      "200ms",
      "--search-docs",
      "200",
      "--label",
      "hop",
      "--out",
      out.toString()
    };
    assertThat(new CommandLine(new BenchCli()).execute(args)).isZero();
    JsonNode report = new ObjectMapper().readTree(out.resolve("hop.json").toFile());
    assertThat(report.path("results")).hasSize(6);
    assertThat(report.path("targets").path("p99").asDouble()).isEqualTo(1.0);
    for (JsonNode r : report.path("results")) {
      long pairs = r.path("pairs").asLong();
      assertThat(pairs).as(r.toString()).isPositive();
      assertThat(r.path("errors").asLong()).isZero();
      assertThat(r.path("direct").path("count").asLong()).isEqualTo(pairs);
      assertThat(r.path("via").path("count").asLong()).isEqualTo(pairs);
      for (String p : new String[] {"P50", "P99"}) {
        JsonNode added = r.path("added" + p);
        assertThat(added.path("low").asDouble())
            .as(r.toString())
            .isLessThanOrEqualTo(added.path("estimate").asDouble())
            .isLessThanOrEqualTo(added.path("high").asDouble());
        assertThat(r.path(p.toLowerCase(java.util.Locale.ROOT)).asText())
            .isIn("MET", "MISSED", "UNSETTLED");
      }
    }
    assertThat(report.path("results").findValuesAsText("scenario"))
        .containsExactly(
            "writes-seq", "writes-seq", "writes-seq-async", "writes-seq-async", "search", "search");
    assertThat(Files.readString(out.resolve("hop.md")))
        .contains("| writes-seq | gRPC/protobuf |")
        .contains("| writes-seq-async | REST/JSON |")
        .contains("| search | REST/JSON |")
        .contains("95% interval")
        .doesNotContain(PASSTHROUGH_KEY);
    // Through the gateway without the key every call fails: reported, and a non-zero exit.
    args[9] = "--header";
    args[10] = "X-Nothing: 1";
    args[14] = "request";
    assertThat(new CommandLine(new BenchCli()).execute(args)).isEqualTo(1);
  }

  @Test
  void hopRefusesWhatItCannotPair(@TempDir Path out) {
    String via = "http://127.0.0.1:" + gateway.restPort();
    String grpc = "127.0.0.1:" + gateway.grpcPort();
    String[][] refused = {
      {"--protocols", "http3"}, // not a protocol
      {"--scenarios", "writes-c4"}, // four clients: a pair needs one
      {"--scenarios", "nothing-like-it"},
      {"--durability", "eventually"},
      {"--target-p99", "-1"}
    };
    for (String[] bad : refused) {
      String[] args = {
        "hop",
        "--via-rest-url",
        via,
        "--via-grpc-target",
        grpc,
        bad[0],
        bad[1],
        "--out",
        out.toString()
      };
      assertThat(new CommandLine(new BenchCli()).execute(args)).as(bad[1]).isEqualTo(2);
    }
    assertThat(out.resolve("hop.json")).doesNotExist();
  }

  @Test
  void failsWithoutCredentials(@TempDir Path out) {
    int exit = new CommandLine(new BenchCli()).execute(args(out, "anonymous", "rest,grpc"));
    assertThat(exit).isEqualTo(1);
    assertThat(out.resolve("anonymous.json")).doesNotExist();
  }

  @Test
  void vectorsRunsKnnSearchThroughPassthroughAndAdaptor() {
    String[] passthrough = vectorArgs(PASSTHROUGH_KEY, "rest,grpc", "--batch", "25");
    assertThat(new CommandLine(new BenchCli()).execute(passthrough)).isZero();
    // The index loaded through passthrough, searched over gRPC translated to the node's REST.
    String[] adaptor = vectorArgs(ADAPTOR_KEY, "grpc", "--skip-load");
    assertThat(new CommandLine(new BenchCli()).execute(adaptor)).isZero();
    String[] anonymous = vectorArgs(null, "rest,grpc", "--skip-load");
    assertThat(new CommandLine(new BenchCli()).execute(anonymous)).isNotZero();
  }

  private static String[] vectorArgs(String key, String protocols, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "vectors",
                "--rest-url",
                "http://127.0.0.1:" + gateway.restPort(),
                "--grpc-target",
                "127.0.0.1:" + gateway.grpcPort(),
                "--protocols",
                protocols,
                "--dims",
                "8",
                "--docs",
                "50",
                "--queries",
                "10",
                "--skip-ingest"));
    if (key != null) {
      args.addAll(List.of("--api-key", key));
    }
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  private static BenchReport run(Path out, String label, String protocols, String... extra)
      throws Exception {
    List<String> args = new ArrayList<>(List.of(args(out, label, protocols)));
    args.addAll(List.of(extra));
    int exit = new CommandLine(new BenchCli()).execute(args.toArray(String[]::new));
    assertThat(exit).isZero();
    return JsonReport.read(out.resolve(label + ".json"));
  }

  private static String[] args(Path out, String label, String protocols) {
    return new String[] {
      "--rest-url", "http://127.0.0.1:" + gateway.restPort(),
      "--grpc-target", "127.0.0.1:" + gateway.grpcPort(),
      "--label", label,
      "--protocols", protocols,
      "--scenarios", "writes-seq,bulk,search",
      "--duration", "300ms",
      "--warmup", "100ms",
      "--rounds", "1",
      "--bulk-size", "20",
      "--search-docs", "200",
      "--out", out.toString()
    };
  }

  private static void assertNoErrors(BenchReport report, String... protocols) {
    assertThat(report.scenarios())
        .extracting(ScenarioResult::name)
        .containsExactly("writes-seq", "bulk", "search");
    for (ScenarioResult scenario : report.scenarios()) {
      assertThat(scenario.protocols())
          .extracting(ProtocolResult::protocol)
          .containsExactly(protocols);
      for (ProtocolResult result : scenario.protocols()) {
        assertThat(result.errors()).as("%s %s", scenario.name(), result.firstError()).isZero();
        assertThat(result.requests()).isPositive();
      }
    }
  }
}
