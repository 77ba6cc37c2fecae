package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Result;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * A grok pattern that backtracks catastrophically fails its document after {@code
 * ingest.grok.watchdog.max_execution_time} with OpenSearch's error, instead of holding a write
 * thread, and the node's watchdog thread ends with the node.
 */
class GrokWatchdogTest {
  private static final String BACKTRACKING = "(a+)+$";

  @TempDir Path data;

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES) // a node start on a loaded machine included
  void aRunawayGrokFailsItsDocumentAndTheNodeKeepsWriting() throws Exception {
    NodeConfig config =
        NodeConfig.ephemeral(data)
            .withSettings(
                Map.of(
                    "ingest.grok.watchdog.interval", "50ms",
                    "ingest.grok.watchdog.max_execution_time", "200ms"));
    String runaway = "a".repeat(64) + "b";
    try (DuetNode node = DuetNode.start(config)) {
      OpenSearchClient client = client(node);
      client
          .ingest()
          .putPipeline(
              p ->
                  p.id("runaway")
                      .processors(pr -> pr.grok(g -> g.field("message").patterns(BACKTRACKING))));

      assertThatThrownBy(
              () ->
                  client.index(
                      i ->
                          i.index("logs")
                              .id("1")
                              .pipeline("runaway")
                              .document(Map.of("message", runaway))))
          // opensearch-java reports a 5xx as the transport's ResponseException, body included
          .hasMessageContaining("500 Internal Server Error")
          .hasMessageContaining(
              "{\"type\":\"runtime_exception\","
                  + "\"reason\":\"grok pattern matching was interrupted after [200] ms\"}");

      BulkResponse bulk =
          client.bulk(
              b ->
                  b.pipeline("runaway")
                      .operations(
                          o ->
                              o.index(
                                  i ->
                                      i.index("logs").id("2").document(Map.of("message", runaway))))
                      .operations(
                          o ->
                              o.index(
                                  i ->
                                      i.index("logs").id("3").document(Map.of("message", "aaa")))));
      assertThat(bulk.items().get(0).status()).isEqualTo(500);
      assertThat(bulk.items().get(0).error().type()).isEqualTo("runtime_exception");
      assertThat(bulk.items().get(1).status()).isEqualTo(201);

      assertThat(
              client
                  .index(i -> i.index("logs").id("4").document(Map.of("message", "plain")))
                  .result())
          .isEqualTo(Result.Created);
      assertThat(watchdogThreads()).isPositive();
    }
    assertThat(watchdogThreads()).isZero();
  }

  private static OpenSearchClient client(DuetNode node) {
    return new OpenSearchClient(
        ApacheHttpClient5TransportBuilder.builder(
                new HttpHost("http", "127.0.0.1", node.httpPort()))
            .setMapper(new JacksonJsonpMapper())
            .build());
  }

  private static long watchdogThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().equals("duet-grok-watchdog"))
        .count();
  }
}
