package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code half_float} field through the whole engine — indexed, searched, sorted, aggregated and
 * returned — answering as OpenSearch 3.8.0 answered the same requests (index {@code fields-hf}).
 */
class HalfFloatEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "hf",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of("h", Map.of("type", "half_float"), "k", Map.of("type", "keyword")))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc("1", "{\"h\":1.1,\"k\":\"a\"}"),
                    doc("2", "{\"h\":[2.5,\"3.3\"],\"k\":\"b\"}"),
                    doc("3", "{\"k\":\"d\"}")),
                RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "hf", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private SearchResponse search(Query query, SortSpec... sort) {
    return engine.search(
        new SearchRequest(
            List.of("hf"), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT));
  }

  private List<String> ids(Query query) {
    return search(query).hits().stream().map(SearchHit::id).sorted().toList();
  }

  private static Query.Range range(Object gt, Object gte, Object lt, Object lte) {
    return new Query.Range("h", gt, gte, lt, lte, null, 1f);
  }

  @Test
  void aValuePastHalfPrecisionIsRefusedAsOpenSearchRefusesIt() {
    BulkResponse refused =
        engine.bulk(new BulkRequest(List.of(doc("4", "{\"h\":70000}")), RefreshPolicy.NONE));

    assertThat(refused.items().get(0).failure().reason())
        .isEqualTo(
            "failed to parse field [h] of type [half_float] in document with id '4'."
                + " Preview of field's value: '70000'");
    assertThat(refused.items().get(0).failure().causedBy().reason())
        .isEqualTo("[half_float] supports only finite values, but got [70000.0]");
  }

  @Test
  void termRangeAndTermsQueriesMatchWhatOpenSearchMatches() {
    assertThat(ids(new Query.Term("h", 1.1, 1f))).containsExactly("1");
    assertThat(ids(range(null, 1.1, null, null))).containsExactly("2");
    assertThat(ids(range(null, null, null, 1.1))).containsExactly("1");
    assertThat(ids(range(1.0996, null, null, null))).containsExactly("1", "2");
    assertThat(ids(new Query.Terms("h", List.of(1.1, 2.5), 1f))).containsExactly("1", "2");
    assertThat(ids(new dev.duet.engine.search.Exists("h", 1f))).containsExactly("1", "2");
    assertThatThrownBy(() -> ids(new dev.duet.engine.search.Prefix("h", "1", false, 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "Can only use prefix queries on keyword and text fields - not on [h] which is of"
                + " type [half_float]");
  }

  @Test
  void sortValuesAreTheRoundedFloatsAndAMissingValueSortsAsInfinity() {
    // Floats leave the engine through their decimal form, as OpenSearch prints them (1.0996094).
    SearchResponse sorted =
        search(new Query.MatchAll(1f), new SortSpec("h", SortSpec.SortOrder.ASC));

    assertThat(sorted.hits().stream().map(SearchHit::sortValues).toList())
        .containsExactly(List.of(1.0996094), List.of(2.5), List.of(Double.POSITIVE_INFINITY));
  }

  @Test
  void aggregationsSeeTheValuesWidenedToDoubles() {
    SearchResponse response =
        engine.search(
            new SearchRequest(
                    List.of("hf"),
                    new Query.MatchAll(1f),
                    0,
                    0,
                    List.of(),
                    SourceFilter.ALL,
                    TrackTotalHits.DEFAULT)
                .withAggregations(
                    List.of(
                        new Aggregation.Metric("s", Aggregation.MetricKind.SUM, "h", null, null, 2),
                        new Aggregation.Metric(
                            "mx", Aggregation.MetricKind.MAX, "h", null, null, 2))));

    assertThat(response.aggregations())
        .extracting(r -> ((AggregationResult.SingleValue) r).value().doubleValue())
        .containsExactly(6.900390625, 3.30078125);
  }

  @Test
  void docvalueFieldsShowDoublesAndTheFieldsOptionTheSourceFloats() {
    FetchOptions docValues =
        new FetchOptions(
            null, List.of(new FieldAndFormat("h", null)), null, false, List.of(), false);
    FetchOptions fields =
        new FetchOptions(
            null, List.of(), null, false, List.of(new FieldAndFormat("h", null)), false);
    FetchOptions formatted =
        new FetchOptions(
            null, List.of(), null, false, List.of(new FieldAndFormat("h", "0.00")), false);
    SearchRequest two =
        new SearchRequest(
            List.of("hf"),
            new Query.Term("k", "b", 1f),
            0,
            10,
            List.of(),
            SourceFilter.ALL,
            TrackTotalHits.DEFAULT);

    assertThat(engine.search(two.withFetch(docValues)).hits().get(0).details().fields())
        .containsEntry("h", List.of(2.5, 3.30078125));
    assertThat(engine.search(two.withFetch(fields)).hits().get(0).details().fields())
        .containsEntry("h", List.of(2.5f, 3.3f));
    assertThatThrownBy(() -> engine.search(two.withFetch(formatted)))
        .isInstanceOf(DuetException.class)
        .hasMessage("Field [h] of type [half_float] doesn't support formats.");
  }
}
