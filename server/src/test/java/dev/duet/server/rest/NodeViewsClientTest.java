package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.cat.nodes.NodesRecord;
import org.opensearch.client.opensearch.cat.shards.ShardsRecord;
import org.opensearch.client.opensearch.indices.GetFieldMappingResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * The node and cluster views ({@code _nodes}, {@code _cluster/state}, {@code _cluster/stats},
 * {@code _mapping/field}, the node {@code _cat} tables), read by opensearch-java over a real
 * socket: the client parses OpenSearch's shapes, and the figures are the JVM's, the OS's and the
 * engine's.
 */
class NodeViewsClientTest {
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static RestClient http;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    http = new RestClient(node.httpPort());
    client
        .indices()
        .create(
            c ->
                c.index("views")
                    .settings(s -> s.numberOfShards(1).numberOfReplicas(1))
                    .mappings(
                        m ->
                            m.properties(
                                    "title",
                                    p -> p.text(t -> t.fields("raw", f -> f.keyword(k -> k))))
                                .properties(
                                    "meta",
                                    p ->
                                        p.object(
                                            o -> o.properties("year", y -> y.integer(i -> i))))));
    client.index(
        i ->
            i.index("views")
                .id("1")
                .document(Map.of("title", "Dune", "meta", Map.of("year", 1965)))
                .refresh(Refresh.True));
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

  @Test
  void nodesInfoNamesTheNodeWithTheJvmAndTheListeners() throws Exception {
    String id = node.actions().nodeId();
    var me = JSON.readTree(http.send("GET", "/_nodes").body()).path("nodes").path(id);
    assertThat(me.path("name").asText()).isEqualTo(node.config().nodeName());
    assertThat(me.path("jvm").path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
    assertThat(me.path("jvm").path("mem").path("heap_max_in_bytes").asLong())
        .isEqualTo(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax());
    assertThat(me.path("http").path("publish_address").asText())
        .isEqualTo("127.0.0.1:" + node.httpPort());

    // A lone metric name is a section of every node; an id that is no node selects none.
    var onlyHttp = JSON.readTree(http.send("GET", "/_nodes/http").body()).path("nodes").path(id);
    assertThat(onlyHttp.has("http")).isTrue();
    assertThat(onlyHttp.has("jvm")).isFalse();
    assertThat(http.send("GET", "/_nodes/nope").body()).contains("\"nodes\":{}");
    assertThat(http.send("GET", "/_nodes/data:true").body()).contains("\"" + id + "\"");
    assertThat(http.send("GET", "/_nodes/data:false").body()).contains("\"nodes\":{}");
  }

  @Test
  void nodesStatsCarryTheEnginesCountsAndThePlatformsFigures() throws Exception {
    var me =
        JSON.readTree(http.send("GET", "/_nodes/stats").body())
            .path("nodes")
            .path(node.actions().nodeId());
    assertThat(me.at("/indices/docs/count").asLong()).isEqualTo(1);
    assertThat(me.at("/indices/store/size_in_bytes").asLong()).isPositive();
    assertThat(me.at("/jvm/threads/count").asLong()).isPositive();
    assertThat(me.at("/os/mem/total_in_bytes").asLong()).isPositive();
    assertThat(me.at("/fs/total/total_in_bytes").asLong()).isPositive();
    assertThat(me.at("/thread_pool/search").isObject()).isTrue();
    assertThat(me.at("/thread_pool/write").isObject()).isTrue();

    String local = http.send("GET", "/_nodes/_local/stats/jvm").body();
    assertThat(local).contains("\"jvm\"").doesNotContain("\"os\"").doesNotContain("\"indices\"");
    var unknown = http.send("GET", "/_nodes/stats/transprot");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.body())
        .contains(
            "request [/_nodes/stats/transprot] contains unrecognized metric: [transprot] -> did"
                + " you mean [transport]?");
    String one = http.send("GET", "/_nodes/stats/indices/docs?level=indices").body();
    assertThat(one).contains("\"views\":{\"docs\":{\"count\":1").doesNotContain("\"store\"");
  }

  @Test
  void clusterStateShowsTheEnginesMetadataAndRoutesPrimariesHere() throws Exception {
    var state = client.cluster().state(s -> s).valueBody().toJson().asJsonObject();
    assertThat(state.getString("cluster_name")).isEqualTo(node.config().clusterName());
    assertThat(state.getString("cluster_manager_node")).isEqualTo(node.actions().nodeId());
    String body = http.send("GET", "/_cluster/state/metadata,routing_table/views").body();
    assertThat(body)
        .contains("\"title\":{\"type\":\"text\",\"fields\":{\"raw\":{\"type\":\"keyword\"}}}")
        .contains("\"state\":\"STARTED\",\"primary\":true")
        .contains("\"state\":\"UNASSIGNED\",\"primary\":false")
        .doesNotContain("\"nodes\"");
    String blocks = http.send("GET", "/_cluster/state/blocks").body();
    assertThat(blocks).endsWith("\"blocks\":{}}");
    var missing = http.send("GET", "/_cluster/state/metadata/nope?ignore_unavailable=false");
    assertThat(missing.status()).isEqualTo(404);
  }

  @Test
  void clusterStateShowsAClosedIndexClosedAndBlocked() throws Exception {
    client.indices().create(c -> c.index("shut"));
    client.indices().close(c -> c.index("shut"));
    try {
      String body = http.send("GET", "/_cluster/state/metadata,blocks/shut,views").body();
      assertThat(body)
          .contains("\"shut\":{\"routing_num_shards\":1024,\"state\":\"close\"")
          .contains("\"views\":{\"routing_num_shards\":1024,\"state\":\"open\"")
          .contains(
              "\"blocks\":{\"indices\":{\"shut\":{\"4\":{\"description\":\"index closed\","
                  + "\"retryable\":false,\"levels\":[\"read\",\"write\"]}}}}");
    } finally {
      client.indices().delete(d -> d.index("shut"));
    }
  }

  @Test
  void fieldMappingFindsLeavesAndMultiFieldsByFullPath() throws Exception {
    GetFieldMappingResponse got =
        client.indices().getFieldMapping(f -> f.index("views").fields("*.raw", "meta.year"));
    var mappings = got.result().get("views").mappings();
    assertThat(mappings.keySet()).containsExactlyInAnyOrder("title.raw", "meta.year");
    assertThat(mappings.get("meta.year").fullName()).isEqualTo("meta.year");
    String none = http.send("GET", "/views/_mapping/field/meta").body();
    assertThat(none).isEqualTo("{\"views\":{\"mappings\":{}}}");
    assertThatThrownBy(() -> client.indices().getFieldMapping(f -> f.index("nope").fields("a")))
        .isInstanceOf(OpenSearchException.class)
        .hasMessageContaining("index_not_found_exception");
  }

  @Test
  void catTablesListTheNodeAndItsShards() throws Exception {
    List<NodesRecord> nodes = client.cat().nodes(n -> n).valueBody();
    assertThat(nodes).hasSize(1);
    assertThat(nodes.get(0).name()).isEqualTo(node.config().nodeName());
    assertThat(nodes.get(0).clusterManager()).isEqualTo("*");
    List<ShardsRecord> shards = client.cat().shards(s -> s.index("views")).valueBody();
    assertThat(shards)
        .extracting(ShardsRecord::prirep, ShardsRecord::state, ShardsRecord::docs)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("p", "STARTED", "1"),
            org.assertj.core.groups.Tuple.tuple("r", "UNASSIGNED", null));
    String allocation =
        http.send("GET", "/_cat/allocation?bytes=b&h=shards,disk.indices,node").body();
    long store = client.indices().stats(s -> s.index("views")).all().total().store().sizeInBytes();
    assertThat(allocation).contains("1 " + store + " " + node.config().nodeName());
    assertThat(http.send("GET", "/_cat/thread_pool/write?h=name,type,size").body())
        .startsWith("write fixed");
  }

  @Test
  void clusterStatsSumTheIndicesAndTheNode() throws Exception {
    var stats = JSON.readTree(http.send("GET", "/_cluster/stats").body());
    assertThat(stats.at("/indices/count").asInt()).isEqualTo(1);
    assertThat(stats.at("/indices/docs/count").asLong()).isEqualTo(1);
    assertThat(stats.at("/nodes/count/total").asInt()).isEqualTo(1);
    assertThat(stats.path("status").asText()).isEqualTo("yellow");
  }

  @Test
  void votingExclusionsOfOtherNodesAreKeptAndOfThisNodeTimeOut() throws Exception {
    assertThat(http.send("POST", "/_cluster/voting_config_exclusions?node_ids=other").status())
        .isEqualTo(200);
    assertThat(http.send("GET", "/_cluster/state/metadata").body())
        .contains(
            "\"voting_config_exclusions\":[{\"node_id\":\"other\",\"node_name\":\"_absent_\"}]");
    assertThat(http.send("DELETE", "/_cluster/voting_config_exclusions").status()).isEqualTo(200);
    var self =
        http.send(
            "POST", "/_cluster/voting_config_exclusions?node_names=" + node.config().nodeName());
    assertThat(self.status()).isEqualTo(504);
    assertThat(http.send("DELETE", "/_cluster/voting_config_exclusions").status()).isEqualTo(504);
    assertThat(
            http.send("DELETE", "/_cluster/voting_config_exclusions?wait_for_removal=false")
                .status())
        .isEqualTo(200);
    assertThat(http.send("GET", "/_cluster/state/metadata").body())
        .contains("\"voting_config_exclusions\":[]");
    assertThat(http.send("POST", "/_cluster/voting_config_exclusions").status()).isEqualTo(400);
  }

  @Test
  void rerouteRefusesEveryCommandAndExplainsWhy() throws Exception {
    String explain =
        http.send(
                "POST",
                "/_cluster/reroute?explain=true&dry_run=true&metric=none",
                "{\"commands\":[{\"cancel\":{\"index\":\"views\",\"shard\":9,\"node\":\"x\"}}]}")
            .body();
    assertThat(explain)
        .contains("\"decider\":\"cancel_allocation_command\",\"decision\":\"NO\"")
        .contains("\"allow_primary\":false");
    var refused =
        http.send(
            "POST",
            "/_cluster/reroute",
            "{\"commands\":[{\"cancel\":{\"index\":\"views\",\"shard\":9,\"node\":\"x\"}}]}");
    assertThat(refused.status()).isEqualTo(400);
    assertThat(http.send("POST", "/_cluster/reroute").body()).doesNotContain("\"metadata\"");
  }
}
