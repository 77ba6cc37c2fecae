package dev.duet.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import com.google.protobuf.Message;
import dev.duet.gateway.security.ApiKeys;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.CreatePitRequest;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.FieldValueArray;
import org.opensearch.protobufs.GeneralNumber;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.NumberRangeQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SortOrderMap;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.SourceFilter;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.TermsQuery;
import org.opensearch.protobufs.TermsQueryField;
import org.opensearch.protobufs.TrackHits;
import org.opensearch.protobufs.WriteOperation;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Adaptor mode in front of a Duet node's REST port only: the protobufs stubs' Bulk and Search
 * through the gateway answer what the node's own gRPC port answers — hits, totals, item statuses,
 * error statuses and their descriptions — and the gateway's rules still apply.
 */
class GatewayAdaptorTest {
  static final String KEY_A = "key-of-tenant-a-adaptor-0123";
  static final Metadata.Key<byte[]> DETAILS =
      Metadata.Key.of("grpc-status-details-bin", Metadata.BINARY_BYTE_MARSHALLER);

  @TempDir static Path dir;
  static DuetNode node;
  static Gateway gateway;
  static ManagedChannel directChannel;
  static ManagedChannel gatewayChannel;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dir.resolve("data")));
    Path config = dir.resolve("gateway.yaml");
    Files.writeString(
        config,
        """
        listen: {host: 127.0.0.1, rest_port: 0, grpc_port: 0, admin_port: 0}
        clusters:
          - name: rest-only
            mode: adaptor
            health_check_interval: 500ms
            nodes:
              - {rest: "127.0.0.1:%d"}
        tenants:
          - name: a
            api_keys: ["%s"]
            indices: ["a-*"]
            actions: [search, write, admin]
        """
            .formatted(node.httpPort(), ApiKeys.hash(KEY_A)));
    gateway = Gateway.start(config, Duration.ofMillis(200));
    directChannel = GrpcClients.channel(node.grpcPort());
    gatewayChannel = GrpcClients.channel(gateway.grpcPort());
    rest(
        "PUT",
        "/a-books",
        "{\"mappings\":{\"properties\":{\"title\":{\"type\":\"text\"},"
            + "\"tag\":{\"type\":\"keyword\"},\"year\":{\"type\":\"long\"}}}}");
    rest(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"a-books","_id":"g1"}}
        {"title":"quick grpc fox","tag":"grpc","year":2008}
        {"index":{"_index":"a-books","_id":"g2"}}
        {"title":"lazy grpc dog","tag":"shared","year":2012}
        {"index":{"_index":"a-books","_id":"r1"}}
        {"title":"quick rest fox jumps","tag":"rest","year":2001}
        {"index":{"_index":"a-books","_id":"r2"}}
        {"title":"rest over http","tag":"shared","year":2020}
        """);
  }

  @AfterAll
  static void stop() throws Exception {
    GrpcClients.close(directChannel);
    GrpcClients.close(gatewayChannel);
    if (gateway != null) {
      gateway.close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void searchesAnswerAsTheNodesGrpcPort() {
    List<SearchRequestBody.Builder> bodies =
        List.of(
            body().setQuery(match("title", "quick")),
            body()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setTerm(TermQuery.newBuilder().setField("tag").setValue(string("shared"))))
                .addSort(sortBy("year", SortOrder.SORT_ORDER_DESC))
                .setFrom(1)
                .setSize(1),
            body()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setBool(
                            BoolQuery.newBuilder()
                                .addShould(match("title", "fox"))
                                .addFilter(
                                    QueryContainer.newBuilder()
                                        .setTerms(
                                            TermsQuery.newBuilder()
                                                .putTerms(
                                                    "tag",
                                                    TermsQueryField.newBuilder()
                                                        .setValue(
                                                            FieldValueArray.newBuilder()
                                                                .addFieldValueArray(string("grpc"))
                                                                .addFieldValueArray(string("rest")))
                                                        .build())))
                                .addMustNot(
                                    QueryContainer.newBuilder()
                                        .setRange(
                                            RangeQuery.newBuilder()
                                                .setNumberRangeQuery(
                                                    NumberRangeQuery.newBuilder()
                                                        .setField("year")
                                                        .setGte(2005))))))
                .setXSource(
                    SourceConfig.newBuilder()
                        .setFilter(SourceFilter.newBuilder().addIncludes("title"))),
            body()
                .addSort(
                    SortCombinations.newBuilder()
                        .setOptions(
                            org.opensearch.protobufs.SortOptions.newBuilder()
                                .setXScore(
                                    org.opensearch.protobufs.ScoreSort.getDefaultInstance())))
                .addSort(sortBy("tag", SortOrder.SORT_ORDER_ASC))
                .setTrackTotalHits(TrackHits.newBuilder().setEnabled(false)));
    for (SearchRequestBody.Builder b : bodies) {
      SearchRequest request =
          SearchRequest.newBuilder().addIndex("a-books").setSearchRequestBody(b).build();
      assertThat(withoutTook(search(gatewayChannel, request)))
          .as("%s", request)
          .isEqualTo(withoutTook(search(directChannel, request)));
    }
    SearchRequest asInt =
        SearchRequest.newBuilder().addIndex("a-*").setTotalHitsAsInt(true).build();
    SearchResponse adapted = search(gatewayChannel, asInt);
    assertThat(withoutTook(adapted)).isEqualTo(withoutTook(search(directChannel, asInt)));
    assertThat(adapted.getHits().getTotal().getInt64()).isEqualTo(4);
  }

  @Test
  void fieldSortValuesAreTypedByTheFieldsMappingAsTheNodeTypesThem() {
    rest(
        "PUT",
        "/a-typed",
        "{\"mappings\":{\"properties\":{\"i\":{\"type\":\"integer\"},\"l\":{\"type\":\"long\"},"
            + "\"f\":{\"type\":\"float\"},\"d\":{\"type\":\"double\"},"
            + "\"o\":{\"properties\":{\"s\":{\"type\":\"short\"}}}}}}");
    rest(
        "POST",
        "/_bulk?refresh=true",
        """
        {"index":{"_index":"a-typed","_id":"1"}}
        {"i":5,"l":7,"f":1.5,"d":2.25,"o":{"s":3}}
        {"index":{"_index":"a-typed","_id":"2"}}
        {"i":-2,"l":8000000000,"f":2,"d":3,"o":{"s":4}}
        """);
    SearchRequest sorted =
        SearchRequest.newBuilder()
            .addIndex("a-typed")
            .setSearchRequestBody(
                body()
                    .addSort(sortBy("i", SortOrder.SORT_ORDER_ASC))
                    .addSort(sortBy("l", SortOrder.SORT_ORDER_ASC))
                    .addSort(sortBy("f", SortOrder.SORT_ORDER_ASC))
                    .addSort(sortBy("d", SortOrder.SORT_ORDER_ASC))
                    .addSort(sortBy("o.s", SortOrder.SORT_ORDER_ASC)))
            .build();

    SearchResponse adapted;
    SearchResponse direct;
    try {
      adapted = search(gatewayChannel, sorted);
      direct = search(directChannel, sorted);
    } finally {
      rest("DELETE", "/a-typed", null); // other tests count the hits of a-*
    }

    assertThat(withoutTook(adapted)).isEqualTo(withoutTook(direct));
    // As OpenSearch 3.8's transport-grpc types them (asked on its gRPC port): by the mapping,
    // not by the JSON number — 7 in a long field stays int64, 2 in a float field is a float.
    for (var hit : adapted.getHits().getHitsList()) {
      assertThat(hit.getSortList())
          .extracting(v -> v.getGeneralNumber().getValueCase())
          .containsExactly(
              GeneralNumber.ValueCase.INT32_VALUE,
              GeneralNumber.ValueCase.INT64_VALUE,
              GeneralNumber.ValueCase.FLOAT_VALUE,
              GeneralNumber.ValueCase.DOUBLE_VALUE,
              GeneralNumber.ValueCase.INT32_VALUE);
    }
    assertThat(adapted.getHits().getHits(0).getSort(0).getGeneralNumber().getInt32Value())
        .isEqualTo(-2);
    assertThat(adapted.getHits().getHits(0).getSort(2).getGeneralNumber().getFloatValue())
        .isEqualTo(2.0f);
  }

  @Test
  void searchesTheAdaptorCannotWriteAsRestAreUnimplementedNotTrimmed() {
    List<SearchRequestBody.Builder> bodies =
        List.of(
            body().setMinScore(0.5f),
            body()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setExists(
                            org.opensearch.protobufs.ExistsQuery.newBuilder().setField("title"))));
    for (SearchRequestBody.Builder b : bodies) {
      SearchRequest request =
          SearchRequest.newBuilder().addIndex("a-books").setSearchRequestBody(b).build();
      // The node itself answers them: only the translation is missing.
      assertThat(search(directChannel, request).getHits().getHitsCount()).isPositive();
      StatusRuntimeException refused = failure(() -> search(gatewayChannel, request));
      assertThat(refused.getStatus().getCode())
          .as("%s", request)
          .isEqualTo(Status.Code.UNIMPLEMENTED);
      assertThat(refused.getStatus().getDescription()).contains("not translated to REST");
    }
  }

  @Test
  void bulkItemsAnswerAsTheNodesGrpcPort() {
    Function<String, BulkRequest> bulk =
        index ->
            BulkRequest.newBuilder()
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(GatewayDuetTest.item(index, "1", "{\"n\":1,\"t\":\"one\"}"))
                // A multi-line source: NDJSON needs it on one line.
                .addBulkRequestBody(
                    GatewayDuetTest.item(index, "2", "{\n  \"n\": 2,\n  \"t\": \"two\"\n}"))
                .addBulkRequestBody(create(index, "1", "{\"n\":3}"))
                .addBulkRequestBody(GatewayDuetTest.item(index, "3", "{\"n\":\"not a number\"}"))
                .addBulkRequestBody(delete(index, "9"))
                .addBulkRequestBody(delete(index, "1"))
                .build();
    BulkResponse direct = bulk(directChannel, bulk.apply("a-direct"));
    BulkResponse adapted = bulk(gatewayChannel, bulk.apply("a-adapted"));

    assertThat(normalized(adapted, "a-adapted")).isEqualTo(normalized(direct, "a-direct"));
    assertThat(adapted.getErrors()).isTrue();
    assertThat(adapted.getItemsList())
        .extracting(
            i ->
                Status.fromCodeValue(
                        (i.hasIndex()
                                ? i.getIndex()
                                : i.hasCreate() ? i.getCreate() : i.getDelete())
                            .getStatus())
                    .getCode())
        .containsExactly(
            Status.Code.OK,
            Status.Code.OK,
            Status.Code.ABORTED,
            Status.Code.INVALID_ARGUMENT,
            Status.Code.NOT_FOUND,
            Status.Code.OK);
    String two = rest("GET", "/a-adapted/_doc/2", null);
    assertThat(two).contains("\"_source\":{\"n\":2,\"t\":\"two\"}");
  }

  @Test
  void errorsCarryTheNodesStatusAndDescription() {
    List<Runnable> directCalls = calls(directChannel);
    List<Runnable> gatewayCalls = calls(gatewayChannel);
    for (int i = 0; i < directCalls.size(); i++) {
      StatusRuntimeException expected = failure(directCalls.get(i));
      StatusRuntimeException actual = failure(gatewayCalls.get(i));
      assertThat(actual.getStatus().getCode()).isEqualTo(expected.getStatus().getCode());
      assertThat(actual.getStatus().getDescription())
          .isEqualTo(expected.getStatus().getDescription());
      assertThat(actual.getTrailers().get(DETAILS)).isEqualTo(expected.getTrailers().get(DETAILS));
    }
    assertThat(failure(directCalls.get(0)).getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    assertThat(failure(directCalls.get(0)).getStatus().getDescription())
        .startsWith("IndexNotFoundException[no such index [a-missing]]; details={\"error\":");
  }

  @Test
  void mixedBulkIsRefusedWholeAndOtherMethodsAreUnimplemented() {
    BulkRequest mixed =
        BulkRequest.newBuilder()
            .addBulkRequestBody(GatewayDuetTest.item("a-mixed", "1", "{\"f\":1}"))
            .addBulkRequestBody(GatewayDuetTest.item("b-mixed", "1", "{\"f\":1}"))
            .build();
    assertThat(failure(() -> bulk(gatewayChannel, mixed)).getStatus().getCode())
        .isEqualTo(Status.Code.PERMISSION_DENIED);
    assertThat(rest("GET", "/a-mixed/_doc/1", null)).contains("index_not_found_exception");

    StatusRuntimeException pit =
        failure(
            () ->
                GrpcClients.as(SearchServiceGrpc.newBlockingStub(gatewayChannel), auth())
                    .createPit(CreatePitRequest.newBuilder().addIndex("a-books").build()));
    assertThat(pit.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
    assertThat(pit.getStatus().getDescription()).contains("SearchService/CreatePit");
    StatusRuntimeException health =
        failure(
            () ->
                GrpcClients.as(HealthGrpc.newBlockingStub(gatewayChannel), auth())
                    .check(HealthCheckRequest.getDefaultInstance()));
    assertThat(health.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
    assertThat(health.getStatus().getDescription()).contains("Health/Check");

    assertThatThrownBy(
            () ->
                SearchServiceGrpc.newBlockingStub(gatewayChannel)
                    .search(SearchRequest.newBuilder().addIndex("a-books").build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
  }

  /** Failing calls: a REST-side error (missing index) and decoder refusals (bad size, no items). */
  private static List<Runnable> calls(ManagedChannel channel) {
    return List.of(
        () -> search(channel, SearchRequest.newBuilder().addIndex("a-missing").build()),
        () ->
            search(
                channel,
                SearchRequest.newBuilder()
                    .addIndex("a-books")
                    .setSearchRequestBody(body().setSize(-1))
                    .build()),
        () -> bulk(channel, BulkRequest.newBuilder().build()),
        () ->
            search(
                channel,
                SearchRequest.newBuilder()
                    .addIndex("a-books")
                    .setSearchRequestBody(
                        body()
                            .setQuery(
                                QueryContainer.newBuilder()
                                    .setTerm(
                                        TermQuery.newBuilder()
                                            .setField("year")
                                            .setValue(string("not-a-year")))))
                    .build()));
  }

  private static StatusRuntimeException failure(Runnable call) {
    try {
      call.run();
    } catch (StatusRuntimeException e) {
      return e;
    }
    throw new AssertionError("the call succeeded");
  }

  private static SearchResponse search(ManagedChannel channel, SearchRequest request) {
    return GrpcClients.as(SearchServiceGrpc.newBlockingStub(channel), authFor(channel))
        .search(request);
  }

  private static BulkResponse bulk(ManagedChannel channel, BulkRequest request) {
    return GrpcClients.as(DocumentServiceGrpc.newBlockingStub(channel), authFor(channel))
        .bulk(request);
  }

  private static String authFor(ManagedChannel channel) {
    return channel == gatewayChannel ? auth() : null;
  }

  private static String auth() {
    return Credentials.apiKey(KEY_A);
  }

  private static Message withoutTook(SearchResponse r) {
    return r.toBuilder().clearTook().build();
  }

  /** The response as text, index names and index UUIDs (which differ per index) made equal. */
  private static String normalized(BulkResponse r, String index) {
    return r.toBuilder()
        .clearTook()
        .build()
        .toString()
        .replace(index, "INDEX")
        .replaceAll("(key: \"index_uuid\"\\s*value \\{\\s*string: )\"[^\"]*\"", "$1\"*\"");
  }

  private static BulkRequestBody create(String index, String id, String source) {
    return BulkRequestBody.newBuilder()
        .setOperationContainer(
            OperationContainer.newBuilder()
                .setCreate(WriteOperation.newBuilder().setXIndex(index).setXId(id)))
        .setObject(ByteString.copyFrom(source, StandardCharsets.UTF_8))
        .build();
  }

  private static BulkRequestBody delete(String index, String id) {
    return BulkRequestBody.newBuilder()
        .setOperationContainer(
            OperationContainer.newBuilder()
                .setDelete(DeleteOperation.newBuilder().setXIndex(index).setXId(id)))
        .build();
  }

  private static QueryContainer match(String field, String text) {
    return QueryContainer.newBuilder()
        .setMatch(MatchQuery.newBuilder().setField(field).setQuery(string(text)))
        .build();
  }

  private static SortCombinations sortBy(String field, SortOrder order) {
    return SortCombinations.newBuilder()
        .setFieldWithDirection(SortOrderMap.newBuilder().putSortOrderMap(field, order))
        .build();
  }

  private static SearchRequestBody.Builder body() {
    return SearchRequestBody.newBuilder();
  }

  private static FieldValue string(String value) {
    return FieldValue.newBuilder().setString(value).build();
  }

  private static String rest(String method, String path, String body) {
    return HttpCalls.call(node.httpPort(), method, path, null, body).body();
  }
}
