package dev.duet.server.rest.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.linecorp.armeria.common.HttpData;
import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

/**
 * {@code filter_path} over real response bodies; every expected body is what OpenSearch 3.8.0
 * answered to the same filter over the same response.
 */
class ResponseFilterTest {
  private static final String SEARCH =
      """
      {"took":4,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},\
      "hits":{"total":{"value":3,"relation":"eq"},"max_score":null,"hits":[\
      {"_index":"fp-x","_id":"1","_score":null,"_source":{"title":"one","tag":"b","n":1,\
      "obj":{"a":1,"b":[1,2]}},"sort":[1]},\
      {"_index":"fp-x","_id":"2","_score":null,"_source":{"title":"two","n":2},"sort":[2]}]},\
      "aggregations":{"t":{"doc_count_error_upper_bound":0,"sum_other_doc_count":0,\
      "buckets":[{"key":"a","doc_count":1},{"key":"b","doc_count":1}]},"m":{"value":3.0}}}""";

  private static String filter(String filterPath, String body) throws Exception {
    return ResponseFilter.of(filterPath).apply(HttpData.ofUtf8(body), false).toStringUtf8();
  }

  @Test
  void literalPathsSelectFieldsInsideArraysOfObjects() throws Exception {
    assertThat(filter("took,hits.hits._id", SEARCH))
        .isEqualTo("{\"took\":4,\"hits\":{\"hits\":[{\"_id\":\"1\"},{\"_id\":\"2\"}]}}");
    assertThat(filter("hits.hits._source.title", SEARCH))
        .isEqualTo(
            "{\"hits\":{\"hits\":[{\"_source\":{\"title\":\"one\"}},"
                + "{\"_source\":{\"title\":\"two\"}}]}}");
    assertThat(filter("hits.total", SEARCH))
        .isEqualTo("{\"hits\":{\"total\":{\"value\":3,\"relation\":\"eq\"}}}");
  }

  @Test
  void objectsLeftEmptyAreDroppedAndArraysOfScalarsKeptWhole() throws Exception {
    assertThat(filter("hits.hits._source.obj.b", SEARCH))
        .isEqualTo("{\"hits\":{\"hits\":[{\"_source\":{\"obj\":{\"b\":[1,2]}}}]}}");
    assertThat(filter("hits.hits.sort", SEARCH))
        .isEqualTo("{\"hits\":{\"hits\":[{\"sort\":[1]},{\"sort\":[2]}]}}");
  }

  @Test
  void singleWildcardMatchesOneNameOrPartOfOne() throws Exception {
    assertThat(filter("aggregations.*.buckets.key", SEARCH))
        .isEqualTo("{\"aggregations\":{\"t\":{\"buckets\":[{\"key\":\"a\"},{\"key\":\"b\"}]}}}");
    assertThat(filter("*.total", SEARCH))
        .isEqualTo(
            "{\"_shards\":{\"total\":1},\"hits\":{\"total\":{\"value\":3,\"relation\":\"eq\"}}}");
    assertThat(filter("hits.hi*._id", SEARCH)).isEqualTo(filter("hits.hits._id", SEARCH));
    assertThat(filter("*ource.*b*", "{\"_id\":\"1\",\"_source\":{\"obj\":{\"a\":1},\"c\":2}}"))
        .isEqualTo("{\"_source\":{\"obj\":{\"a\":1}}}");
    assertThat(FilterPath.simpleMatch("a*b*c", "aXbYbZc")).isTrue();
    assertThat(FilterPath.simpleMatch("a*b*c", "aXc")).isFalse();
    assertThat(FilterPath.simpleMatch("ab*ab", "ab")).isFalse();
  }

  @Test
  void doubleWildcardSpansOneOrMoreLevelsButNotNone() throws Exception {
    assertThat(filter("**._id", SEARCH))
        .isEqualTo("{\"hits\":{\"hits\":[{\"_id\":\"1\"},{\"_id\":\"2\"}]}}");
    assertThat(filter("**._id", "{\"_id\":\"1\",\"found\":true}")).isEqualTo("{}");
    assertThat(filter("hits.**.total", SEARCH)).isEqualTo("{}");
    assertThat(filter("hits.**.value", SEARCH)).isEqualTo("{\"hits\":{\"total\":{\"value\":3}}}");
    assertThat(filter("**", SEARCH)).isEqualTo(SEARCH);
  }

  @Test
  void exclusionsDropWhatTheyMatchAndWinOverInclusions() throws Exception {
    assertThat(filter("-hits.hits._source,-aggregations,-_shards,-took", SEARCH))
        .isEqualTo(
            "{\"timed_out\":false,\"hits\":{\"total\":{\"value\":3,\"relation\":\"eq\"},"
                + "\"max_score\":null,\"hits\":[{\"_index\":\"fp-x\",\"_id\":\"1\",\"_score\":null,"
                + "\"sort\":[1]},{\"_index\":\"fp-x\",\"_id\":\"2\",\"_score\":null,"
                + "\"sort\":[2]}]}}");
    assertThat(filter("-hits.hits.*,-took,-timed_out,-_shards,-aggregations", SEARCH))
        .isEqualTo("{\"hits\":{\"total\":{\"value\":3,\"relation\":\"eq\"},\"max_score\":null}}");
    assertThat(filter("-**._source,hits.hits._id", SEARCH))
        .isEqualTo(filter("hits.hits._id", SEARCH));
    assertThat(filter("hits.hits._id,-hits.hits._id", SEARCH)).isEqualTo("{}");
    assertThat(
            filter(
                "_source,-_source.obj.b",
                "{\"_id\":\"1\",\"_source\":{\"n\":1,\"obj\":{\"a\":1,\"b\":[2]}}}"))
        .isEqualTo("{\"_source\":{\"n\":1,\"obj\":{\"a\":1}}}");
  }

  @Test
  void aFilterThatMatchesNothingLeavesTheRootObjectOrNothingOfARootArray() throws Exception {
    assertThat(filter("nothing", SEARCH)).isEqualTo("{}");
    assertThat(filter("hits..total", SEARCH)).isEqualTo("{}");
    assertThat(filter("hits.hits.1", SEARCH)).isEqualTo("{}");
    assertThat(filter("-*", SEARCH)).isEqualTo("{}");
    String cat = "[{\"health\":\"green\",\"index\":\"a\",\"docs.count\":\"3\"},{\"index\":\"b\"}]";
    assertThat(filter("nothing", cat)).isEmpty();
    assertThat(filter("*.index", cat)).isEmpty();
    assertThat(filter("index", cat)).isEqualTo("[{\"index\":\"a\"},{\"index\":\"b\"}]");
  }

  @Test
  void anEscapedDotIsPartOfAName() throws Exception {
    String cat = "[{\"index\":\"a\",\"docs.count\":\"3\",\"docs\":{\"count\":4}}]";
    assertThat(filter("docs\\.count", cat)).isEqualTo("[{\"docs.count\":\"3\"}]");
    assertThat(filter("docs.count", cat)).isEqualTo("[{\"docs\":{\"count\":4}}]");
  }

  @Test
  void anEmptyMatchedObjectIsKeptAndEmptyMatchedArraysToo() throws Exception {
    assertThat(filter("persistent", "{\"persistent\":{},\"transient\":{}}"))
        .isEqualTo("{\"persistent\":{}}");
    assertThat(filter("hits.hits,took", "{\"took\":2,\"hits\":{\"total\":0,\"hits\":[]}}"))
        .isEqualTo("{\"took\":2,\"hits\":{\"hits\":[]}}");
  }

  @Test
  void numbersPassAsRenderedAndPrettyIndents() throws Exception {
    assertThat(filter("m", "{\"m\":{\"value\":3.0,\"big\":1.0E300,\"n\":12345678901234567890}}"))
        .isEqualTo("{\"m\":{\"value\":3.0,\"big\":1.0E300,\"n\":12345678901234567890}}");
    assertThat(
            ResponseFilter.of("hits.total.value")
                .apply(HttpData.ofUtf8(SEARCH), true)
                .toStringUtf8())
        .isEqualTo("{\n  \"hits\" : {\n    \"total\" : {\n      \"value\" : 3\n    }\n  }\n}");
  }

  @Test
  void blanksAndCommasAloneAreNoFilterAndALoneDashIsRefused() throws Exception {
    assertThat(ResponseFilter.of(null)).isNull();
    assertThat(ResponseFilter.of("")).isNull();
    assertThat(ResponseFilter.of(",")).isNull();
    assertThat(filter(" took ,hits.total.relation", SEARCH))
        .isEqualTo("{\"took\":4,\"hits\":{\"total\":{\"relation\":\"eq\"}}}");
    assertThat(filter("_id,", "{\"_id\":\"1\",\"found\":true}")).isEqualTo("{\"_id\":\"1\"}");
    assertThat(filter("-_id,-", "{\"_id\":\"1\",\"found\":true}")).isEqualTo("{\"found\":true}");
    assertThatThrownBy(() -> ResponseFilter.of("_id,-"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.reason()).isEqualTo("filters cannot be null or empty");
            });
  }
}
