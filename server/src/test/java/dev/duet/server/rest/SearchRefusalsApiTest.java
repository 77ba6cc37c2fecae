package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code intervals} query and {@code indices_boost} over REST, and the search requests
 * OpenSearch refuses: each status, type and reason is what OpenSearch 3.8.0 answered to the same
 * request.
 */
class SearchRefusalsApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();

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
        {"mappings":{"properties":{"text":{"type":"text"},"k":{"type":"keyword"},
         "i":{"type":"integer"}}}}""");
    http.send(
        "POST",
        "/idx/_bulk?refresh=true",
        """
        {"index":{"_id":"1"}}
        {"text":"Some like hot and dry, some like it cold and wet","k":"a","i":1}
        {"index":{"_id":"2"}}
        {"text":"Its cold outside, theres no kind of atmosphere","k":"b","i":2}
        """,
        "application/x-ndjson");
    for (String index : new String[] {"boost_1", "boost_2"}) {
      http.send("PUT", "/" + index + "/_doc/1?refresh=true", "{\"foo\":\"bar\"}");
    }
    http.send("PUT", "/boost_1/_alias/alias_1");
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void intervalsMatchesAndScoresAsOpenSearch() throws Exception {
    JsonNode hits =
        ok(
                "/idx/_search",
                """
            {"query":{"intervals":{"text":{"match":{"query":"cold outside"},"boost":2}}}}""")
            .get("hits");
    assertThat(hits.get("total").get("value").asInt()).isEqualTo(1);
    assertThat(hits.get("hits").get(0).get("_score").floatValue()).isEqualTo(1f);
    JsonNode filtered =
        ok(
            "/idx/_search",
            """
            {"query":{"intervals":{"text":{"all_of":{"intervals":[{"match":{"query":"cold"}},
             {"prefix":{"prefix":"out"}}],"mode":"ordered","max_gaps":0,
             "filter":{"not_containing":{"match":{"query":"is"}}}}}}}}""");
    assertThat(filtered.get("hits").get("total").get("value").asInt()).isEqualTo(1);
  }

  @Test
  void indicesBoostOrdersHitsByIndexInEitherFormTheFirstMatchWinning() throws Exception {
    assertThat(boostedOrder("{\"indices_boost\":{\"boost_1\":2.0,\"boost_2\":1.0}}"))
        .isEqualTo("boost_1,boost_2");
    assertThat(boostedOrder("{\"indices_boost\":[{\"boost_1\":1.0},{\"boost_2\":2.0}]}"))
        .isEqualTo("boost_2,boost_1");
    assertThat(boostedOrder("{\"indices_boost\":[{\"alias_1\":2.0}]}"))
        .isEqualTo("boost_1,boost_2");
    assertThat(boostedOrder("{\"indices_boost\":[{\"*_2\":2.0}]}")).isEqualTo("boost_2,boost_1");
    assertThat(
            boostedOrder("{\"indices_boost\":[{\"*_1\":1.0},{\"boost_2\":2.0},{\"alias_1\":3.0}]}"))
        .isEqualTo("boost_2,boost_1");
    RestClient.Response missing =
        http.send(
            "POST",
            "/boost_*/_search",
            "{\"indices_boost\":[{\"nonexistent\":2.0},{\"boost_1\":1.0}]}");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).contains("no such index [nonexistent]");
    assertThat(
            boostedOrder(
                "/boost_*/_search?ignore_unavailable=true",
                "{\"indices_boost\":[{\"nonexistent\":3.0},{\"boost_2\":2.0}]}"))
        .isEqualTo("boost_2,boost_1");
  }

  private static String boostedOrder(String body) throws Exception {
    return boostedOrder("/boost_*/_search", body);
  }

  private static String boostedOrder(String path, String body) throws Exception {
    JsonNode hits = ok(path, body).get("hits").get("hits");
    StringBuilder order = new StringBuilder();
    for (JsonNode hit : hits) {
      order.append(order.isEmpty() ? "" : ",").append(hit.get("_index").asText());
    }
    return order.toString();
  }

  @Test
  void intervalsParseErrorsAreOpenSearchs() throws Exception {
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"text\":{\"foo\":{\"query\":\"a\"}}}}}",
        400,
        "parsing_exception",
        "Unknown interval type [foo], expecting one of [match, any_of, all_of, prefix, wildcard,"
            + " regexp]");
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"text\":{\"match\":{\"query\":\"cold\",\"bad\":1}}}}}",
        400,
        "x_content_parse_exception",
        "[1:56] [match] unknown field [bad]");
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"text\":{\"match\":{\"query\":\"cold\"},"
            + "\"prefix\":{\"prefix\":\"c\"}}}}}",
        400,
        "parsing_exception",
        "Only one interval rule can be specified, found [match] and [prefix]");
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"text\":{}}}}",
        400,
        "parsing_exception",
        "Missing intervals from interval query definition");
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"text\":{\"match\":{}}}}}",
        400,
        "illegal_argument_exception",
        "Required [query]");
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"text\":{\"match\":{\"query\":\"cold\",\"mode\":\"xx\"}}}}}",
        400,
        "x_content_parse_exception",
        "Failed to build [match] after last required field arrived");
    assertError(
        "/idx/_search",
        "{\"query\":{\"intervals\":{\"k\":{\"match\":{\"query\":\"a\"}}}}}",
        400,
        "search_phase_execution_exception",
        "all shards failed");
  }

  @Test
  void scrollValidationListsOpenSearchsProblemsInItsOrder() throws Exception {
    assertError(
        "/idx/_search?scroll=1m&request_cache=true",
        "{\"query\":{\"match_all\":{}},\"size\":0}",
        400,
        "action_request_validation_exception",
        "Validation Failed: 1: [size] cannot be [0] in a scroll context;2: [request_cache] cannot"
            + " be used in a scroll context;");
    assertThat(
            causedBy(
                "/idx/_search?scroll=1m", "{\"collapse\":{\"field\":\"k\"}}", "search_exception"))
        .isEqualTo("cannot use `collapse` in a scroll context");
    assertError(
        "/idx/_search",
        "{\"collapse\":{\"field\":\"k\"},\"rescore\":{\"window_size\":20,"
            + "\"query\":{\"rescore_query\":{\"match_all\":{}}}}}",
        400,
        "search_exception",
        "cannot use `collapse` in conjunction with `rescore`");
  }

  @Test
  void searchParametersAreCheckedAsOpenSearchChecksThem() throws Exception {
    assertError(
        "/idx/_search?search_type=query_and_fetch",
        "{}",
        400,
        "illegal_argument_exception",
        "Unsupported search type [query_and_fetch]");
    assertError(
        "/idx/_search?search_type=bogus",
        "{}",
        400,
        "illegal_argument_exception",
        "No search type for [bogus]");
    assertError(
        "/idx/_search?batched_reduce_size=1",
        "{}",
        400,
        "illegal_argument_exception",
        "batchedReduceSize must be >= 2");
    assertError(
        "/idx/_search?pre_filter_shard_size=0",
        "{}",
        400,
        "illegal_argument_exception",
        "preFilterShardSize must be >= 1");
    assertThat(http.send("POST", "/idx/_search?search_type=dfs_query_then_fetch", "{}").status())
        .isEqualTo(200);
    assertError(
        "/idx/_search",
        "{\"query\":{\"multi_match\":{\"query\":\"b\",\"type\":\"bool_prefix\","
            + "\"fields\":[\"text\"],\"slop\":1}}}",
        400,
        "parsing_exception",
        "[slop] not allowed for type [bool_prefix]");
    assertError(
        "/idx/_search",
        "{\"query\":{\"multi_match\":{\"query\":\"b\",\"type\":\"bool_prefix\","
            + "\"fields\":[\"text\"],\"cutoff_frequency\":0.001}}}",
        400,
        "parsing_exception",
        "[cutoff_frequency] not allowed for type [bool_prefix]");
  }

  @Test
  void aggregationArgumentsAreCheckedAsOpenSearchChecksThem() throws Exception {
    JsonNode sigma =
        assertError(
            "/idx/_search",
            "{\"aggs\":{\"x\":{\"extended_stats\":{\"field\":\"i\",\"sigma\":-1}}}}",
            400,
            "x_content_parse_exception",
            "[1:53] [extended_stats] failed to parse field [sigma]");
    assertThat(sigma.get("caused_by").get("reason").asText())
        .isEqualTo("[sigma] must be greater than or equal to 0. Found [-1.0] in [x]");
    JsonNode precision =
        assertError(
            "/idx/_search",
            "{\"aggs\":{\"x\":{\"cardinality\":{\"field\":\"i\",\"precision_threshold\":-1}}}}",
            400,
            "x_content_parse_exception",
            "[1:64] [cardinality] failed to parse field [precision_threshold]");
    assertThat(precision.get("caused_by").get("reason").asText())
        .isEqualTo("[precisionThreshold] must be greater than or equal to 0. Found [-1] in [x]");
    assertError(
        "/idx/_search",
        "{\"aggs\":{\"x\":{\"filters\":{\"filters\":[]}}}}",
        400,
        "illegal_argument_exception",
        "[filters] cannot be empty.");
    assertError(
        "/idx/_search",
        "{\"aggs\":{\"t\":{\"terms\":{\"field\":\"i\"},\"aggs\":{\"m\":{\"max\":{\"field\":\"i\"}}}},"
            + "\"b\":{\"bucket_sort\":{\"sort\":[\"t>m\"]}}}}",
        400,
        "action_request_validation_exception",
        "Validation Failed: 1: bucket_sort aggregation [b] must be declared inside of another"
            + " aggregation;");
    assertThat(
            causedBy(
                "/idx/_search",
                "{\"aggs\":{\"t\":{\"terms\":{\"field\":\"i\"},\"aggs\":{\"p\":{\"percentiles\":"
                    + "{\"field\":\"i\"}}}},\"m\":{\"max_bucket\":{\"buckets_path\":\"t>p\"}}}}",
                "aggregation_execution_exception"))
        .isEqualTo(
            "buckets_path must reference either a number value or a single value numeric metric"
                + " aggregation, but [p] contains multiple values. Please specify which to use.");
    assertThat(
            causedBy(
                "/idx/_search",
                "{\"aggs\":{\"t\":{\"terms\":{\"field\":\"i\"},\"aggs\":{\"t2\":{\"terms\":"
                    + "{\"field\":\"i\"}}}},\"m\":{\"max_bucket\":{\"buckets_path\":\"t>t2\"}}}}",
                "aggregation_execution_exception"))
        .isEqualTo(
            "buckets_path must reference either a number value or a single value numeric metric"
                + " aggregation, got: [LongTerms] at aggregation [t2]");
  }

  /**
   * The reason of a failure OpenSearch reports as {@code search_phase_execution_exception} caused
   * by one of {@code type}.
   */
  private static String causedBy(String path, String body, String type) throws Exception {
    JsonNode error = assertError(path, body, 400, "search_phase_execution_exception", null);
    assertThat(error.get("caused_by").get("type").asText()).as(error.toString()).isEqualTo(type);
    return error.get("caused_by").get("reason").asText();
  }

  private static JsonNode ok(String path, String body) throws Exception {
    RestClient.Response r = http.send("POST", path, body);
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  private static JsonNode assertError(
      String path, String body, int status, String type, String reason) throws Exception {
    RestClient.Response r = http.send("POST", path, body);
    assertThat(r.status()).as(r.body()).isEqualTo(status);
    JsonNode error = JSON.readTree(r.body()).get("error");
    assertThat(error.get("type").asText()).as(r.body()).isEqualTo(type);
    if (reason != null) {
      assertThat(error.get("reason").asText()).as(r.body()).isEqualTo(reason);
    }
    return error;
  }
}
