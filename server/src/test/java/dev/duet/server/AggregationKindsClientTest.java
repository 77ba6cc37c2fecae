package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.aggregations.AdjacencyMatrixBucket;
import org.opensearch.client.opensearch._types.aggregations.Aggregate;
import org.opensearch.client.opensearch._types.aggregations.DateHistogramBucket;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.MaxAggregation;
import org.opensearch.protobufs.ObjectMap;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The aggregations added for OpenSearch's {@code search.aggregation} suite, read by opensearch-java
 * 3.3 as it reads OpenSearch's answers: by their {@code typed_keys} names (weighted_avg,
 * hdr_percentiles, median_absolute_deviation, adjacency_matrix, auto_date_histogram) and with the
 * request's {@code meta} echoed.
 */
class AggregationKindsClientTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final JacksonJsonpMapper MAPPER = new JacksonJsonpMapper();

  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static ManagedChannel channel;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(MAPPER)
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    client
        .indices()
        .create(
            c ->
                c.index("kinds")
                    .mappings(
                        m ->
                            m.properties("n", p -> p.integer(i -> i))
                                .properties("w", p -> p.double_(d -> d))
                                .properties("d", p -> p.date(d -> d))));
    index("1", Map.of("n", 1, "w", 1.0, "d", "2020-03-01"));
    index("2", Map.of("n", 51, "w", 2.0, "d", "2020-03-02"));
    index("3", Map.of("n", 101, "w", 3.0, "d", "2020-03-08"));
    index("4", Map.of("n", 151, "w", 4.0, "d", "2020-03-09"));
  }

  private static void index(String id, Map<String, Object> doc) throws Exception {
    client.index(i -> i.index("kinds").id(id).document(doc).refresh(Refresh.True));
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void metaTravelsOverGrpcToo() {
    var response =
        SearchServiceGrpc.newBlockingStub(channel)
            .search(
                org.opensearch.protobufs.SearchRequest.newBuilder()
                    .addIndex("kinds")
                    .setSearchRequestBody(
                        SearchRequestBody.newBuilder()
                            .setSize(0)
                            .putAggregations(
                                "top",
                                AggregationContainer.newBuilder()
                                    .setMax(MaxAggregation.newBuilder().setField("n"))
                                    .setMeta(
                                        ObjectMap.newBuilder()
                                            .putFields(
                                                "foo",
                                                ObjectMap.Value.newBuilder()
                                                    .setString("bar")
                                                    .build()))
                                    .build()))
                    .build());
    var max = response.getAggregationsMap().get("top").getMax();
    assertThat(max.getValue().getDouble()).isEqualTo(151.0);
    assertThat(max.getMeta().getFieldsMap().get("foo").getString()).isEqualTo("bar");
  }

  @Test
  void profileShowsTheAggregatorsTreeOnBothProtocols() throws Exception {
    // Sent as JSON (the client's builders have no sub-aggregations); opensearch-java 3.3 reads a
    // shard's fetch profile as an object where OpenSearch 3.8 writes a list, so the client's
    // deserializer reads the aggregations' profile only.
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + node.httpPort() + "/kinds/_search"))
                .header("content-type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        """
                        {"size":0,"profile":true,"aggs":{"h":{"histogram":{"field":"n",
                          "interval":50},"aggs":{"m":{"max":{"field":"w"}}}}}}
                        """))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    var aggs =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(answer.body())
            .path("profile")
            .path("shards")
            .get(0)
            .path("aggregations");
    assertThat(aggs.size()).isEqualTo(1);
    var histo =
        org.opensearch.client.opensearch.core.search.AggregationProfile._DESERIALIZER.deserialize(
            MAPPER.jsonProvider().createParser(new StringReader(aggs.get(0).toString())), MAPPER);
    assertThat(histo.type()).isEqualTo("NumericHistogramAggregator");
    assertThat(histo.description()).isEqualTo("h");
    assertThat(histo.breakdown().collectCount()).isEqualTo(4);
    assertThat(histo.breakdown().buildAggregationCount()).isEqualTo(1);
    assertThat(histo.debug().totalBuckets()).isEqualTo(4); // 0, 50, 100, 150
    assertThat(histo.children()).hasSize(1);
    assertThat(histo.children().get(0).type()).isEqualTo("MaxAggregator");
    assertThat(histo.children().get(0).breakdown().collectCount()).isEqualTo(4);

    var grpc =
        SearchServiceGrpc.newBlockingStub(channel)
            .search(
                org.opensearch.protobufs.SearchRequest.newBuilder()
                    .addIndex("kinds")
                    .setSearchRequestBody(
                        SearchRequestBody.newBuilder()
                            .setSize(0)
                            .setProfile(true)
                            .putAggregations(
                                "top",
                                AggregationContainer.newBuilder()
                                    .setMax(MaxAggregation.newBuilder().setField("n"))
                                    .build()))
                    .build());
    var max = grpc.getProfile().getShards(0).getAggregations(0);
    assertThat(max.getType()).isEqualTo("MaxAggregator");
    assertThat(max.getDescription()).isEqualTo("top");
    assertThat(max.getBreakdown().getCollectCount()).isEqualTo(4);
  }

  @Test
  void weightedAvgAndHdrPercentilesWithMetaThroughTheClientsBuilders() throws Exception {
    SearchResponse<Void> response =
        client.search(
            s ->
                s.index("kinds")
                    .size(0)
                    .aggregations(
                        "w",
                        a ->
                            a.meta("foo", JsonData.of("bar"))
                                .weightedAvg(
                                    w -> w.value(v -> v.field("n")).weight(v -> v.field("w"))))
                    .aggregations(
                        "p",
                        a ->
                            a.percentiles(
                                p ->
                                    p.field("n")
                                        .percents(50.0, 75.0)
                                        .hdr(h -> h.numberOfSignificantValueDigits(3)))),
            Void.class);

    Aggregate w = response.aggregations().get("w");
    assertThat(w.isWeightedAvg()).isTrue();
    assertThat(w.weightedAvg().value()).isEqualTo((1 + 51 * 2 + 101 * 3 + 151 * 4) / 10.0);
    assertThat(w.weightedAvg().meta().get("foo").to(String.class)).isEqualTo("bar");
    Aggregate p = response.aggregations().get("p");
    assertThat(p.isHdrPercentiles()).isTrue();
    Map<String, JsonData> values = p.hdrPercentiles().values().keyed();
    // OpenSearch 3.8 answers these for 1, 51, 101, 151 (its 190_percentiles_hdr_metric test).
    assertThat(values.get("50.0").to(Double.class)).isEqualTo(51.0302734375);
    assertThat(values.get("75.0").to(Double.class)).isEqualTo(101.0615234375);
  }

  @Test
  void madAdjacencyMatrixAndAutoDateHistogramAreTypedAsOpenSearchTypesThem() throws Exception {
    SearchResponse<JsonData> response =
        search(
            """
            {"size":0,"aggs":{
              "mad":{"median_absolute_deviation":{"field":"n"},"meta":{"k":[1,2]}},
              "conns":{"adjacency_matrix":{"filters":{
                "low":{"range":{"n":{"lt":60}}},"high":{"range":{"n":{"gt":40}}}}}},
              "histo":{"auto_date_histogram":{"field":"d","buckets":2},
                "aggs":{"s":{"sum":{"field":"n"}}}}}}
            """);

    Aggregate mad = response.aggregations().get("mad");
    assertThat(mad.isMedianAbsoluteDeviation()).isTrue();
    assertThat(mad.medianAbsoluteDeviation().value()).isEqualTo(50.0);
    assertThat(mad.medianAbsoluteDeviation().meta()).containsKey("k");

    Aggregate conns = response.aggregations().get("conns");
    assertThat(conns.isAdjacencyMatrix()).isTrue();
    assertThat(conns.adjacencyMatrix().buckets().array())
        .extracting(AdjacencyMatrixBucket::key)
        .containsExactly("high", "high&low", "low");
    assertThat(conns.adjacencyMatrix().buckets().array())
        .extracting(AdjacencyMatrixBucket::docCount)
        .containsExactly(3L, 1L, 2L);

    Aggregate histo = response.aggregations().get("histo");
    assertThat(histo.isAutoDateHistogram()).isTrue();
    assertThat(histo.autoDateHistogram().interval().time()).isEqualTo("7d");
    assertThat(histo.autoDateHistogram().buckets().array())
        .extracting(DateHistogramBucket::keyAsString)
        .containsExactly("2020-03-01T00:00:00.000Z", "2020-03-08T00:00:00.000Z");
    assertThat(
            histo
                .autoDateHistogram()
                .buckets()
                .array()
                .get(1)
                .aggregations()
                .get("s")
                .sum()
                .value())
        .isEqualTo(252.0);
  }

  @Test
  void movingFunctionRunsOpenSearchsMovingFunctionsOverTheWindowBeforeEachBucket()
      throws Exception {
    // Sent as JSON (the client's builders have no sub-aggregations), read by its deserializer.
    SearchResponse<JsonData> response =
        search(
            """
            {"size":0,"aggs":{"h":{"date_histogram":{"field":"d","calendar_interval":"1d"},
              "aggs":{"s":{"sum":{"field":"n"}},"mx":{"moving_fn":{"buckets_path":"s",
                "window":2,"script":"MovingFunctions.max(values)"}}}}}}
            """);
    var buckets = response.aggregations().get("h").dateHistogram().buckets().array();
    // Nine days, four with documents; a bucket's window is the two values before it.
    assertThat(buckets).hasSize(9);
    List<Double> values = new java.util.ArrayList<>();
    for (DateHistogramBucket b : buckets) {
      if (b.docCount() > 0) {
        values.add(b.aggregations().get("mx").simpleValue().value());
      } else {
        assertThat(b.aggregations()).doesNotContainKey("mx");
      }
    }
    assertThat(values).containsExactly(null, 1.0, 51.0, 101.0);
  }

  @Test
  void movingFunctionRefusesAWindowBelowOneAsOpenSearchDoes() {
    var failure =
        org.assertj.core.api.Assertions.catchThrowableOfType(
            org.opensearch.client.opensearch._types.OpenSearchException.class,
            () ->
                client.search(
                    s ->
                        s.index("kinds")
                            .size(0)
                            .aggregations("a", x -> x.avg(m -> m.field("n")))
                            .aggregations(
                                "mx",
                                x ->
                                    x.movingFn(
                                        m ->
                                            m.bucketsPath(b -> b.single("a"))
                                                .window(-1)
                                                .script("MovingFunctions.max(values)"))),
                    Void.class));
    assertThat(failure.status()).isEqualTo(400);
    assertThat(failure.getMessage()).contains("[window] must be a positive, non-zero integer.");
  }

  /**
   * A search sent as JSON with {@code typed_keys}, its answer read by the client's deserializer.
   */
  private static SearchResponse<JsonData> search(String body) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + node.httpPort() + "/kinds/_search?typed_keys"))
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return SearchResponse.createSearchResponseDeserializer(JsonData._DESERIALIZER)
        .deserialize(MAPPER.jsonProvider().createParser(new StringReader(response.body())), MAPPER);
  }
}
