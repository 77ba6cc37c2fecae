package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.engine.search.Query;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class AggregationsDecoderTest {
  private static List<Aggregation> decode(String aggs) throws Exception {
    byte[] b = ("{\"size\":0,\"aggs\":" + aggs + "}").getBytes(StandardCharsets.UTF_8);
    return SearchRequestDecoder.decode(
            List.of("i"),
            b,
            0,
            b.length,
            new SearchRequestDecoder.UrlParams(null, null, null, null, null, null, null))
        .aggregations();
  }

  @Test
  void termsWithSubAggregationsBeforeOrAfterTheBody() throws Exception {
    List<Aggregation> aggs =
        decode(
            "{\"a\":{\"aggs\":{\"m\":{\"max\":{\"field\":\"p\"}}},\"terms\":{\"field\":\"k\"}},"
                + "\"b\":{\"terms\":{\"field\":\"k\",\"size\":3,\"order\":{\"_key\":\"asc\"}}}}");

    assertThat(aggs).extracting(Aggregation::name).containsExactly("a", "b");
    Aggregation.Terms a = (Aggregation.Terms) aggs.get(0);
    assertThat(a.size()).isEqualTo(10);
    assertThat(a.minDocCount()).isEqualTo(1);
    assertThat(a.subAggregations())
        .containsExactly(new Aggregation.Metric("m", MetricKind.MAX, "p", null, null, 2));
    Aggregation.Terms b = (Aggregation.Terms) aggs.get(1);
    assertThat(b.size()).isEqualTo(3);
    assertThat(b.order()).containsExactly(BucketOrder.KEY_ASC);
  }

  @Test
  void filtersKeyedAndAnonymous() throws Exception {
    List<Aggregation> aggs =
        decode(
            "{\"k\":{\"filters\":{\"filters\":{\"x\":{\"term\":{\"f\":\"v\"}}}}},"
                + "\"a\":{\"filters\":{\"filters\":[{\"match_all\":{}}],\"other_bucket_key\":\"o\"}}}");

    Aggregation.Filters keyed = (Aggregation.Filters) aggs.get(0);
    assertThat(keyed.keyed()).isTrue();
    assertThat(keyed.filters()).containsOnlyKeys("x");
    assertThat(keyed.filters().get("x")).isInstanceOf(Query.Term.class);
    Aggregation.Filters anonymous = (Aggregation.Filters) aggs.get(1);
    assertThat(anonymous.keyed()).isFalse();
    assertThat(anonymous.otherBucket()).isTrue();
    assertThat(anonymous.otherBucketKey()).isEqualTo("o");
  }

  @Test
  void dateHistogramIntervalsAreCheckedWhileParsing() {
    assertThatThrownBy(
            () ->
                decode(
                    "{\"h\":{\"date_histogram\":{\"field\":\"d\",\"calendar_interval\":\"fortnight\"}}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("x_content_parse_exception");
              assertThat(e.reason())
                  .isEqualTo("[1:74] [date_histogram] failed to parse field [calendar_interval]");
              assertThat(e.causedBy().reason())
                  .isEqualTo(
                      "The supplied interval [fortnight] could not be parsed as a calendar"
                          + " interval.");
            });
  }

  @Test
  void unknownTypeIsAParsingExceptionAtItsBody() {
    assertThatThrownBy(() -> decode("{\"x\":{\"nope\":{\"field\":\"p\"}}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parsing_exception");
              assertThat(e.reason()).isEqualTo("Unknown aggregation type [nope]");
              assertThat(e.metadata()).containsEntry("line", "1").containsEntry("col", "31");
              assertThat(e.causedBy().type()).isEqualTo("named_object_not_found_exception");
              assertThat(e.causedBy().reason()).isEqualTo("[1:31] unknown field [nope]");
            });
  }

  @Test
  void twoTypesInOneAggregation() {
    assertThatThrownBy(
            () -> decode("{\"x\":{\"terms\":{\"field\":\"k\"},\"min\":{\"field\":\"p\"}}}"))
        .hasMessageContaining("Found two aggregation type definitions in [x]: [terms] and [min]");
  }

  @Test
  void metricsTakeNoSubAggregations() {
    assertThatThrownBy(
            () ->
                decode(
                    "{\"x\":{\"avg\":{\"field\":\"p\"},\"aggs\":{\"y\":{\"min\":{\"field\":\"p\"}}}}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.reason())
                  .isEqualTo("Aggregator [x] of type [avg] cannot accept sub-aggregations");
            });
  }

  @Test
  void unknownBodyFieldNamesItsType() {
    assertThatThrownBy(() -> decode("{\"x\":{\"terms\":{\"field\":\"k\",\"foo\":1}}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.reason()).isEqualTo("[1:45] [terms] unknown field [foo]"));
  }
}
