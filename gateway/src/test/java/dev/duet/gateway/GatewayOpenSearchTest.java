package dev.duet.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The gateway in front of a real two-node OpenSearch 3.8.0 cluster (transport-grpc on both nodes),
 * started by {@code .ci/run} with {@code build/opensearch.sh} — {@code
 * -Dgateway.opensearch.nodes=9211:9411,9212:9412} by default. Requests are balanced over both
 * nodes; the opensearch-java client and the protobufs stubs get through the gateway what they get
 * from a node directly, errors included.
 */
@Tag("opensearch")
class GatewayOpenSearchTest {
  private static final String KEY = "key-of-tenant-os-0123456789";
  private static final List<int[]> NODES = nodes();
  private static Gateway gateway;
  private static OpenSearchClient direct;
  private static OpenSearchClient viaGateway;
  private static ManagedChannel directChannel;
  private static ManagedChannel gatewayChannel;

  @BeforeAll
  static void start() throws Exception {
    for (int[] node : NODES) {
      if (!listening(node[0]) || !listening(node[1])) {
        throw new IllegalStateException(
            "no OpenSearch node on http "
                + node[0]
                + " / grpc "
                + node[1]
                + "; start the cluster as .ci/run does: build/opensearch.sh start --http-port 9211"
                + " --grpc-port 9411 --cluster-name duet-gateway-os --multi-node, then --http-port"
                + " 9212 --grpc-port 9412 --cluster-name duet-gateway-os --join 9211");
      }
    }
    StringBuilder nodes = new StringBuilder();
    for (int[] node : NODES) {
      nodes.append(
          "      - {rest: \"127.0.0.1:%d\", grpc: \"127.0.0.1:%d\"}\n".formatted(node[0], node[1]));
    }
    gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: opensearch
                    mode: passthrough
                    health_check_interval: 1s
                    nodes:
                %s
                tenants:
                  - {name: os, api_keys: ["%s"], indices: ["gw-*"], actions: [search, write, admin]}
                """
                    .formatted(nodes, ApiKeys.hash(KEY)),
                null));
    direct = HttpCalls.client(NODES.get(0)[0], null);
    viaGateway = HttpCalls.client(gateway.restPort(), Credentials.apiKey(KEY));
    directChannel = GrpcClients.channel(NODES.get(0)[1]);
    gatewayChannel = GrpcClients.channel(gateway.grpcPort());
    for (String index : List.of("gw-rest", "gw-grpc")) {
      HttpCalls.call(NODES.get(0)[0], "DELETE", "/" + index, null, null);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    GrpcClients.close(directChannel);
    GrpcClients.close(gatewayChannel);
    if (viaGateway != null) {
      viaGateway._transport().close();
      direct._transport().close();
    }
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void bothNodesAreHealthyBehindTheGateway() {
    String metrics = HttpCalls.metrics(gateway.adminPort());
    assertThat(
            HttpCalls.metricValue(
                metrics, "duet_gateway_upstream_healthy_nodes", "upstream=\"opensearch\""))
        .isEqualTo(NODES.size());
  }

  @Test
  void restClientsGetTheSameAnswersThroughTheGateway() throws Exception {
    viaGateway
        .indices()
        .create(
            c ->
                c.index("gw-rest")
                    .settings(s -> s.numberOfShards(1).numberOfReplicas(1))
                    .mappings(m -> m.properties("title", p -> p.text(t -> t))));
    var bulk =
        viaGateway.bulk(
            b ->
                b.refresh(Refresh.True)
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("gw-rest")
                                        .id("1")
                                        .document(Map.of("title", "the left hand of darkness"))))
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("gw-rest")
                                        .id("2")
                                        .document(Map.of("title", "the dispossessed"))))
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("gw-rest")
                                        .id("3")
                                        .document(Map.of("title", "darkness at noon")))));
    assertThat(bulk.errors()).isFalse();
    HttpCalls.call(
        NODES.get(0)[0],
        "GET",
        "/_cluster/health/gw-rest?wait_for_status=green&timeout=30s",
        null,
        null);

    SearchResponse<Map> straight = search(direct);
    for (int i = 0; i < 4; i++) { // round robin: both nodes answer
      SearchResponse<Map> through = search(viaGateway);
      assertThat(through.hits().total().value())
          .isEqualTo(2)
          .isEqualTo(straight.hits().total().value());
      assertThat(through.hits().hits().stream().map(Hit::id).toList())
          .isEqualTo(straight.hits().hits().stream().map(Hit::id).toList());
      assertThat(through.hits().hits().stream().map(Hit::source).toList())
          .isEqualTo(straight.hits().hits().stream().map(Hit::source).toList());
    }
    assertThat(viaGateway.info().clusterName()).isEqualTo(direct.info().clusterName());

    // Errors pass through as the node wrote them.
    HttpResponse<String> missingThrough =
        HttpCalls.call(
            gateway.restPort(), "GET", "/gw-missing/_search", Credentials.apiKey(KEY), null);
    HttpResponse<String> missingDirect =
        HttpCalls.call(NODES.get(0)[0], "GET", "/gw-missing/_search", null, null);
    assertThat(missingThrough.statusCode()).isEqualTo(missingDirect.statusCode()).isEqualTo(404);
    JsonNode a = HttpCalls.json(missingThrough);
    JsonNode b = HttpCalls.json(missingDirect);
    assertThat(a.at("/error/type")).isEqualTo(b.at("/error/type"));
    assertThat(a.at("/error/reason")).isEqualTo(b.at("/error/reason"));
  }

  @Test
  void grpcStubsGetTheSameAnswersThroughTheGateway() throws Exception {
    HttpCalls.call(
        NODES.get(0)[0],
        "PUT",
        "/gw-grpc",
        null,
        "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":1}}");
    BulkResponse written =
        GrpcClients.as(DocumentServiceGrpc.newBlockingStub(gatewayChannel), Credentials.apiKey(KEY))
            .bulk(
                BulkRequest.newBuilder()
                    .setIndex("gw-grpc")
                    .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                    .addBulkRequestBody(item("g1", "{\"title\":\"quick brown fox\"}"))
                    .addBulkRequestBody(item("g2", "{\"title\":\"lazy brown dog\"}"))
                    .addBulkRequestBody(item("g3", "{\"title\":\"slow green turtle\"}"))
                    .build());
    assertThat(written.getErrors()).isFalse();
    HttpCalls.call(
        NODES.get(0)[0],
        "GET",
        "/_cluster/health/gw-grpc?wait_for_status=green&timeout=30s",
        null,
        null);

    SearchRequest search =
        SearchRequest.newBuilder()
            .addIndex("gw-grpc")
            .setSearchRequestBody(
                SearchRequestBody.newBuilder()
                    .setQuery(
                        QueryContainer.newBuilder()
                            .setMatch(
                                MatchQuery.newBuilder()
                                    .setField("title")
                                    .setQuery(
                                        org.opensearch.protobufs.FieldValue.newBuilder()
                                            .setString("brown")))))
            .build();
    var straight = SearchServiceGrpc.newBlockingStub(directChannel).search(search);
    List<Object> hitsThrough = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      var through =
          GrpcClients.as(SearchServiceGrpc.newBlockingStub(gatewayChannel), Credentials.apiKey(KEY))
              .search(search);
      assertThat(through.getHits().getTotal()).isEqualTo(straight.getHits().getTotal());
      hitsThrough.add(through.getHits().getHitsList());
    }
    assertThat(straight.getHits().getHitsCount()).isEqualTo(2);
    assertThat(hitsThrough)
        .allSatisfy(h -> assertThat(h).isEqualTo(straight.getHits().getHitsList()));

    // A forbidden index never reaches OpenSearch; a missing one is OpenSearch's own answer.
    assertThat(grpcSearchCode(gatewayChannel, "other-index", Credentials.apiKey(KEY)))
        .isEqualTo(Status.Code.PERMISSION_DENIED);
    assertThat(grpcSearchCode(gatewayChannel, "gw-missing", Credentials.apiKey(KEY)))
        .isEqualTo(grpcSearchCode(directChannel, "gw-missing", null));
  }

  private static Status.Code grpcSearchCode(
      ManagedChannel channel, String index, String authorization) {
    try {
      GrpcClients.as(SearchServiceGrpc.newBlockingStub(channel), authorization)
          .search(SearchRequest.newBuilder().addIndex(index).build());
      return Status.Code.OK;
    } catch (StatusRuntimeException e) {
      return e.getStatus().getCode();
    }
  }

  private static SearchResponse<Map> search(OpenSearchClient client) throws IOException {
    return client.search(
        s ->
            s.index("gw-rest")
                .query(q -> q.match(m -> m.field("title").query(v -> v.stringValue("darkness")))),
        Map.class);
  }

  private static BulkRequestBody item(String id, String source) {
    return BulkRequestBody.newBuilder()
        .setOperationContainer(
            OperationContainer.newBuilder().setIndex(IndexOperation.newBuilder().setXId(id)))
        .setObject(ByteString.copyFrom(source, StandardCharsets.UTF_8))
        .build();
  }

  static List<int[]> nodes() {
    List<int[]> out = new ArrayList<>();
    for (String node :
        System.getProperty("gateway.opensearch.nodes", "9211:9411,9212:9412").split(",")) {
      String[] ports = node.split(":");
      out.add(new int[] {Integer.parseInt(ports[0]), Integer.parseInt(ports[1])});
    }
    return out;
  }

  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
