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
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code unsigned_long} field through the whole engine — indexed, searched, sorted, paged with
 * search_after, aggregated and returned — answering as OpenSearch 3.8.0 answered the same requests
 * (its REST suite's {@code search/260_sort_unsigned_long} and {@code 90_search_after}).
 */
class UnsignedLongEngineTest {
  private static final BigInteger MAX = new BigInteger("18446744073709551615");

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "ul",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("u", Map.of("type", "unsigned_long")))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc("1", "{\"u\":[13835058055282163712,1]}"),
                    doc("2", "{\"u\":[13835058055282163713,13835058055282163714]}"),
                    doc("3", "{\"u\":[13835058055282163715,13835058055282163716,2]}"),
                    doc("4", "{\"u\":[13835058055282163722,5,6,7]}"),
                    doc("5", "{\"u\":\"18446744073709551615\"}"),
                    doc("6", "{\"u\":\"10223372036854775807.23\"}"),
                    doc("7", "{\"other\":1}")),
                RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "ul", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private SearchRequest request(Query query, SortSpec... sort) {
    return new SearchRequest(
        List.of("ul"), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private List<String> ids(Query query) {
    return engine.search(request(query)).hits().stream().map(SearchHit::id).sorted().toList();
  }

  private List<Object> firstSortValues(SearchResponse response) {
    return response.hits().stream().map(h -> h.sortValues().get(0)).toList();
  }

  @Test
  void valuesOutOfRangeOrMalformedAreRefusedInOpenSearchWords() {
    BulkResponse refused =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc("8", "{\"u\":-1}"),
                    doc("9", "{\"u\":18446744073709551616}"),
                    doc("10", "{\"u\":\"abc\"}")),
                RefreshPolicy.NONE));

    assertThat(refused.items())
        .extracting(i -> i.failure().causedBy().reason())
        .containsExactly(
            "Value [-1] is out of range for an unsigned long",
            "Value [18446744073709551616] is out of range for an unsigned long",
            "For input string: \"abc\"");
  }

  @Test
  void termTermsRangeAndExistsMatchAcrossTheWholeRange() {
    assertThat(ids(new Query.Term("u", "18446744073709551615", 1f))).containsExactly("5");
    // The decimal part of an indexed string was dropped; a decimal term matches nothing.
    assertThat(ids(new Query.Term("u", "10223372036854775807", 1f))).containsExactly("6");
    assertThat(ids(new Query.Term("u", 1.5, 1f))).isEmpty();
    assertThat(ids(new Query.Terms("u", List.of(1L, "18446744073709551615"), 1f)))
        .containsExactly("1", "5");
    assertThat(ids(new Query.Terms("u", List.of(2L, -5L), 1f))).containsExactly("3");
    assertThat(ids(new Query.Range("u", "13835058055282163714", null, null, null, null, 1f)))
        .containsExactly("3", "4", "5");
    assertThat(ids(new Query.Range("u", null, 1.5, 3L, null, null, 1f))).containsExactly("3");
    assertThat(ids(new Query.Range("u", MAX.toString(), null, null, null, null, 1f))).isEmpty();
    assertThat(ids(new dev.duet.engine.search.Exists("u", 1f)))
        .containsExactly("1", "2", "3", "4", "5", "6");
    assertThatThrownBy(() -> ids(new Query.Term("u", -1L, 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("Value [-1] is out of range for an unsigned long");
  }

  @Test
  void sortsOrderTheWholeRangeAndShowTheNumbers() {
    SearchResponse desc =
        engine.search(request(new Query.MatchAll(1f), new SortSpec("u", SortSpec.SortOrder.DESC)));
    // Missing sorts last as the type's smallest value, 0, as OpenSearch shows it.
    assertThat(firstSortValues(desc))
        .containsExactly(
            MAX,
            new BigInteger("13835058055282163722"),
            new BigInteger("13835058055282163716"),
            new BigInteger("13835058055282163714"),
            new BigInteger("13835058055282163712"),
            new BigInteger("10223372036854775807"),
            0L);
    SearchResponse asc =
        engine.search(request(new Query.MatchAll(1f), new SortSpec("u", SortSpec.SortOrder.ASC)));
    assertThat(firstSortValues(asc))
        .containsExactly(
            1L,
            2L,
            5L,
            new BigInteger("10223372036854775807"),
            new BigInteger("13835058055282163713"),
            MAX,
            MAX);
  }

  @Test
  void sortModesWrapAtTwoToTheSixtyFourAsOpenSearchDoes() {
    // Sums wrap modulo 2^64 and averages round half up, as in OpenSearch's
    // search/260_sort_unsigned_long (which these documents 1 to 4 come from).
    SearchResponse sum =
        engine.search(
            request(
                new Query.MatchAll(1f), new SortSpec("u", SortSpec.SortOrder.DESC, "sum", null)));
    assertThat(sum.hits())
        .extracting(SearchHit::id)
        .containsExactly("5", "4", "1", "6", "3", "2", "7");
    assertThat(firstSortValues(sum))
        .containsExactly(
            MAX,
            new BigInteger("13835058055282163740"),
            new BigInteger("13835058055282163713"),
            new BigInteger("10223372036854775807"),
            new BigInteger("9223372036854775817"),
            new BigInteger("9223372036854775811"),
            0L);
    SearchResponse avg =
        engine.search(
            request(
                new Query.MatchAll(1f), new SortSpec("u", SortSpec.SortOrder.DESC, "avg", null)));
    assertThat(firstSortValues(avg))
        .containsExactly(
            MAX,
            new BigInteger("10223372036854775807"),
            6917529027641081857L,
            4611686018427387906L,
            3458764513820540935L,
            3074457345618258606L,
            0L);
    SearchResponse median =
        engine.search(
            request(
                new Query.MatchAll(1f), new SortSpec("u", SortSpec.SortOrder.ASC, "median", null)));
    assertThat(median.hits())
        .extracting(SearchHit::id)
        .containsExactly("4", "2", "1", "6", "3", "5", "7");
    assertThat(firstSortValues(median).subList(0, 5))
        .containsExactly(
            7L,
            4611686018427387906L,
            6917529027641081857L,
            new BigInteger("10223372036854775807"),
            new BigInteger("13835058055282163715"));
  }

  @Test
  void aSortAcrossIndicesWhereTheFieldIsUnsignedInOneOnlyFails() {
    engine.createIndex(
        "ul-long",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("u", Map.of("type", "long")))));
    SearchRequest both =
        new SearchRequest(
            List.of("ul", "ul-long"),
            new Query.MatchAll(1f),
            0,
            10,
            List.of(new SortSpec("u", SortSpec.SortOrder.ASC)),
            SourceFilter.ALL,
            TrackTotalHits.DEFAULT);

    assertThatThrownBy(() -> engine.search(both))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("search_phase_execution_exception");
            })
        .cause()
        .hasMessage(
            "Can't do sort across indices, as a field has [unsigned_long] type in one index, and"
                + " different type in another index!");
  }

  @Test
  void searchAfterTakesTheNumbersSortValuesShow() {
    SearchResponse page =
        engine.search(
            request(new Query.MatchAll(1f), new SortSpec("u", SortSpec.SortOrder.ASC))
                .withOptions(new SearchOptions(null, null, List.of("13835058055282163713"))));
    assertThat(page.hits()).extracting(SearchHit::id).containsExactly("5", "7");
  }

  @Test
  void aggregationsKeyBucketsByTheNumbersAndComputeInDoubles() {
    SearchResponse response =
        engine.search(
            new SearchRequest(
                    List.of("ul"),
                    new Query.MatchAll(1f),
                    0,
                    0,
                    List.of(),
                    SourceFilter.ALL,
                    TrackTotalHits.DEFAULT)
                .withAggregations(
                    List.of(
                        new Aggregation.Terms("t", "u", 3, -1, List.of(), 1, null, null, List.of()),
                        new Aggregation.Metric(
                            "mx", Aggregation.MetricKind.MAX, "u", null, null, 2),
                        new Aggregation.Metric(
                            "mn", Aggregation.MetricKind.MIN, "u", null, null, 2))));

    AggregationResult.Buckets terms = (AggregationResult.Buckets) response.aggregations().get(0);
    assertThat(terms.kind()).isEqualTo(AggregationResult.Kind.UNSIGNED_LONG_TERMS);
    assertThat(terms.buckets())
        .extracting(AggregationResult.Bucket::key)
        .containsExactly(1L, 2L, 5L);
    assertThat(terms.buckets())
        .extracting(AggregationResult.Bucket::keyAsString)
        .containsOnlyNulls();
    AggregationResult.SingleValue max =
        (AggregationResult.SingleValue) response.aggregations().get(1);
    assertThat(max.value().doubleValue()).isEqualTo(1.8446744073709552E19);
    assertThat(max.valueAsString()).isEqualTo("1.8446744073709552E19");
    AggregationResult.SingleValue min =
        (AggregationResult.SingleValue) response.aggregations().get(2);
    assertThat(min.value().doubleValue()).isEqualTo(1.0);
  }

  @Test
  void docvalueFieldsAndTheFieldsOptionShowTheNumbers() {
    SearchRequest five = request(new Query.Term("u", MAX.toString(), 1f));
    FetchOptions docValues =
        new FetchOptions(
            null, List.of(new FieldAndFormat("u", null)), null, false, List.of(), false);
    FetchOptions fields =
        new FetchOptions(
            null, List.of(), null, false, List.of(new FieldAndFormat("u", null)), false);

    assertThat(engine.search(five.withFetch(docValues)).hits().get(0).details().fields())
        .containsEntry("u", List.of(MAX));
    assertThat(engine.search(five.withFetch(fields)).hits().get(0).details().fields())
        .containsEntry("u", List.of(MAX));
  }
}
