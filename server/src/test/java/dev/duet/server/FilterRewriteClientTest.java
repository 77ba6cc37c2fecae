package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.Time;
import org.opensearch.client.opensearch._types.aggregations.CalendarInterval;
import org.opensearch.client.opensearch._types.aggregations.DateHistogramBucket;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.search.AggregationProfile;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * OpenSearch's filter rewrite as opensearch-java and the profile see it: on one segment of four
 * dates (OpenSearch's own test data), a top-level date_histogram, composite, auto_date_histogram
 * and range count from the field's points and report {@code optimized_segments}, {@code
 * unoptimized_segments}, {@code leaf_visited} and {@code inner_visited} with the values a single
 * OpenSearch 3.8 node reports for the same requests.
 */
class FilterRewriteClientTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final JacksonJsonpMapper MAPPER = new JacksonJsonpMapper();
  private static final ObjectMapper JSON = new ObjectMapper();

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
                .setMapper(MAPPER)
                .build());
    client
        .indices()
        .create(
            c ->
                c.index("dates")
                    .settings(s -> s.numberOfShards(1).refreshInterval(Time.of(t -> t.time("-1"))))
                    .mappings(
                        m ->
                            m.properties("date", p -> p.date(d -> d))
                                .properties("v", p -> p.double_(d -> d))));
    List<BulkOperation> ops = new ArrayList<>();
    String[] dates = {"2016-01-01", "2016-01-02", "2016-02-01", "2016-03-01"};
    double[] values = {42.1, 100.7, 50.5, 200.0};
    for (int i = 0; i < dates.length; i++) {
      Map<String, Object> doc = Map.of("date", dates[i], "v", values[i]);
      ops.add(BulkOperation.of(b -> b.index(x -> x.index("dates").document(doc))));
    }
    client.bulk(b -> b.operations(ops).refresh(Refresh.True));
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  @Test
  void dateHistogramCountsFromPointsAndSaysSo() throws Exception {
    var response =
        client.search(
            s ->
                s.index("dates")
                    .size(0)
                    .aggregations(
                        "histo",
                        a ->
                            a.dateHistogram(
                                d -> d.field("date").calendarInterval(CalendarInterval.Month))),
            Void.class);
    assertThat(response.aggregations().get("histo").dateHistogram().buckets().array())
        .extracting(DateHistogramBucket::docCount)
        .containsExactly(2L, 1L, 1L);

    JsonNode histo =
        profiledAggregation(
            """
            {"size":0,"profile":true,"aggs":{"histo":{"date_histogram":{"field":"date",
              "calendar_interval":"month"}}}}
            """);
    assertThat(histo.path("type").asText()).isEqualTo("DateHistogramAggregator");
    assertRewrite(histo.path("debug"), 1, 0);
    assertThat(histo.path("debug").path("total_buckets").asInt()).isEqualTo(3);
  }

  @Test
  void aRangeQueryOnTheSameFieldIsRewrittenTooEndingInsideTheLeaf() throws Exception {
    // The ranges end before the leaf's last values: OpenSearch stops inside the leaf and does not
    // count it as visited.
    JsonNode histo =
        profiledAggregation(
            """
            {"size":0,"profile":true,"query":{"range":{"date":{"gte":"2015-01-01",
              "lt":"2016-02-01"}}},"aggs":{"histo":{"date_histogram":{"field":"date",
              "calendar_interval":"month"}}}}
            """);
    assertRewrite(histo.path("debug"), 0, 0);
  }

  @Test
  void compositeAutoDateHistogramAndRangeAreRewrittenAsOpenSearchRewritesThem() throws Exception {
    JsonNode composite =
        profiledAggregation(
            """
            {"size":0,"profile":true,"aggs":{"c":{"composite":{"sources":[{"date":{
              "date_histogram":{"field":"date","calendar_interval":"1d","format":"strict_date"}}}]}}}}
            """);
    assertRewrite(composite.path("debug"), 1, 0);

    JsonNode auto =
        profiledAggregation(
            """
            {"size":0,"profile":true,"aggs":{"histo":{"auto_date_histogram":{"field":"date",
              "buckets":2}}}}
            """);
    AggregationProfile typed =
        AggregationProfile._DESERIALIZER.deserialize(
            MAPPER.jsonProvider().createParser(new StringReader(auto.toString())), MAPPER);
    assertThat(typed.type()).isEqualTo("AutoDateHistogramAggregator.FromSingle");
    assertThat(typed.debug().survivingBuckets()).isEqualTo(3); // Jan, Feb and March
    assertRewrite(auto.path("debug"), 1, 0);

    JsonNode range =
        profiledAggregation(
            """
            {"size":0,"profile":true,"aggs":{"r":{"range":{"field":"v","ranges":[{"to":50},
              {"from":50,"to":150},{"from":150}]}}}}
            """);
    assertRewrite(range.path("debug"), 1, 0);
  }

  @Test
  void aSubAggregationIsCollectedDocumentByDocument() throws Exception {
    JsonNode histo =
        profiledAggregation(
            """
            {"size":0,"profile":true,"aggs":{"histo":{"date_histogram":{"field":"date",
              "calendar_interval":"month"},"aggs":{"m":{"max":{"field":"v"}}}}}}
            """);
    assertThat(histo.path("debug").has("optimized_segments")).isFalse();
    assertThat(histo.path("breakdown").path("collect_count").asInt()).isEqualTo(4);
  }

  private static void assertRewrite(JsonNode debug, int leaves, int inner) {
    assertThat(debug.path("optimized_segments").asInt(-1)).as(debug.toString()).isEqualTo(1);
    assertThat(debug.path("unoptimized_segments").asInt(-1)).isZero();
    assertThat(debug.path("leaf_visited").asInt(-1)).isEqualTo(leaves);
    assertThat(debug.path("inner_visited").asInt(-1)).isEqualTo(inner);
  }

  /** The first aggregation of the profile of a search sent as JSON. */
  private static JsonNode profiledAggregation(String body) throws Exception {
    HttpResponse<String> answer =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + node.httpPort() + "/dates/_search"))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    return JSON.readTree(answer.body())
        .path("profile")
        .path("shards")
        .get(0)
        .path("aggregations")
        .get(0);
  }
}
