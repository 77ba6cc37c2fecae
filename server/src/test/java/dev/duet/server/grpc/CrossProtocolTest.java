package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.SearchRequest;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.FieldValueArray;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.MatchAllQuery;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.NumberRangeQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.ResponseItem;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOrderMap;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.SourceFilter;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.TermsQuery;
import org.opensearch.protobufs.TermsQueryField;
import org.opensearch.protobufs.TrackHits;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * One real node, two real clients: the opensearch-java client over REST and the
 * opensearch-protobufs stubs over a gRPC channel. Whatever one protocol writes, the other reads
 * back identically: same ids, sources, totals and order.
 */
class CrossProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient rest;
  private static ManagedChannel channel;
  private static DocumentServiceGrpc.DocumentServiceBlockingStub documents;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    documents = DocumentServiceGrpc.newBlockingStub(channel);
    search = SearchServiceGrpc.newBlockingStub(channel);

    rest.indices()
        .create(
            c ->
                c.index("books")
                    .mappings(
                        m ->
                            m.properties("title", p -> p.text(t -> t))
                                .properties("tag", p -> p.keyword(k -> k))
                                .properties("year", p -> p.integer(i -> i))));

    // Half the corpus arrives over gRPC, half over REST.
    BulkResponse written =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("books")
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(index("g1", doc("the quick brown fox", "grpc", 1999)))
                .addBulkRequestBody(index("g2", doc("a lazy dog sleeps", "grpc", 2005)))
                .addBulkRequestBody(index("g3", doc("quick quick rabbit", "shared", 2012)))
                .build());
    assertThat(written.getErrors()).isFalse();
    rest.bulk(
        b ->
            b.refresh(Refresh.True)
                .operations(
                    o ->
                        o.index(
                            i ->
                                i.index("books")
                                    .id("r1")
                                    .document(doc("quick start guide", "rest", 2001))))
                .operations(
                    o ->
                        o.index(
                            i ->
                                i.index("books")
                                    .id("r2")
                                    .document(doc("slow and steady", "shared", 2008))))
                .operations(
                    o ->
                        o.index(
                            i ->
                                i.index("books")
                                    .id("r3")
                                    .document(doc("the brown bear", "rest", 2020)))));
  }

  @AfterAll
  static void stop() throws Exception {
    if (channel != null) {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
    if (rest != null) {
      rest._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void grpcBulkItemsCarryGrpcCodesAndWhatRestShows() throws IOException {
    BulkResponse response =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("items")
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(index("ok1", doc("first", "x", 2000)))
                .addBulkRequestBody(
                    BulkRequestBody.newBuilder()
                        .setOperationContainer(
                            OperationContainer.newBuilder()
                                .setDelete(DeleteOperation.newBuilder().setXId("ghost"))))
                .build());

    assertThat(response.getErrors()).isFalse();
    ResponseItem created = response.getItems(0).getIndex();
    assertThat(created.getStatus()).isZero(); // gRPC OK where REST says 201
    assertThat(created.getResult()).isEqualTo("created");
    assertThat(created.getXIndex()).isEqualTo("items");
    assertThat(created.getXId()).isEqualTo("ok1");
    assertThat(created.getForcedRefresh()).isTrue();
    ResponseItem missing = response.getItems(1).getDelete();
    assertThat(missing.getStatus()).isEqualTo(Status.Code.NOT_FOUND.value()); // REST: 404
    assertThat(missing.getResult()).isEqualTo("not_found");

    var got = rest.get(g -> g.index("items").id("ok1"), Map.class);
    assertThat(got.found()).isTrue();
    assertThat(got.version()).isEqualTo(created.getXVersion());
    assertThat(got.seqNo()).isEqualTo(created.getXSeqNo());
    assertThat(got.primaryTerm()).isEqualTo(created.getXPrimaryTerm());
    assertThat(got.source()).isEqualTo(doc("first", "x", 2000));
  }

  @Test
  void aMappingErrorFailsItsItemWithCodeThreeAndTheRestIsApplied() throws IOException {
    BulkResponse response =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("books")
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(index("m1", doc("fine", "mixed", 2001)))
                .addBulkRequestBody(index("m2", Map.of("title", "broken", "year", "not a year")))
                .addBulkRequestBody(index("m3", doc("also fine", "mixed", 2002)))
                .build());

    assertThat(response.getErrors()).isTrue();
    assertThat(response.getItemsList())
        .extracting(item -> item.getIndex().getStatus())
        .containsExactly(0, 3, 0);
    ResponseItem failed = response.getItems(1).getIndex();
    assertThat(failed.getError().getType()).isEqualTo("mapper_parsing_exception");
    assertThat(failed.getXId()).isEqualTo("m2");
    assertThat(rest.get(g -> g.index("books").id("m1"), Map.class).found()).isTrue();
    assertThat(rest.get(g -> g.index("books").id("m2"), Map.class).found()).isFalse();
    assertThat(rest.get(g -> g.index("books").id("m3"), Map.class).found()).isTrue();
    rest.bulk(
        b ->
            b.refresh(Refresh.True)
                .operations(o -> o.delete(d -> d.index("books").id("m1")))
                .operations(o -> o.delete(d -> d.index("books").id("m3"))));
  }

  @Test
  void matchAllSortedByYearReadsTheSameOnBothProtocols() throws IOException {
    Page viaRest =
        rest(
            s ->
                s.index("books")
                    .query(q -> q.matchAll(m -> m))
                    .sort(o -> o.field(f -> f.field("year").order(SortOrder.Asc)))
                    .size(20));
    Page viaGrpc =
        grpc(
            body()
                .setQuery(
                    QueryContainer.newBuilder().setMatchAll(MatchAllQuery.getDefaultInstance()))
                .addSort(sortBy("year", org.opensearch.protobufs.SortOrder.SORT_ORDER_ASC))
                .setSize(20));

    assertThat(viaGrpc).isEqualTo(viaRest);
    assertThat(viaGrpc.ids()).containsExactly("g1", "r1", "g2", "r2", "g3", "r3");
    assertThat(viaGrpc.total()).isEqualTo(6);
  }

  @Test
  void sortValuesOfIntegerFieldsAndScoresAreInt32AndFloatAsOpenSearchSendsThem() {
    SearchResponse response =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("books")
                .setSearchRequestBody(
                    body()
                        .setQuery(
                            QueryContainer.newBuilder()
                                .setMatchAll(MatchAllQuery.getDefaultInstance()))
                        .addSort(
                            SortCombinations.newBuilder()
                                .setOptions(
                                    org.opensearch.protobufs.SortOptions.newBuilder()
                                        .setXScore(
                                            org.opensearch.protobufs.ScoreSort
                                                .getDefaultInstance())))
                        .addSort(sortBy("year", org.opensearch.protobufs.SortOrder.SORT_ORDER_DESC))
                        .addSort(sortBy("tag", org.opensearch.protobufs.SortOrder.SORT_ORDER_ASC))
                        .setSize(2))
                .build());

    var first = response.getHits().getHits(0);
    assertThat(first.getXId()).isEqualTo("r3");
    assertThat(first.getSort(0).getGeneralNumber().getValueCase())
        .isEqualTo(org.opensearch.protobufs.GeneralNumber.ValueCase.FLOAT_VALUE);
    assertThat(first.getSort(0).getGeneralNumber().getFloatValue()).isEqualTo(1.0f);
    assertThat(first.getSort(1).getGeneralNumber().getValueCase())
        .isEqualTo(org.opensearch.protobufs.GeneralNumber.ValueCase.INT32_VALUE);
    assertThat(first.getSort(1).getGeneralNumber().getInt32Value()).isEqualTo(2020);
    assertThat(first.getSort(2).getString()).isEqualTo("rest");
  }

  @Test
  void scoredMatchQueryHasTheSameHitsScoresAndOrder() throws IOException {
    Page viaRest =
        rest(
            s ->
                s.index("books")
                    .query(q -> q.match(m -> m.field("title").query(FieldValue.of("quick")))));
    Page viaGrpc =
        grpc(
            body()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setMatch(
                            MatchQuery.newBuilder()
                                .setField("title")
                                .setQuery(
                                    org.opensearch.protobufs.FieldValue.newBuilder()
                                        .setString("quick")))));

    assertThat(viaGrpc).isEqualTo(viaRest);
    assertThat(viaGrpc.ids()).containsExactlyInAnyOrder("g1", "g3", "r1");
  }

  @Test
  void boolWithTermsRangeAndSourceFilteringAgrees() throws IOException {
    Query tags =
        Query.of(
            q ->
                q.terms(
                    t ->
                        t.field("tag")
                            .terms(
                                v ->
                                    v.value(
                                        List.of(FieldValue.of("grpc"), FieldValue.of("shared"))))));
    Query recent = Query.of(q -> q.range(r -> r.field("year").gte(JsonData.of(2010))));
    Page viaRest =
        rest(
            s ->
                s.index("books")
                    .query(q -> q.bool(b -> b.filter(tags).mustNot(recent)))
                    .source(src -> src.filter(f -> f.includes("title", "year")))
                    .sort(o -> o.field(f -> f.field("year").order(SortOrder.Desc))));

    TermsQueryField tagValues =
        TermsQueryField.newBuilder()
            .setValue(
                FieldValueArray.newBuilder()
                    .addFieldValueArray(string("grpc"))
                    .addFieldValueArray(string("shared")))
            .build();
    NumberRangeQuery fromYear2010 =
        NumberRangeQuery.newBuilder().setField("year").setGte(2010).build();
    BoolQuery bool =
        BoolQuery.newBuilder()
            .addFilter(
                QueryContainer.newBuilder()
                    .setTerms(TermsQuery.newBuilder().putTerms("tag", tagValues)))
            .addMustNot(
                QueryContainer.newBuilder()
                    .setRange(RangeQuery.newBuilder().setNumberRangeQuery(fromYear2010)))
            .build();
    Page viaGrpc =
        grpc(
            body()
                .setQuery(QueryContainer.newBuilder().setBool(bool))
                .setXSource(
                    SourceConfig.newBuilder()
                        .setFilter(
                            SourceFilter.newBuilder().addIncludes("title").addIncludes("year")))
                .addSort(sortBy("year", org.opensearch.protobufs.SortOrder.SORT_ORDER_DESC)));

    assertThat(viaGrpc).isEqualTo(viaRest);
    assertThat(viaGrpc.ids()).containsExactly("r2", "g2", "g1");
    assertThat(viaGrpc.sources().get(0)).containsOnlyKeys("title", "year");
  }

  @Test
  void termQueryPagingAndUntrackedTotalsAgree() throws IOException {
    Page viaRest =
        rest(
            s ->
                s.index("books")
                    .query(q -> q.term(t -> t.field("tag").value(FieldValue.of("shared"))))
                    .sort(o -> o.field(f -> f.field("year").order(SortOrder.Asc)))
                    .from(1)
                    .size(1)
                    .trackTotalHits(t -> t.enabled(false)));
    Page viaGrpc =
        grpc(
            body()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setTerm(TermQuery.newBuilder().setField("tag").setValue(string("shared"))))
                .addSort(SortCombinations.newBuilder().setField("year"))
                .setFrom(1)
                .setSize(1)
                .setTrackTotalHits(TrackHits.newBuilder().setEnabled(false)));

    assertThat(viaGrpc).isEqualTo(viaRest);
    assertThat(viaGrpc.ids()).containsExactly("g3");
    assertThat(viaGrpc.total()).isNull();
  }

  @Test
  void missingIndexIsNotFoundWithTheReasonRestGives() {
    OpenSearchException restError =
        org.assertj.core.api.Assertions.catchThrowableOfType(
            OpenSearchException.class, () -> rest.search(s -> s.index("nowhere"), Map.class));
    assertThat(restError.status()).isEqualTo(404);

    assertThatThrownBy(
            () ->
                search.search(
                    org.opensearch.protobufs.SearchRequest.newBuilder()
                        .addIndex("nowhere")
                        .build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
              assertThat(e.getStatus().getDescription())
                  .startsWith("IndexNotFoundException[" + restError.error().reason() + "]")
                  .contains("\"type\":\"index_not_found_exception\"");
            });
  }

  @Test
  void totalHitsAsIntRefusesATrackingLimitAsRestDoes() {
    // REST's side of the same rule: SearchResponseParamsTest.
    assertThatThrownBy(
            () ->
                search.search(
                    org.opensearch.protobufs.SearchRequest.newBuilder()
                        .addIndex("books")
                        .setTotalHitsAsInt(true)
                        .setSearchRequestBody(
                            body().setTrackTotalHits(TrackHits.newBuilder().setCount(10)))
                        .build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription())
                  .contains(
                      "[rest_total_hits_as_int] cannot be used if the tracking of total hits is"
                          + " not accurate, got 10");
            });
  }

  @Test
  void unsupportedQueryIsInvalidArgument() {
    assertThatThrownBy(
            () ->
                search.search(
                    org.opensearch.protobufs.SearchRequest.newBuilder()
                        .addIndex("books")
                        .setSearchRequestBody(
                            body()
                                .setQuery(
                                    QueryContainer.newBuilder()
                                        .setScript(
                                            org.opensearch.protobufs.ScriptQuery
                                                .getDefaultInstance())))
                        .build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription()).contains("unknown query [script]");
            });
  }

  @Test
  void reflectionOnTheNodeListsBothOpenSearchServices() throws Exception {
    assertThat(GrpcTransportTest.listServices(channel))
        .contains(
            "org.opensearch.protobufs.services.DocumentService",
            "org.opensearch.protobufs.services.SearchService");
  }

  @Test
  void healthServiceOnTheNodeAnswersServing() {
    assertThat(
            HealthGrpc.newBlockingStub(channel)
                .check(HealthCheckRequest.getDefaultInstance())
                .getStatus())
        .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
  }

  // What a search returned, protocol-neutral: order matters, scores compared at float precision.
  record Page(
      List<String> ids,
      List<Map<String, Object>> sources,
      List<Float> scores,
      Long total,
      String relation) {}

  private static Page rest(
      java.util.function.Function<
              SearchRequest.Builder, org.opensearch.client.util.ObjectBuilder<SearchRequest>>
          request)
      throws IOException {
    @SuppressWarnings("unchecked")
    var response = rest.search(request, (Class<Map<String, Object>>) (Class<?>) Map.class);
    List<String> ids = new ArrayList<>();
    List<Map<String, Object>> sources = new ArrayList<>();
    List<Float> scores = new ArrayList<>();
    for (Hit<Map<String, Object>> hit : response.hits().hits()) {
      ids.add(hit.id());
      sources.add(hit.source());
      scores.add(hit.score() == null ? null : hit.score().floatValue());
    }
    var total = response.hits().total();
    return new Page(
        ids,
        sources,
        scores,
        total == null ? null : total.value(),
        total == null ? null : total.relation().jsonValue());
  }

  private static Page grpc(SearchRequestBody.Builder body) {
    SearchResponse response =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("books")
                .setSearchRequestBody(body)
                .build());
    List<String> ids = new ArrayList<>();
    List<Map<String, Object>> sources = new ArrayList<>();
    List<Float> scores = new ArrayList<>();
    for (HitsMetadataHitsInner hit : response.getHits().getHitsList()) {
      ids.add(hit.getXId());
      sources.add(hit.hasXSource() ? parse(hit.getXSource()) : null);
      scores.add(hit.getXScore().hasDouble() ? (float) hit.getXScore().getDouble() : null);
    }
    var total = response.getHits().getTotal();
    return new Page(
        ids,
        sources,
        scores,
        total.hasTotalHits() ? total.getTotalHits().getValue() : null,
        total.hasTotalHits()
            ? switch (total.getTotalHits().getRelation()) {
              case TOTAL_HITS_RELATION_GTE -> "gte";
              default -> "eq";
            }
            : null);
  }

  private static SortCombinations sortBy(String field, org.opensearch.protobufs.SortOrder order) {
    return SortCombinations.newBuilder()
        .setFieldWithDirection(SortOrderMap.newBuilder().putSortOrderMap(field, order))
        .build();
  }

  private static SearchRequestBody.Builder body() {
    return SearchRequestBody.newBuilder();
  }

  private static org.opensearch.protobufs.FieldValue string(String value) {
    return org.opensearch.protobufs.FieldValue.newBuilder().setString(value).build();
  }

  private static Map<String, Object> doc(String title, String tag, int year) {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("title", title);
    doc.put("tag", tag);
    doc.put("year", year);
    return doc;
  }

  private static BulkRequestBody index(String id, Map<String, Object> doc) {
    try {
      return BulkRequestBody.newBuilder()
          .setOperationContainer(
              OperationContainer.newBuilder().setIndex(IndexOperation.newBuilder().setXId(id)))
          .setObject(ByteString.copyFrom(JSON.writeValueAsBytes(doc)))
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parse(ByteString source) {
    try {
      return JSON.readValue(source.newInput(), Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
