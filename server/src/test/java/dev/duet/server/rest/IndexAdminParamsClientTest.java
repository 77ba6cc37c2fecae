package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Index administration parameters as OpenSearch 3.8.0 reads them, through opensearch-java (plain
 * HTTP where the client cannot say it): flush's {@code force}/{@code wait_if_ongoing}, settings'
 * {@code preserve_existing}, {@code human} settings, expressions starting with {@code _}, each
 * wildcard of a strict expression, a dry-run rollover's target name, a closed index's recovery,
 * allocation and unloaded segments, and a validate body with more than a query.
 */
class IndexAdminParamsClientTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static RestClient http;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    http = new RestClient(node.httpPort());
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  @AfterEach
  void wipe() throws Exception {
    http.send("DELETE", "/_all?expand_wildcards=all");
  }

  private static JsonNode json(String method, String path, String body) throws Exception {
    return JSON.readTree(http.send(method, path, body).body());
  }

  @Test
  void aForcedFlushMustWaitIfOngoing() throws Exception {
    client.indices().create(c -> c.index("logs"));
    assertThatThrownBy(
            () -> client.indices().flush(f -> f.index("logs").force(true).waitIfOngoing(false)))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().type()).isEqualTo("action_request_validation_exception");
              assertThat(e.error().reason())
                  .isEqualTo(
                      "Validation Failed: 1: wait_if_ongoing must be true for a force flush;");
            });
    assertThat(
            json("GET", "/logs/_stats/flush", null)
                .at("/indices/logs/primaries/flush/total")
                .asLong())
        .isZero();
    client.indices().flush(f -> f.index("logs").force(true).waitIfOngoing(true));
    assertThat(
            json("GET", "/logs/_stats/flush", null)
                .at("/indices/logs/primaries/flush/total")
                .asLong())
        .isEqualTo(1);
  }

  @Test
  void preserveExistingAddsOnlyMissingSettings() throws Exception {
    client.indices().create(c -> c.index("kept"));
    client.indices().putSettings(p -> p.index("kept").settings(s -> s.numberOfReplicas(0)));
    client
        .indices()
        .putSettings(
            p ->
                p.index("kept")
                    .preserveExisting(true)
                    .settings(
                        s ->
                            s.numberOfReplicas(1)
                                .translog(
                                    t ->
                                        t.durability(
                                            org.opensearch.client.opensearch.indices
                                                .TranslogDurability.Async))));
    JsonNode settings = json("GET", "/kept/_settings", null).path("kept").path("settings");
    assertThat(settings.path("index").path("number_of_replicas").asText()).isEqualTo("0");
    // The client writes the enum as OpenSearch names it, upper case; OpenSearch reads any case.
    assertThat(settings.path("index").path("translog").path("durability").asText())
        .isEqualToIgnoringCase("async");
  }

  @Test
  void humanSettingsAndReservedNames() throws Exception {
    client.indices().create(c -> c.index("named"));
    JsonNode human = json("GET", "/named?human=true", null).path("named").path("settings");
    assertThat(human.path("index").path("creation_date_string").asText()).matches("^2\\d{3}-.+Z$");
    assertThat(human.path("index").path("version").path("created_string").asText())
        .isEqualTo("3.8.0");
    assertThat(
            json("GET", "/named", null)
                .path("named")
                .path("settings")
                .path("index")
                .has("creation_date_string"))
        .isFalse();

    JsonNode reserved = json("GET", "/_foo", null);
    assertThat(reserved.path("status").asInt()).isEqualTo(400);
    assertThat(reserved.path("error").path("type").asText())
        .isEqualTo("invalid_index_name_exception");
    assertThat(reserved.path("error").path("reason").asText())
        .isEqualTo("Invalid index name [_foo], must not start with '_'.");
  }

  @Test
  void withoutAllowNoIndicesEachWildcardMustMatch() throws Exception {
    client.indices().create(c -> c.index("index").aliases("alias", a -> a));
    client.indices().create(c -> c.index("index2"));
    assertThatThrownBy(
            () -> client.indices().delete(d -> d.index("index2", "alia*").allowNoIndices(false)))
        .isInstanceOfSatisfying(
            OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(404));
    assertThat(client.indices().exists(e -> e.index("index2")).value()).isTrue();
  }

  @Test
  void aDryRunRolloverRefusesAnInvalidTargetName() throws Exception {
    client.indices().create(c -> c.index("logs-1").aliases("logs", a -> a));
    assertThatThrownBy(
            () ->
                client
                    .indices()
                    .rollover(r -> r.alias("logs").newIndex("invalid|name").dryRun(true)))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> assertThat(e.error().type()).isEqualTo("invalid_index_name_exception"));
  }

  @Test
  void aClosedIndexIsRecoveredFromItsStoreAndKeepsItsSegments() throws Exception {
    client.indices().create(c -> c.index("shut"));
    client.index(i -> i.index("shut").id("1").document(Map.of("a", 1)).refresh(Refresh.True));
    client.indices().flush(f -> f.index("shut"));
    long segments =
        json("GET", "/shut/_stats/segments", null)
            .at("/indices/shut/primaries/segments/count")
            .asLong();
    assertThat(segments).isPositive();
    client.indices().close(c -> c.index("shut"));

    JsonNode recovery = json("GET", "/shut/_recovery?detailed=true", null);
    assertThat(recovery.at("/shut/shards/0/type").asText()).isEqualTo("EXISTING_STORE");
    assertThat(recovery.at("/shut/shards/0/index/files/details").isArray()).isTrue();

    String stats = "/shut/_stats/segments?expand_wildcards=closed&forbid_closed_indices=false";
    assertThat(json("GET", stats, null).at("/indices/shut/primaries/segments/count").asLong())
        .isZero();
    assertThat(
            json("GET", stats + "&include_unloaded_segments=true", null)
                .at("/indices/shut/primaries/segments/count")
                .asLong())
        .isEqualTo(segments);

    JsonNode explain =
        json(
            "POST",
            "/_cluster/allocation/explain",
            "{\"index\":\"shut\",\"shard\":0,\"primary\":true}");
    assertThat(explain.path("current_state").asText()).isEqualTo("started");
    assertThat(explain.path("index").asText()).isEqualTo("shut");
  }

  @Test
  void aValidateBodyReadsOnlyItsQuery() throws Exception {
    client.indices().create(c -> c.index("v"));
    JsonNode plain = json("POST", "/v/_validate/query", "{\"match_all\":{}}");
    assertThat(plain.path("valid").asBoolean()).isFalse();
    assertThat(plain.has("error")).isFalse();
    JsonNode explained = json("POST", "/v/_validate/query?explain=true", "{\"match_all\":{}}");
    assertThat(explained.path("error").asText())
        .isEqualTo("ParsingException[request does not support [match_all]]");
    assertThat(
            client
                .indices()
                .validateQuery(q -> q.index("v").query(x -> x.matchAll(m -> m)))
                .valid())
        .isTrue();
  }
}
