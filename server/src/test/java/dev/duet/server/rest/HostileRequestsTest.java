package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Client mistakes that once hung the node, or answered 500, sent over real HTTP to an in-process
 * node: each is OpenSearch's 4xx (its type and reason, from OpenSearch 3.8.0), and the node still
 * answers a plain search afterwards.
 */
class HostileRequestsTest {
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
        {"mappings":{"properties":{"price":{"type":"integer"},"tag":{"type":"keyword"},
         "date":{"type":"date"},"title":{"type":"text"},
         "v":{"type":"knn_vector","dimension":2}}},
         "settings":{"index.knn":true}}""");
    http.send(
        "PUT",
        "/idx/_doc/1?refresh=true",
        "{\"price\":3,\"tag\":\"a\",\"date\":\"2020-01-01\",\"title\":\"hello world\",\"v\":[1,2]}");
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  static Stream<Arguments> searches() {
    return Stream.of(
        // Once a decoder loop that spun past the end of the body, on the event loop.
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"range\":{\"field\":\"price\",\"ranges\":\"x\"}}}}",
            "x_content_parse_exception",
            "[1:58] [range] ranges doesn't support values of type: VALUE_STRING"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"range\":{\"field\":\"price\",\"ranges\":[3]}}}}",
            "x_content_parse_exception",
            "[1:60] [range] failed to parse field [ranges]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"range\":{\"field\":\"price\",\"ranges\":[[]]}}}}",
            "x_content_parse_exception",
            "[1:59] [range] failed to parse field [ranges]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"multi_terms\":{\"terms\":\"x\"}}}}",
            "x_content_parse_exception",
            "[1:47] [multi_terms] terms doesn't support values of type: VALUE_STRING"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"composite\":{\"sources\":\"x\"}}}}",
            "x_content_parse_exception",
            "[1:47] [composite] sources doesn't support values of type: VALUE_STRING"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"composite\":{\"sources\":[{\"tag\":\"*\"}]}}}}",
            "x_content_parse_exception",
            "[1:55] [composite] failed to parse field [sources]"),
        // OpenSearch 3.8 answers this with a 500 (NegativeArraySizeException).
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"r\":{\"composite\":{\"size\":-2147483648,"
                + "\"sources\":[{\"t\":{\"terms\":{\"field\":\"tag\"}}}]}}}}",
            "illegal_argument_exception",
            "[size] must be greater than 0. Found [-2147483648] in [r]"),
        // Jackson's limits (OpenSearch 3.8 answers these with a 500).
        Arguments.of(
            "{\"query\":" + "{\"bool\":{\"filter\":".repeat(501) + "{}" + "}}".repeat(501) + "}",
            "stream_constraints_exception",
            "Document nesting depth (1001) exceeds the maximum allowed (1000, from"
                + " `StreamReadConstraints.getMaxNestingDepth()`)"),
        Arguments.of(
            "{\"query\":{\"match\":{\"" + "a".repeat(60_000) + "\":\"x\"}}}",
            "stream_constraints_exception",
            "Name length (60000) exceeds the maximum allowed (50000, from"
                + " `StreamReadConstraints.getMaxNameLength()`)"),
        Arguments.of(
            "{\"size\":" + "1".repeat(1100) + "}",
            "stream_constraints_exception",
            "Number value length (1100) exceeds the maximum allowed (1000, from"
                + " `StreamReadConstraints.getMaxNumberLength()`)"));
  }

  @ParameterizedTest
  @MethodSource("searches")
  void searchIsRefusedWithOpenSearchsErrorAndTheNodeStillAnswers(
      String body, String type, String reason) throws Exception {
    var r = http.send("POST", "/idx/_search", body);

    assertThat(r.status()).as(r.body()).isEqualTo(400);
    JsonNode error = JSON.readTree(r.body()).path("error");
    assertThat(error.path("type").asText()).isEqualTo(type);
    assertThat(error.path("reason").asText()).isEqualTo(reason);
    assertStillAnswers();
  }

  /** Bodies that once failed deep inside the node; the root cause OpenSearch 3.8.0 gives. */
  static Stream<Arguments> badParameters() {
    return Stream.of(
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"p\":{\"percentiles\":{\"field\":\"price\","
                + "\"tdigest\":{\"compression\":1e10}}}}}",
            "illegal_argument_exception",
            "[compression] must be greater than 0 and at most [100000]. Found [1.0E10] in [p]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"p\":{\"percentiles\":{\"field\":\"price\","
                + "\"percents\":[-1]}}}}",
            "illegal_argument_exception",
            "percent must be in [0,100], got [-1.0]: [p]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"p\":{\"top_hits\":{\"size\":-1}}}}",
            "illegal_argument_exception",
            "[size] must be greater than or equal to 0. Found [-1] in [p]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"h\":{\"date_histogram\":{\"field\":\"date\","
                + "\"calendar_interval\":\"day\",\"offset\":\"x\"}}}}",
            "x_content_parse_exception",
            "[1:92] [date_histogram] failed to parse field [offset]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"h\":{\"date_histogram\":{\"field\":\"date\","
                + "\"interval\":\"0d\"}}}}",
            "illegal_argument_exception",
            "Zero or negative time interval not supported"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"a\":{\"avg\":{\"field\":\"_source\"}}}}",
            "illegal_argument_exception",
            "Fielddata is not supported on field [_source] of type [_source]"),
        Arguments.of(
            "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"tag\"," + "\"include\":\"[\"}}}}",
            "illegal_argument_exception",
            "unexpected end-of-string"),
        Arguments.of(
            "{\"sort\":[{\"v\":\"asc\"}]}",
            "illegal_argument_exception",
            "Can't load fielddata on [v] because fielddata is unsupported on fields of type"
                + " [knn_vector]. Use doc values instead."),
        Arguments.of(
            "{\"query\":{\"match_all\":{\"boost\":-1}}}",
            "illegal_argument_exception",
            "negative [boost] are not allowed."),
        Arguments.of(
            "{\"query\":{\"match_phrase\":{\"title\":{\"query\":\"a\",\"slop\":-1}}}}",
            "illegal_argument_exception",
            "No negative slop allowed."),
        Arguments.of(
            "{\"query\":{\"fuzzy\":{\"tag\":{\"value\":\"a\",\"prefix_length\":-1}}}}",
            "query_shard_exception",
            "failed to create query: prefixLength cannot be negative."),
        Arguments.of(
            "{\"query\":{\"dis_max\":{\"queries\":[{\"match_all\":{}}],\"tie_breaker\":2}}}",
            "query_shard_exception",
            "failed to create query: tieBreakerMultiplier must be in [0, 1]"),
        Arguments.of(
            "{\"rescore\":{\"window_size\":2147483647,"
                + "\"query\":{\"rescore_query\":{\"match_all\":{}}}}}",
            "illegal_argument_exception",
            "Rescore window [2147483647] is too large. It must be less than [10000]. This"
                + " prevents allocating massive heaps for storing the results to be rescored."
                + " This limit can be set by changing the [index.max_rescore_window] index level"
                + " setting."),
        Arguments.of(
            "{\"query\":{\"knn\":{\"v\":{\"vector\":[1,2],\"k\":1,\"_name\":[\"x\"]}}}}",
            "parsing_exception",
            "[knn] unknown token [START_ARRAY] after [_name]"),
        Arguments.of(
            "{\"sort\":[{\"price\":\"asc\"}],\"search_after\":[null]}",
            "illegal_argument_exception",
            "[search_after] does not support null values"),
        Arguments.of(
            "{\"docvalue_fields\":[{\"field\":[\"tag\"]}]}",
            "x_content_parse_exception",
            "[1:30] [docvalues_field] field doesn't support values of type: START_ARRAY"));
  }

  @ParameterizedTest
  @MethodSource("badParameters")
  void badParameterIsA400WithOpenSearchsRootCause(String body, String type, String reason)
      throws Exception {
    var r = http.send("POST", "/idx/_search", body);

    assertThat(r.status()).as(r.body()).isEqualTo(400);
    JsonNode cause = JSON.readTree(r.body()).at("/error/root_cause/0");
    assertThat(cause.path("type").asText()).as(r.body()).isEqualTo(type);
    assertThat(cause.path("reason").asText()).isEqualTo(reason);
    assertStillAnswers();
  }

  /** OpenSearch has no bucket for an unmapped value; Duet's once read _id's terms as numbers. */
  @Test
  void termsOnIdWithMissingAnswers() throws Exception {
    var r =
        http.send(
            "POST",
            "/idx/_search",
            "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"_id\",\"missing\":\"x\"}}}}");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
  }

  /**
   * A value of a type a decoder did not expect, left unread, once put its key loop inside that
   * value, where there is no key: a NullPointerException, a 500. Found by the fuzzer.
   */
  @Test
  void valueOfTheWrongTypeLeftUnreadIsA400() throws Exception {
    for (String body :
        new String[] {
          "{\"collapse\":{\"field\":[\"x\"]}}",
          "{\"highlight\":{\"fields\":{\"title\":{\"type\":[[1]]}}}}",
          "{\"rescore\":{\"query\":{\"rescore_query\":{\"match_all\":{}},\"x\":[[1]]}}}"
        }) {
      var r = http.send("POST", "/idx/_search", body);

      assertThat(r.status()).as(body + " -> " + r.body()).isEqualTo(400);
      assertThat(JSON.readTree(r.body()).at("/error/type").asText())
          .isIn("json_parse_exception", "x_content_parse_exception");
    }
    assertStillAnswers();
  }

  @Test
  void nullWhereAListOrANameBelongsIsA400() throws Exception {
    var aliases = http.send("POST", "/_aliases", "{\"actions\":null}");
    var analyze =
        http.send(
            "POST",
            "/idx/_analyze",
            "{\"text\":[\"x\"],\"analyzer\":\"standard\",\"filter\":[null]}");

    assertThat(aliases.status()).as(aliases.body()).isEqualTo(400);
    assertThat(JSON.readTree(aliases.body()).at("/error/reason").asText())
        .isEqualTo("[aliases] actions doesn't support values of type: VALUE_NULL");
    assertThat(analyze.status()).as(analyze.body()).isEqualTo(400);
    assertThat(JSON.readTree(analyze.body()).at("/error/root_cause/0/reason").asText())
        .isEqualTo("Expected [VALUE_STRING] or [START_OBJECT], got VALUE_NULL");
    assertStillAnswers();
  }

  /** Found by the long fuzz run: each was a 500 (ClassCastException or NullPointerException). */
  @Test
  void wrongTypedNumbersAndNullTermsAndRemovedIndicesAreClientMistakes() throws Exception {
    var decay =
        http.send(
            "POST",
            "/idx/_search",
            "{\"query\":{\"function_score\":{\"functions\":[{\"gauss\":{\"price\":"
                + "{\"origin\":1,\"scale\":\"1\",\"decay\":true}}}]}}}");
    var boost =
        http.send(
            "POST",
            "/idx/_search",
            "{\"query\":{\"term\":{\"tag\":{\"value\":\"a\",\"boost\":true}}}}");
    var termsSet =
        http.send(
            "POST", "/idx/_search", "{\"query\":{\"terms_set\":{\"tag\":{\"terms\":[null]}}}}");
    http.send("PUT", "/gone", "");
    var aliases =
        http.send(
            "POST",
            "/_aliases",
            "{\"actions\":[{\"remove_index\":{\"index\":\"gone\"}},"
                + "{\"add\":{\"index\":\"gone\",\"alias\":\"g\"}}]}");

    assertThat(decay.status()).as(decay.body()).isEqualTo(400);
    assertThat(boost.status()).as(boost.body()).isEqualTo(400);
    assertThat(termsSet.status()).as(termsSet.body()).isEqualTo(400);
    assertThat(aliases.status()).as(aliases.body()).isEqualTo(404);
    assertThat(http.send("HEAD", "/gone", null).status()).isEqualTo(200); // nothing applied
    assertStillAnswers();
  }

  /** A negative number of fragments means no limit on them, as in OpenSearch. */
  @Test
  void negativeNumberOfFragmentsHighlights() throws Exception {
    var r =
        http.send(
            "POST",
            "/idx/_search",
            "{\"query\":{\"match\":{\"title\":\"hello\"}},"
                + "\"highlight\":{\"fields\":{\"title\":{\"number_of_fragments\":-1}}}}");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(JSON.readTree(r.body()).at("/hits/hits/0/highlight/title/0").asText())
        .isEqualTo("<em>hello</em> world");
  }

  /** OpenSearch reads a scalar in {@code ranges} as a marker before the object that follows. */
  @Test
  void dateRangeWithAScalarBeforeARangeIsOneRange() throws Exception {
    var r =
        http.send(
            "POST",
            "/idx/_search",
            "{\"size\":0,\"aggs\":{\"r\":{\"date_range\":{\"field\":\"date\","
                + "\"ranges\":[\" \",{\"to\":\"2021-01-01\"}]}}}}");

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    JsonNode buckets = JSON.readTree(r.body()).at("/aggregations/r/buckets");
    assertThat(buckets).hasSize(1);
    assertThat(buckets.get(0).path("doc_count").asInt()).isEqualTo(1);
  }

  @Test
  void tooDeepBulkDocumentFailsItsItemOnly() throws Exception {
    for (int depth : new int[] {1001, 10_000}) {
      String doc = "{\"a\":".repeat(depth) + "1" + "}".repeat(depth);
      var r =
          http.send(
              "POST",
              "/_bulk",
              "{\"index\":{\"_index\":\"deep\"}}\n" + doc + "\n",
              "application/x-ndjson");

      assertThat(r.status()).as(r.body()).isEqualTo(200);
      JsonNode item = JSON.readTree(r.body()).at("/items/0/index");
      assertThat(item.path("status").asInt()).isEqualTo(400);
      assertThat(item.at("/error/type").asText()).isEqualTo("mapper_parsing_exception");
    }
    assertStillAnswers();
  }

  private static void assertStillAnswers() throws Exception {
    var r = http.send("POST", "/idx/_search", "{\"query\":{\"match_all\":{}}}");
    assertThat(r.status()).isEqualTo(200);
    assertThat(JSON.readTree(r.body()).at("/hits/total/value").asInt()).isEqualTo(1);
  }
}
