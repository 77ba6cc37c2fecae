package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The response-shaping URL parameters of the search APIs, each expectation what OpenSearch 3.8.0
 * answered to the same request on the same two documents: {@code rest_total_hits_as_int} ({@code
 * hits.total} a plain number, -1 when not tracked, a total limit refused) on {@code _search},
 * {@code _msearch} and {@code _search/scroll}, in top hits and inner hits too; and {@code
 * typed_keys} (each aggregation's name prefixed by its OpenSearch result type, sub-aggregations
 * too) on {@code _search} and {@code _msearch}.
 */
class SearchResponseParamsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NOT_ACCURATE =
      "[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got ";

  @TempDir static Path dataDir;
  private static DuetNode node;
  private static RestClient http;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    http = new RestClient(node.httpPort());
    http.send(
        "PUT",
        "/idx",
        """
        {"mappings":{"properties":{"k":{"type":"keyword"},"l":{"type":"long"},
         "d":{"type":"double"},"t":{"type":"date"},
         "n":{"type":"nested","properties":{"x":{"type":"long"}}}}}}""");
    http.send(
        "POST",
        "/idx/_bulk?refresh=true",
        """
        {"index":{"_id":"1"}}
        {"k":"a","l":1,"d":1.5,"t":"2020-01-01","n":[{"x":1}]}
        {"index":{"_id":"2"}}
        {"k":"b","l":2,"d":2.5,"t":"2020-02-01","n":[{"x":2}]}
        """,
        "application/x-ndjson");
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void totalHitsAsIntIsAPlainNumberAndTrackingDefaultsToExact() throws Exception {
    assertThat(total("/idx/_search?rest_total_hits_as_int=true", "{}")).isEqualTo("2");
    assertThat(total("/idx/_search?rest_total_hits_as_int", "{}")).isEqualTo("2");
    assertThat(total("/idx/_search?rest_total_hits_as_int=true", "{\"track_total_hits\":true}"))
        .isEqualTo("2");
    assertThat(
            total("/idx/_search?rest_total_hits_as_int=true", "{\"track_total_hits\":2147483647}"))
        .isEqualTo("2");
    assertThat(total("/idx/_search?rest_total_hits_as_int=true&track_total_hits=2147483647", "{}"))
        .isEqualTo("2");
    assertThat(total("/idx/_search?rest_total_hits_as_int=false", "{\"track_total_hits\":1}"))
        .isEqualTo("{\"value\":1,\"relation\":\"gte\"}");
  }

  @Test
  void totalHitsAsIntIsMinusOneWhenNotTracked() throws Exception {
    assertThat(total("/idx/_search?rest_total_hits_as_int=true", "{\"track_total_hits\":false}"))
        .isEqualTo("-1");
    assertThat(total("/idx/_search?rest_total_hits_as_int=true&track_total_hits=false", "{}"))
        .isEqualTo("-1");
    var r =
        http.send(
            "POST",
            "/idx/_search?rest_total_hits_as_int=true",
            "{\"size\":0,\"track_total_hits\":false}");
    assertThat(JSON.readTree(r.body()).get("hits").toString())
        .isEqualTo("{\"total\":-1,\"max_score\":null,\"hits\":[]}");
  }

  @Test
  void totalHitsAsIntRefusesATotalLimit() throws Exception {
    assertRefused(
        "/idx/_search?rest_total_hits_as_int=true", "{\"track_total_hits\":10}", NOT_ACCURATE + 10);
    assertRefused(
        "/idx/_search?rest_total_hits_as_int=true",
        "{\"track_total_hits\":10000}",
        NOT_ACCURATE + 10000);
    assertRefused(
        "/idx/_search?rest_total_hits_as_int=true&track_total_hits=10", "{}", NOT_ACCURATE + 10);
    assertRefused(
        "/idx/_search?rest_total_hits_as_int=foo",
        "{}",
        "Failed to parse value [foo] as only [true] or [false] are allowed.");
  }

  @Test
  void totalHitsAsIntReachesTopHitsAndInnerHits() throws Exception {
    var r =
        http.send(
            "POST",
            "/idx/_search?rest_total_hits_as_int=true",
            """
            {"size":1,"query":{"nested":{"path":"n","query":{"match_all":{}},"inner_hits":{}}},
             "aggs":{"th":{"top_hits":{"size":1,"_source":false}}}}""");
    JsonNode body = JSON.readTree(r.body());

    assertThat(body.at("/hits/total").toString()).isEqualTo("2");
    assertThat(body.at("/hits/hits/0/inner_hits/n/hits/total").toString()).isEqualTo("1");
    assertThat(body.at("/aggregations/th/hits/total").toString()).isEqualTo("2");
  }

  @Test
  void multiSearchAppliesBothParametersToEveryResponse() throws Exception {
    var r =
        http.send(
            "POST",
            "/_msearch?rest_total_hits_as_int=true&typed_keys=true",
            """
            {"index":"idx"}
            {"size":0,"aggs":{"x":{"max":{"field":"l"}}}}
            {"index":"idx"}
            {"track_total_hits":false}
            """,
            "application/x-ndjson");
    JsonNode responses = JSON.readTree(r.body()).get("responses");

    assertThat(responses.at("/0/hits/total").toString()).isEqualTo("2");
    assertThat(responses.at("/0/aggregations").toString()).isEqualTo("{\"max#x\":{\"value\":2.0}}");
    assertThat(responses.at("/0/status").asInt()).isEqualTo(200);
    assertThat(responses.at("/1/hits/total").toString()).isEqualTo("-1");
  }

  @Test
  void multiSearchWithATotalLimitFailsWhole() throws Exception {
    var r =
        http.send(
            "POST",
            "/_msearch?rest_total_hits_as_int=true",
            """
            {"index":"idx"}
            {"size":0}
            {"index":"idx"}
            {"track_total_hits":5}
            """,
            "application/x-ndjson");

    assertThat(r.status()).as(r.body()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).at("/error/root_cause/0/reason").asText())
        .isEqualTo(NOT_ACCURATE + 5);
  }

  @Test
  void scrollPagesTakeTotalHitsAsIntAndRefuseTypedKeys() throws Exception {
    var first = http.send("POST", "/idx/_search?scroll=1m", "{\"size\":1}");
    String id = JSON.readTree(first.body()).get("_scroll_id").asText();
    String body = "{\"scroll_id\":\"" + id + "\",\"scroll\":\"1m\"}";

    var page = http.send("POST", "/_search/scroll?rest_total_hits_as_int=true", body);
    assertThat(JSON.readTree(page.body()).at("/hits/total").toString()).isEqualTo("2");

    var typed = http.send("POST", "/_search/scroll?typed_keys=true", body);
    assertThat(typed.status()).isEqualTo(400);
    assertThat(JSON.readTree(typed.body()).at("/error/root_cause/0/reason").asText())
        .isEqualTo("request [/_search/scroll] contains unrecognized parameter: [typed_keys]");
  }

  @Test
  void typedKeysNameEveryAggregationByItsResultType() throws Exception {
    var r =
        http.send(
            "POST",
            "/idx/_search?typed_keys=true",
            """
            {"size":0,"aggs":{
             "tk":{"terms":{"field":"k"},"aggs":{"mx":{"max":{"field":"l"}}}},
             "tl":{"terms":{"field":"l"}},"td":{"terms":{"field":"d"}},
             "tt":{"terms":{"field":"t"}},"tu":{"terms":{"field":"nope"}},
             "mt":{"multi_terms":{"terms":[{"field":"k"},{"field":"l"}]}},
             "h":{"histogram":{"field":"l","interval":1},"aggs":{"s":{"sum":{"field":"l"}},
               "d":{"derivative":{"buckets_path":"s"}},"cs":{"cumulative_sum":{"buckets_path":"s"}}}},
             "dh":{"date_histogram":{"field":"t","calendar_interval":"month"}},
             "r":{"range":{"field":"l","ranges":[{"to":2}]}},
             "dr":{"date_range":{"field":"t","ranges":[{"to":"2021-01-01"}]}},
             "f":{"filter":{"match_all":{}}},"fs":{"filters":{"filters":{"a":{"match_all":{}}}}},
             "m":{"missing":{"field":"k"}},"g":{"global":{}},
             "n":{"nested":{"path":"n"},"aggs":{"rn":{"reverse_nested":{}}}},
             "c":{"composite":{"sources":[{"k":{"terms":{"field":"k"}}}]}},
             "th":{"top_hits":{"size":1,"_source":false}},"card":{"cardinality":{"field":"k"}},
             "p":{"percentiles":{"field":"l","percents":[50]}},
             "pr":{"percentile_ranks":{"field":"l","values":[1]}},
             "st":{"stats":{"field":"l"}},"es":{"extended_stats":{"field":"l"}},
             "mn":{"min":{"field":"l"}},"av":{"avg":{"field":"l"}},"sm":{"sum":{"field":"l"}},
             "vc":{"value_count":{"field":"l"}},
             "ab":{"avg_bucket":{"buckets_path":"h>s"}},"mb":{"max_bucket":{"buckets_path":"h>s"}},
             "sb":{"sum_bucket":{"buckets_path":"h>s"}},"mnb":{"min_bucket":{"buckets_path":"h>s"}},
             "sgk":{"significant_terms":{"field":"k"}}
            }}""");
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode aggs = JSON.readTree(r.body()).get("aggregations");

    assertThat(names(aggs))
        .containsExactlyInAnyOrder(
            "sterms#tk",
            "lterms#tl",
            "dterms#td",
            "lterms#tt",
            "sterms#tu",
            "multi_terms#mt",
            "histogram#h",
            "date_histogram#dh",
            "range#r",
            "date_range#dr",
            "filter#f",
            "filters#fs",
            "missing#m",
            "global#g",
            "nested#n",
            "composite#c",
            "top_hits#th",
            "cardinality#card",
            "tdigest_percentiles#p",
            "tdigest_percentile_ranks#pr",
            "stats#st",
            "extended_stats#es",
            "min#mn",
            "avg#av",
            "sum#sm",
            "value_count#vc",
            "simple_value#ab",
            "bucket_metric_value#mb",
            "simple_value#sb",
            "bucket_metric_value#mnb",
            "sigsterms#sgk");
    assertThat(aggs.at("/sterms#tk/buckets/0").has("max#mx")).isTrue();
    assertThat(aggs.at("/nested#n").has("reverse_nested#rn")).isTrue();
    assertThat(names(aggs.at("/histogram#h/buckets/0")))
        .containsExactlyInAnyOrder("key", "doc_count", "sum#s", "simple_value#cs");
    assertThat(names(aggs.at("/histogram#h/buckets/1")))
        .containsExactlyInAnyOrder("key", "doc_count", "sum#s", "derivative#d", "simple_value#cs");
    assertThat(aggs.get("bucket_metric_value#mb").toString())
        .isEqualTo("{\"value\":2.0,\"keys\":[\"2.0\"]}");
  }

  @Test
  void typedKeysTellSignificantTermsByTheirKeys() throws Exception {
    var r =
        http.send(
            "POST",
            "/idx/_search?typed_keys=true",
            """
            {"size":0,"query":{"term":{"k":"a"}},"aggs":{
             "sgl":{"significant_terms":{"field":"l","min_doc_count":1}},
             "sgk":{"significant_terms":{"field":"k","min_doc_count":1}}}}""");
    JsonNode aggs = JSON.readTree(r.body()).get("aggregations");

    assertThat(names(aggs)).containsExactlyInAnyOrder("siglterms#sgl", "sigsterms#sgk");
    assertThat(aggs.at("/siglterms#sgl/buckets/0/key").toString()).isEqualTo("1");
    assertThat(aggs.at("/sigsterms#sgk/buckets/0/key").toString()).isEqualTo("\"a\"");
  }

  @Test
  void typedKeysFalseOrAbsentLeavesNamesAlone() throws Exception {
    String body = "{\"size\":0,\"aggs\":{\"x\":{\"max\":{\"field\":\"t\"}}}}";
    for (String path : new String[] {"/idx/_search?typed_keys=false", "/idx/_search"}) {
      var r = http.send("POST", path, body);
      assertThat(JSON.readTree(r.body()).get("aggregations").toString())
          .isEqualTo(
              "{\"x\":{\"value\":1.5805152E12,\"value_as_string\":\"2020-02-01T00:00:00.000Z\"}}");
    }
    assertThat(
            JSON.readTree(http.send("POST", "/idx/_search?typed_keys", body).body())
                .get("aggregations")
                .has("max#x"))
        .isTrue();
    assertRefused(
        "/idx/_search?typed_keys=foo",
        body,
        "Failed to parse value [foo] as only [true] or [false] are allowed.");
  }

  private static String total(String path, String body) throws Exception {
    var r = http.send("POST", path, body);
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body()).at("/hits/total").toString();
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static void assertRefused(String path, String body, String reason) throws Exception {
    var r = http.send("POST", path, body);

    assertThat(r.status()).as(r.body()).isEqualTo(400);
    JsonNode cause = JSON.readTree(r.body()).at("/error/root_cause/0");
    assertThat(cause.path("type").asText()).isEqualTo("illegal_argument_exception");
    assertThat(cause.path("reason").asText()).isEqualTo(reason);
  }
}
