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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.indices.IndicesStatsResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * {@code _stats} and {@code _nodes/stats} over a real socket: opensearch-java parses every section
 * of OpenSearch's shape, and the figures are the engine's counters moved by the calls before.
 */
class IndexStatsApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
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
    client.indices().create(c -> c.index("counted"));
    client.index(i -> i.index("counted").id("1").document(Map.of("t", "a")).refresh(Refresh.True));
    client.index(i -> i.index("counted").id("2").document(Map.of("t", "b")));
    client.get(g -> g.index("counted").id("1"), Map.class);
    client.get(g -> g.index("counted").id("nope"), Map.class);
    http.send("POST", "/counted/_search", "{\"stats\":[\"bar\",\"baz\"]}");
    client.update(u -> u.index("counted").id("1").doc(Map.of("t", "a")), Map.class); // a noop
    // Doc 2 becomes searchable here, not at whichever periodic refresh the test meets.
    client.indices().refresh(r -> r.index("counted"));
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
  void theClientReadsEverySectionWithTheEnginesFigures() throws Exception {
    IndicesStatsResponse stats = client.indices().stats(s -> s.index("counted"));
    var primaries = stats.indices().get("counted").primaries();
    assertThat(primaries.indexing().indexTotal()).isEqualTo(2);
    assertThat(primaries.indexing().noopUpdateTotal()).isEqualTo(1);
    assertThat(primaries.get().total()).isEqualTo(2);
    assertThat(primaries.get().existsTotal()).isEqualTo(1);
    assertThat(primaries.get().missingTotal()).isEqualTo(1);
    assertThat(primaries.search().queryTotal()).isEqualTo(1);
    assertThat(primaries.search().fetchTotal()).isEqualTo(1);
    assertThat(primaries.refresh().total()).isPositive();
    assertThat(primaries.translog().operations()).isEqualTo(2);
    assertThat(primaries.segments().count()).isPositive();
    assertThat(stats.all().total().docs().count()).isEqualTo(2);
  }

  @Test
  void searchGroupsShardsAndHumanTimesAsOpenSearchShowsThem() throws Exception {
    JsonNode all =
        JSON.readTree(
            http.send("GET", "/counted/_stats?groups=*r&level=shards&human", null).body());
    JsonNode search = all.at("/_all/total/search");
    assertThat(search.at("/groups/bar/query_total").asLong()).isEqualTo(1);
    assertThat(search.at("/groups").has("baz")).isFalse();
    assertThat(all.at("/_all/primaries/get/time").isTextual()).isTrue();
    assertThat(all.at("/_all/primaries/get/getTime").isTextual()).isTrue();
    assertThat(all.at("/_all/primaries/get/time_in_millis").isNumber()).isTrue();
    JsonNode shard = all.at("/indices/counted/shards/0/0");
    assertThat(shard.at("/routing/primary").asBoolean()).isTrue();
    assertThat(shard.at("/commit/id").asText()).isNotEmpty();
    assertThat(shard.at("/docs/count").asLong()).isEqualTo(2);
  }

  @Test
  void segmentFileSizesOnlyWhenTheSegmentsAreAsked() throws Exception {
    JsonNode sizes =
        JSON.readTree(
                http.send("GET", "/_stats/segments?include_segment_file_sizes=true", null).body())
            .at("/_all/total/segments/file_sizes");
    assertThat(sizes.size()).isPositive();
    // Small segments are compound files: their parts are inside the .cfs.
    assertThat(sizes.at("/si/description").asText()).isEqualTo("Segment Info");
    sizes.forEach(size -> assertThat(size.path("size_in_bytes").asLong()).isPositive());
    assertThatThrownBy(
            () ->
                client
                    .indices()
                    .stats(
                        s ->
                            s.metric(
                                    org.opensearch.client.opensearch.indices.stats
                                        .IndicesStatsMetric.Docs)
                                .includeSegmentFileSizes(true)))
        .isInstanceOf(OpenSearchException.class)
        .hasMessageContaining("unrecognized parameter: [include_segment_file_sizes]");
  }

  @Test
  void nodesStatsIndicesComeFromTheSameCounters() throws Exception {
    var nodes =
        client
            .nodes()
            .stats(
                s ->
                    s.metric(
                        org.opensearch.client.opensearch.nodes.stats.NodesStatsMetric.Indices));
    var indices = nodes.nodes().get(node.actions().nodeId()).indices();
    assertThat(indices.indexing().indexTotal()).isGreaterThanOrEqualTo(2);
    assertThat(indices.search().queryTotal()).isGreaterThanOrEqualTo(1);
    assertThat(indices.get().total()).isGreaterThanOrEqualTo(2);
  }
}
