package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.FieldSort;
import org.opensearch.protobufs.FieldSortMap;
import org.opensearch.protobufs.GeneralNumber;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.TermsAggregation;
import org.opensearch.protobufs.TermsAggregationFields;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * {@code unsigned_long} and {@code scaled_float} fields over both ports of one node: mapped,
 * written and searched through opensearch-java, and searched over gRPC, where values past {@code
 * Long.MAX_VALUE} travel as {@code uint64} (sort values, {@code search_after}, {@code ulterms}
 * keys).
 */
class UnsignedLongApiTest {
  private static final String MAX = "18446744073709551615";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    client
        .indices()
        .create(
            c ->
                c.index("ul")
                    .mappings(
                        m ->
                            m.properties("u", p -> p.unsignedLong(u -> u))
                                .properties("s", p -> p.scaledFloat(s -> s.scalingFactor(100.0)))));
    client.index(i -> i.index("ul").id("1").document(Map.of("u", new BigInteger(MAX), "s", 1.234)));
    client.index(i -> i.index("ul").id("2").document(Map.of("u", 7, "s", 2.5)));
    client.index(
        i ->
            i.index("ul")
                .id("3")
                .document(Map.of("u", "10223372036854775807"))
                .refresh(Refresh.True));
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client._transport().close();
    }
    if (channel != null) {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void theClientMapsWritesAndFindsValuesPastLongMaxValue() throws Exception {
    assertThat(
            client
                .indices()
                .getMapping(g -> g.index("ul"))
                .get("ul")
                .mappings()
                .properties()
                .get("s")
                .scaledFloat()
                .scalingFactor())
        .isEqualTo(100.0);
    SearchResponse<Map> exact =
        client.search(
            s -> s.index("ul").query(q -> q.term(t -> t.field("u").value(FieldValue.of(MAX)))),
            Map.class);
    assertThat(exact.hits().hits()).extracting(Hit::id).containsExactly("1");
    SearchResponse<Map> scaled =
        client.search(
            s ->
                s.index("ul")
                    .query(
                        q ->
                            q.range(
                                r ->
                                    r.field("s").gt(org.opensearch.client.json.JsonData.of(1.23)))),
            Map.class);
    assertThat(scaled.hits().hits()).extracting(Hit::id).containsExactly("2");
    SearchResponse<Map> max =
        client.search(
            s -> s.index("ul").size(0).aggregations("mx", a -> a.max(m -> m.field("u"))),
            Map.class);
    assertThat(max.aggregations().get("mx").max().value()).isEqualTo(1.8446744073709552E19);
  }

  @Test
  void sortValuesAndTermsKeysAreTheNumbersOverRest() throws Exception {
    JsonNode reply =
        rest(
            "/ul/_search?typed_keys=true",
            "{\"sort\":[{\"u\":\"desc\"}],\"docvalue_fields\":[\"u\",\"s\"],"
                + "\"aggs\":{\"t\":{\"terms\":{\"field\":\"u\"}}}}");
    JsonNode hits = reply.path("hits").path("hits");
    assertThat(hits.get(0).path("sort").get(0).bigIntegerValue()).isEqualTo(new BigInteger(MAX));
    assertThat(hits.get(0).path("fields").path("u").get(0).bigIntegerValue())
        .isEqualTo(new BigInteger(MAX));
    assertThat(hits.get(0).path("fields").path("s").get(0).doubleValue()).isEqualTo(1.23);
    assertThat(hits.get(2).path("sort").get(0).longValue()).isEqualTo(7);
    JsonNode buckets = reply.path("aggregations").path("ulterms#t").path("buckets");
    assertThat(buckets.get(2).path("key").bigIntegerValue()).isEqualTo(new BigInteger(MAX));
    assertThat(buckets.get(2).has("key_as_string")).isFalse();
  }

  @Test
  void grpcCarriesValuesPastLongMaxValueAsUint64() {
    SortCombinations byU =
        SortCombinations.newBuilder()
            .setFieldWithOrder(
                FieldSortMap.newBuilder()
                    .putFieldSortMap(
                        "u",
                        FieldSort.newBuilder()
                            .setOrder(org.opensearch.protobufs.SortOrder.SORT_ORDER_DESC)
                            .build()))
            .build();
    var first =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("ul")
                .setSearchRequestBody(SearchRequestBody.newBuilder().setSize(1).addSort(byU))
                .build());
    GeneralNumber top = first.getHits().getHits(0).getSortList().get(0).getGeneralNumber();
    assertThat(top.getValueCase()).isEqualTo(GeneralNumber.ValueCase.UINT64_VALUE);
    assertThat(Long.toUnsignedString(top.getUint64Value())).isEqualTo(MAX);

    var next =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("ul")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setSize(1)
                        .addSort(byU)
                        .addSearchAfter(
                            org.opensearch.protobufs.FieldValue.newBuilder().setGeneralNumber(top)))
                .build());
    assertThat(next.getHits().getHits(0).getXId()).isEqualTo("3");

    var terms =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("ul")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setSize(0)
                        .putAggregations(
                            "t",
                            AggregationContainer.newBuilder()
                                .setTermsAggregation(
                                    TermsAggregation.newBuilder()
                                        .setTerms(
                                            TermsAggregationFields.newBuilder().setField("u")))
                                .build()))
                .build());
    var ulterms = terms.getAggregationsMap().get("t").getUlterms();
    assertThat(ulterms.getBucketsList())
        .extracting(b -> Long.toUnsignedString(b.getKey()))
        .containsExactly("7", "10223372036854775807", MAX);
  }

  @Test
  void aSortAcrossIndicesMixingUnsignedLongWithAnotherTypeFailsAsAReduceFailure() throws Exception {
    client
        .indices()
        .create(c -> c.index("ul-long").mappings(m -> m.properties("u", p -> p.long_(l -> l))));
    client.index(i -> i.index("ul-long").id("1").document(Map.of("u", 3)).refresh(Refresh.True));

    JsonNode error = rest("/ul,ul-long/_search", "{\"sort\":[{\"u\":\"asc\"}]}", 400);
    assertThat(error.path("error").path("type").asText())
        .isEqualTo("search_phase_execution_exception");
    assertThat(error.path("error").path("phase").asText()).isEqualTo("fetch");
    assertThat(error.path("error").path("root_cause")).isEmpty();
    assertThat(error.path("error").path("caused_by").path("reason").asText())
        .isEqualTo(
            "Can't do sort across indices, as a field has [unsigned_long] type in one index, and"
                + " different type in another index!");
    // Without hits to merge there is nothing to compare, as in OpenSearch.
    rest("/ul,ul-long/_search", "{\"size\":0,\"sort\":[{\"u\":\"asc\"}]}", 200);
  }

  private static JsonNode rest(String path, String body) throws Exception {
    return rest(path, body, 200);
  }

  private static JsonNode rest(String path, String body, int status) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }
}
