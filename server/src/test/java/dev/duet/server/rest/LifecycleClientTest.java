package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.indices.RolloverResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * {@code _field_caps}, {@code _rollover} and the cluster settings Duet keeps, through
 * opensearch-java over a real socket: the client parses OpenSearch's shapes.
 */
class LifecycleClientTest {
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    client
        .indices()
        .create(
            c ->
                c.index("caps-1")
                    .mappings(m -> m.properties("n", p -> p.double_(d -> d)))
                    .aliases("caps", a -> a));
    client
        .indices()
        .create(
            c ->
                c.index("caps-2")
                    .mappings(
                        m ->
                            m.properties("n", p -> p.long_(l -> l))
                                .properties("k", p -> p.keyword(k -> k.index(false)))));
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

  // opensearch-java sends fields in the body, which OpenSearch 3.8 refuses as Duet does
  // ("request does not support [fields]"); the URL parameter is what OpenSearch reads.
  @Test
  void fieldCapsListsEachTypeWithItsIndices() throws Exception {
    RestClient http = new RestClient(node.httpPort());
    var caps = JSON.readTree(http.send("GET", "/caps-*/_field_caps?fields=n,k").body());

    assertThat(caps.path("indices").toString()).isEqualTo("[\"caps-1\",\"caps-2\"]");
    assertThat(caps.path("fields").path("n").path("double").path("indices").toString())
        .isEqualTo("[\"caps-1\"]");
    assertThat(caps.path("fields").path("n").path("long").path("aggregatable").asBoolean())
        .isTrue();
    assertThat(caps.path("fields").path("k").path("keyword").path("searchable").asBoolean())
        .isFalse();
    assertThat(http.send("GET", "/nope/_field_caps?fields=n").status()).isEqualTo(404);
    assertThatThrownBy(() -> client.fieldCaps(f -> f.index("caps-*").fields("n")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> assertThat(e.getMessage()).contains("request does not support [fields]"));
  }

  @Test
  void rolloverMovesTheAliasWhenMaxDocsHolds() throws Exception {
    client.indices().create(c -> c.index("roll-1").aliases("roll", a -> a));
    client.index(i -> i.index("roll").id("1").document(Map.of("f", 1)).refresh(Refresh.True));

    RolloverResponse dry =
        client.indices().rollover(r -> r.alias("roll").dryRun(true).conditions(c -> c.maxDocs(1L)));
    assertThat(dry.rolledOver()).isFalse();
    assertThat(dry.dryRun()).isTrue();
    assertThat(dry.newIndex()).isEqualTo("roll-000002");
    assertThat(dry.conditions()).containsEntry("[max_docs: 1]", true);

    RolloverResponse done =
        client.indices().rollover(r -> r.alias("roll").conditions(c -> c.maxDocs(1L)));
    assertThat(done.rolledOver()).isTrue();
    assertThat(done.oldIndex()).isEqualTo("roll-1");
    assertThat(client.indices().getAlias(a -> a.name("roll")).result())
        .containsOnlyKeys("roll-000002");
  }

  @Test
  void keptClusterSettingsAreValidatedAndReported() throws Exception {
    var put =
        client
            .cluster()
            .putSettings(
                s ->
                    s.flatSettings(true)
                        .transient_(
                            Map.of("cluster.routing.allocation.enable", JsonData.of("none"))));
    assertThat(put.transient_()).containsKey("cluster.routing.allocation.enable");
    var got = client.cluster().getSettings(s -> s.flatSettings(true));
    assertThat(got.transient_().get("cluster.routing.allocation.enable").to(String.class))
        .isEqualTo("none");
    assertThatThrownBy(
            () ->
                client
                    .cluster()
                    .putSettings(
                        s ->
                            s.persistent(
                                Map.of("search_backpressure.mode", JsonData.of("monitor-only")))))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e ->
                assertThat(e.getMessage())
                    .contains("Invalid SearchBackpressureMode: monitor-only"));
  }
}
