package dev.duet.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.GeneralNumber;
import org.opensearch.protobufs.HitsMetadata;
import org.opensearch.protobufs.Item;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.ResponseItem;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SortOrderMap;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Adaptor mode in front of real OpenSearch 3.8.0 (the cluster {@link GatewayOpenSearchTest} uses;
 * {@code -Dgateway.opensearch.nodes}): the gateway reaches only its REST ports, yet the protobufs
 * stubs get what OpenSearch's own transport-grpc answers — hits, totals, item statuses, error
 * codes.
 */
@Tag("opensearch")
class GatewayAdaptorOpenSearchTest {
  private static final String KEY = "key-of-tenant-os-adaptor-0123";
  private static final String SETTINGS =
      "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0}}";
  private static List<int[]> nodes;
  private static Gateway gateway;
  private static ManagedChannel directChannel;
  private static ManagedChannel gatewayChannel;

  @BeforeAll
  static void start() throws Exception {
    nodes = GatewayOpenSearchTest.nodes();
    StringBuilder rest = new StringBuilder();
    for (int[] node : nodes) {
      rest.append("      - {rest: \"127.0.0.1:%d\"}\n".formatted(node[0]));
    }
    gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: opensearch-rest
                    mode: adaptor
                    health_check_interval: 1s
                    nodes:
                %s
                tenants:
                  - {name: os, api_keys: ["%s"], indices: ["gwa-*"], actions: [search, write, admin]}
                """
                    .formatted(rest, ApiKeys.hash(KEY)),
                null));
    directChannel = GrpcClients.channel(nodes.get(0)[1]);
    gatewayChannel = GrpcClients.channel(gateway.grpcPort());
    for (String index : List.of("gwa-direct", "gwa-adapted", "gwa-books", "gwa-typed")) {
      rest("DELETE", "/" + index, null);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    GrpcClients.close(directChannel);
    GrpcClients.close(gatewayChannel);
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void bulkItemsAnswerAsOpenSearchsGrpc() {
    for (String index : List.of("gwa-direct", "gwa-adapted")) {
      rest("PUT", "/" + index, SETTINGS);
      rest("PUT", "/" + index + "/_mapping", "{\"properties\":{\"n\":{\"type\":\"long\"}}}");
    }
    BulkResponse direct = bulk(directChannel, items("gwa-direct"));
    BulkResponse adapted = bulk(gatewayChannel, items("gwa-adapted"));

    assertThat(adapted.getErrors()).isEqualTo(direct.getErrors()).isTrue();
    assertThat(adapted.getItemsList().stream().map(GatewayAdaptorOpenSearchTest::summary).toList())
        .isEqualTo(
            direct.getItemsList().stream()
                .map(GatewayAdaptorOpenSearchTest::summary)
                .map(s -> s.replace("gwa-direct", "gwa-adapted"))
                .toList());
  }

  @Test
  void searchesAndErrorsAnswerAsOpenSearchsGrpc() {
    rest("PUT", "/gwa-books", SETTINGS);
    rest(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"gwa-books","_id":"1"}}
        {"title":"quick brown fox"}
        {"index":{"_index":"gwa-books","_id":"2"}}
        {"title":"lazy dog"}
        {"index":{"_index":"gwa-books","_id":"3"}}
        {"title":"quick dog"}
        """);
    SearchRequest quick =
        SearchRequest.newBuilder()
            .addIndex("gwa-books")
            .setSearchRequestBody(
                SearchRequestBody.newBuilder()
                    .setQuery(
                        QueryContainer.newBuilder()
                            .setMatch(
                                MatchQuery.newBuilder()
                                    .setField("title")
                                    .setQuery(
                                        org.opensearch.protobufs.FieldValue.newBuilder()
                                            .setString("quick")))))
            .build();
    HitsMetadata direct = search(directChannel, quick).getHits();
    HitsMetadata adapted = search(gatewayChannel, quick).getHits();
    assertThat(adapted).isEqualTo(direct);
    assertThat(adapted.getHitsCount()).isEqualTo(2);

    SearchRequest missing = SearchRequest.newBuilder().addIndex("gwa-missing").build();
    Status.Code directCode = code(() -> search(directChannel, missing));
    assertThat(directCode).isEqualTo(Status.Code.NOT_FOUND);
    assertThat(code(() -> search(gatewayChannel, missing))).isEqualTo(directCode);
  }

  @Test
  void fieldSortValuesAreTypedAsOpenSearchsGrpcTypesThem() {
    rest(
        "PUT",
        "/gwa-typed",
        "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0},"
            + "\"mappings\":{\"properties\":{\"i\":{\"type\":\"integer\"},"
            + "\"l\":{\"type\":\"long\"},\"f\":{\"type\":\"float\"},"
            + "\"d\":{\"type\":\"double\"},\"h\":{\"type\":\"half_float\"},"
            + "\"o\":{\"properties\":{\"s\":{\"type\":\"short\"}}}}}}");
    rest(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"gwa-typed","_id":"1"}}
        {"i":5,"l":7,"f":1.5,"d":2.25,"h":0.5,"o":{"s":3}}
        {"index":{"_index":"gwa-typed","_id":"2"}}
        {"i":-2,"l":8000000000,"f":2,"d":3,"h":1,"o":{"s":4}}
        """);
    SearchRequestBody.Builder body = SearchRequestBody.newBuilder();
    for (String field : List.of("i", "l", "f", "d", "h", "o.s")) {
      body.addSort(
          SortCombinations.newBuilder()
              .setFieldWithDirection(
                  SortOrderMap.newBuilder().putSortOrderMap(field, SortOrder.SORT_ORDER_ASC)));
    }
    SearchRequest sorted =
        SearchRequest.newBuilder().addIndex("gwa-typed").setSearchRequestBody(body).build();

    HitsMetadata direct = search(directChannel, sorted).getHits();
    HitsMetadata adapted = search(gatewayChannel, sorted).getHits();

    assertThat(adapted).isEqualTo(direct);
    assertThat(adapted.getHits(0).getSortList())
        .extracting(v -> v.getGeneralNumber().getValueCase())
        .containsExactly(
            GeneralNumber.ValueCase.INT32_VALUE,
            GeneralNumber.ValueCase.INT64_VALUE,
            GeneralNumber.ValueCase.FLOAT_VALUE,
            GeneralNumber.ValueCase.DOUBLE_VALUE,
            GeneralNumber.ValueCase.FLOAT_VALUE,
            GeneralNumber.ValueCase.INT32_VALUE);
  }

  private static BulkRequest items(String index) {
    return BulkRequest.newBuilder()
        .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
        .addBulkRequestBody(GatewayDuetTest.item(index, "1", "{\"n\":1}"))
        .addBulkRequestBody(GatewayDuetTest.item(index, "2", "{\"n\":\"not a number\"}"))
        .addBulkRequestBody(GatewayDuetTest.item(index, "1", "{\"n\":2}"))
        .build();
  }

  /** What a client reads from an item: operation, index, id, status code, result, error type. */
  private static String summary(Item item) {
    ResponseItem r =
        item.hasIndex() ? item.getIndex() : item.hasCreate() ? item.getCreate() : item.getDelete();
    return item.getItemCase()
        + " "
        + r.getXIndex()
        + "/"
        + r.getXId()
        + " status="
        + r.getStatus()
        + " result="
        + r.getResult()
        + " version="
        + r.getXVersion()
        + " error="
        + (r.hasError() ? r.getError().getType() : "-");
  }

  private static Status.Code code(Runnable call) {
    try {
      call.run();
      return Status.Code.OK;
    } catch (StatusRuntimeException e) {
      return e.getStatus().getCode();
    }
  }

  private static org.opensearch.protobufs.SearchResponse search(
      ManagedChannel channel, SearchRequest request) {
    return GrpcClients.as(SearchServiceGrpc.newBlockingStub(channel), auth(channel))
        .search(request);
  }

  private static BulkResponse bulk(ManagedChannel channel, BulkRequest request) {
    return GrpcClients.as(DocumentServiceGrpc.newBlockingStub(channel), auth(channel))
        .bulk(request);
  }

  private static String auth(ManagedChannel channel) {
    return channel == gatewayChannel ? Credentials.apiKey(KEY) : null;
  }

  private static String rest(String method, String path, String body) {
    return HttpCalls.call(nodes.get(0)[0], method, path, null, body).body();
  }
}
