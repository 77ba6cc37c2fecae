package dev.duet.gateway;

import static dev.duet.gateway.HttpCalls.JSON;
import static dev.duet.gateway.HttpCalls.call;
import static dev.duet.gateway.HttpCalls.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duet.gateway.security.ApiKeys;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The road from one machine to a cluster, end to end: an index on a Duet node moves into a real
 * two-node OpenSearch 3.8.0 cluster with OpenSearch's own {@code _reindex} from a remote (Duet as
 * the remote, answering the scroll and search parameters OpenSearch's remote reindex sends), every
 * document arrives unchanged, and the gateway's route for the index switches to the cluster by a
 * config reload, so a client of the gateway reads and writes the cluster without a change.
 *
 * <p>The cluster is the one {@code .ci/run} starts ({@code -Dgateway.opensearch.nodes}); its nodes
 * need {@code reindex.remote.allowlist} to cover loopback ({@code build/opensearch.sh --setting
 * 'reindex.remote.allowlist=["127.0.0.1:*"]'}).
 */
@Tag("opensearch")
class MoveToClusterOpenSearchTest {
  private static final String KEY = "key-of-tenant-move-0123456789";
  private static final String INDEX = "mv-books";
  private static final int DOCS = 1_234;

  @TempDir static Path dir;
  private static List<int[]> cluster;
  private static DuetNode duet;
  private static Gateway gateway;
  private static Path configFile;

  @BeforeAll
  static void start() throws Exception {
    cluster = GatewayOpenSearchTest.nodes();
    duet = DuetNode.start(NodeConfig.ephemeral(dir.resolve("duet")));
    call(cluster.get(0)[0], "DELETE", "/" + INDEX + "*", null, null);
    configFile = dir.resolve("gateway.yaml");
    Files.writeString(configFile, config("duet"));
    gateway = Gateway.start(configFile, Duration.ofMillis(100));
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
    if (duet != null) {
      duet.close();
    }
    if (cluster != null) {
      call(cluster.get(0)[0], "DELETE", "/" + INDEX + "*", null, null);
    }
  }

  @Test
  void anIndexMovesFromDuetToTheClusterAndTheGatewayFollowsIt() throws Exception {
    int duetPort = duet.httpPort();
    int clusterPort = cluster.get(0)[0];

    // 1. The index lives on Duet, written through the gateway as its clients write it.
    expect(
        gatewayCall(
            "PUT",
            "/" + INDEX,
            """
            {"mappings":{"properties":{"title":{"type":"text"},"tag":{"type":"keyword"},
             "n":{"type":"long"},"price":{"type":"double"},"when":{"type":"date"},
             "author":{"properties":{"name":{"type":"keyword"}}}}}}"""),
        200);
    Map<String, JsonNode> written = new HashMap<>();
    StringBuilder bulk = new StringBuilder();
    for (int i = 0; i < DOCS; i++) {
      ObjectNode doc = JSON.createObjectNode();
      doc.put("title", "book number " + i + (i % 7 == 0 ? " — ünïcödé" : ""));
      doc.put("tag", "t" + i % 5);
      doc.put("n", (long) i * 1_000_003L);
      doc.put("price", i / 4.0);
      doc.put("when", "2026-12-0" + (1 + i % 7) + "T10:00:00Z");
      doc.putObject("author").put("name", "author-" + i % 11);
      doc.putArray("tags").add("x").add(i);
      String id = i % 3 == 0 ? "doc-" + i : Integer.toString(i);
      // As a reader parses it back (1000003 is an int node there, not the long node put here).
      written.put(id, JSON.readTree(JSON.writeValueAsString(doc)));
      bulk.append("{\"index\":{\"_index\":\"")
          .append(INDEX)
          .append("\",\"_id\":\"")
          .append(id)
          .append("\"}}\n")
          .append(JSON.writeValueAsString(doc))
          .append('\n');
    }
    JsonNode indexed =
        json(expect(gatewayCall("POST", "/_bulk?refresh=true", bulk.toString()), 200));
    assertThat(indexed.get("errors").asBoolean()).isFalse();
    assertThat(count(duetPort)).isEqualTo(DOCS);
    assertThat(shardsSearched()).as("the gateway routes the index to Duet").isEqualTo(1);

    // 2. Writes stop; the cluster gets the mapping and reindexes from Duet as from a remote.
    expect(
        call(duetPort, "PUT", "/" + INDEX + "/_settings", null, "{\"index.blocks.write\":true}"),
        200);
    JsonNode mappings =
        json(expect(call(duetPort, "GET", "/" + INDEX + "/_mapping", null, null), 200))
            .get(INDEX)
            .get("mappings");
    expect(
        call(
            clusterPort,
            "PUT",
            "/" + INDEX,
            null,
            "{\"settings\":{\"number_of_shards\":2,\"number_of_replicas\":1},\"mappings\":"
                + mappings
                + "}"),
        200);
    JsonNode reindexed =
        json(
            expect(
                call(
                    clusterPort,
                    "POST",
                    "/_reindex?refresh=true",
                    null,
                    """
                    {"source":{"remote":{"host":"http://127.0.0.1:%d"},"index":"%s","size":100},
                     "dest":{"index":"%s"}}"""
                        .formatted(duetPort, INDEX, INDEX)),
                200));
    assertThat(reindexed.get("failures")).isEmpty();
    assertThat(reindexed.get("total").asInt()).isEqualTo(DOCS);
    assertThat(reindexed.get("created").asInt()).isEqualTo(DOCS);
    assertThat(reindexed.get("batches").asInt()).as("scrolled in pages of 100").isEqualTo(13);

    // 3. Every document arrived, unchanged, on the cluster.
    assertThat(count(clusterPort)).isEqualTo(DOCS);
    assertSameDocuments(sources(clusterPort), written);
    assertSameDocuments(sources(duetPort), written);

    // 4. The route switches; the same client, through the same gateway, now meets the cluster.
    Files.writeString(configFile, config("opensearch"));
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (shardsSearched() != 2) {
      assertThat(System.nanoTime()).as("the gateway reloaded its routes").isLessThan(deadline);
      Thread.sleep(100);
    }
    JsonNode got = json(expect(gatewayCall("GET", "/" + INDEX + "/_doc/doc-3", null), 200));
    assertThat(got.get("_source")).isEqualTo(written.get("doc-3"));
    assertThat(
            json(gatewayCall(
                    "POST", "/" + INDEX + "/_count", "{\"query\":{\"term\":{\"tag\":\"t2\"}}}"))
                .get("count")
                .asInt())
        .isEqualTo(
            (int)
                written.values().stream().filter(d -> d.get("tag").asText().equals("t2")).count());

    // Writes through the gateway land on the cluster, not on Duet.
    expect(
        gatewayCall("PUT", "/" + INDEX + "/_doc/after-move?refresh=true", "{\"title\":\"moved\"}"),
        201);
    expect(call(clusterPort, "GET", "/" + INDEX + "/_doc/after-move", null, null), 200);
    expect(call(duetPort, "GET", "/" + INDEX + "/_doc/after-move", null, null), 404);

    // gRPC callers of the gateway change nothing either: the cluster's transport-grpc answers.
    ManagedChannel channel = GrpcClients.channel(gateway.grpcPort());
    try {
      SearchResponse found =
          GrpcClients.as(SearchServiceGrpc.newBlockingStub(channel), Credentials.apiKey(KEY))
              .search(
                  SearchRequest.newBuilder()
                      .addIndex(INDEX)
                      .setSearchRequestBody(
                          SearchRequestBody.newBuilder()
                              .setQuery(
                                  QueryContainer.newBuilder()
                                      .setMatch(
                                          MatchQuery.newBuilder()
                                              .setField("title")
                                              .setQuery(
                                                  FieldValue.newBuilder().setString("moved")))))
                      .build());
      assertThat(found.getHits().getHitsCount()).isEqualTo(1);
      assertThat(found.getHits().getHits(0).getXId()).isEqualTo("after-move");
      assertThat(found.getXShards().getTotal()).isEqualTo(2);
    } finally {
      GrpcClients.close(channel);
    }
  }

  private static String config(String route) {
    StringBuilder nodes = new StringBuilder();
    for (int[] node : cluster) {
      nodes.append(
          "      - {rest: \"127.0.0.1:%d\", grpc: \"127.0.0.1:%d\"}\n".formatted(node[0], node[1]));
    }
    return """
        listen: {host: 127.0.0.1, rest_port: 0, grpc_port: 0, admin_port: 0}
        clusters:
          - name: duet
            mode: passthrough
            health_check_interval: 500ms
            nodes:
              - {rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}
          - name: opensearch
            mode: passthrough
            health_check_interval: 500ms
            nodes:
        %s
        tenants:
          - {name: mover, api_keys: ["%s"], indices: ["mv-*"], actions: [search, write, admin]}
        routes:
          - {indices: ["mv-*"], cluster: %s}
        """
        .formatted(duet.httpPort(), duet.grpcPort(), nodes, ApiKeys.hash(KEY), route);
  }

  private static HttpResponse<String> gatewayCall(String method, String path, String body) {
    return call(gateway.restPort(), method, path, Credentials.apiKey(KEY), body);
  }

  /** Shard copies a search through the gateway reaches: 1 on Duet, 2 on the cluster's index. */
  private static int shardsSearched() {
    return json(expect(gatewayCall("POST", "/" + INDEX + "/_search?size=0", "{}"), 200))
        .get("_shards")
        .get("total")
        .asInt();
  }

  private static int count(int port) {
    return json(expect(call(port, "GET", "/" + INDEX + "/_count", null, null), 200))
        .get("count")
        .asInt();
  }

  /** Every document of the index by id, read with a plain search (DOCS is under 10,000). */
  private static Map<String, JsonNode> sources(int port) {
    JsonNode hits =
        json(expect(call(port, "POST", "/" + INDEX + "/_search?size=10000", null, "{}"), 200))
            .get("hits")
            .get("hits");
    Map<String, JsonNode> out = new HashMap<>();
    for (JsonNode hit : hits) {
      out.put(hit.get("_id").asText(), hit.get("_source"));
    }
    return out;
  }

  /**
   * Same ids, and each id's source equal; a failure names the differing ids, not every document.
   */
  private static void assertSameDocuments(
      Map<String, JsonNode> actual, Map<String, JsonNode> expected) {
    assertThat(actual.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
    List<String> differing =
        expected.keySet().stream()
            .filter(id -> !expected.get(id).equals(actual.get(id)))
            .map(id -> id + ": " + actual.get(id) + " (expected: " + expected.get(id) + ")")
            .limit(5)
            .toList();
    assertThat(differing).isEmpty();
  }

  private static HttpResponse<String> expect(HttpResponse<String> response, int status) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return response;
  }
}
