package dev.duet.engine.internal.search;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sorting across indices where a field is a {@code long} in one and a {@code double} in another
 * (compared as numbers, each hit showing its own value), and {@code search_after} given as a date's
 * formatted text, as OpenSearch 3.8.0 answers the REST suite's 260_sort_mixed and 90_search_after.
 */
class MixedNumericSortTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "test_1", IndexSettings.DEFAULTS, mapping("counter", Map.of("type", "long")));
    engine.createIndex(
        "test_2", IndexSettings.DEFAULTS, mapping("counter", Map.of("type", "double")));
    engine.createIndex(
        "dates",
        IndexSettings.DEFAULTS,
        mapping("timestamp", Map.of("type", "date", "format", "yyyy-MM-dd HH:mm:ss.SSS")));
    engine.createIndex(
        "nanos", IndexSettings.DEFAULTS, mapping("timestamp", Map.of("type", "date_nanos")));
    engine.bulk(
        bulk(
            index("test_1", "a", "{\"counter\":223372036854775800}"),
            index("test_2", "b", "{\"counter\":1223372036854775800.23}"),
            index("test_2", "c", "{\"counter\":184.4}"),
            index("dates", "early", "{\"timestamp\":\"2019-10-21 00:30:04.828\"}"),
            index("dates", "late", "{\"timestamp\":\"2019-10-21 08:30:04.828\"}"),
            index("nanos", "early", "{\"timestamp\":\"2019-10-21T00:30:04.828740Z\"}"),
            index("nanos", "late", "{\"timestamp\":\"2019-10-21T08:30:04.828733Z\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static Mapping mapping(String field, Map<String, Object> type) {
    return Mapping.fromMap(Map.of("properties", Map.of(field, type)));
  }

  private static SearchRequest sorted(List<String> indices, String field, SortSpec.SortOrder o) {
    return new SearchRequest(
        indices,
        new Query.MatchAll(1f),
        0,
        10,
        List.of(new SortSpec(field, o)),
        SourceFilter.ALL,
        TrackTotalHits.DEFAULT);
  }

  @Test
  void longAndDoubleValuesSortTogetherAndShowTheirOwnType() {
    List<SearchHit> desc =
        engine
            .search(sorted(List.of("test_1", "test_2"), "counter", SortSpec.SortOrder.DESC))
            .hits();
    assertThat(desc).extracting(SearchHit::id).containsExactly("b", "a", "c");
    assertThat(desc.get(1).sortValues()).containsExactly(223372036854775800L);
    assertThat(desc.get(2).sortValues()).containsExactly(184.4);
    List<SearchHit> asc =
        engine
            .search(sorted(List.of("test_1", "test_2"), "counter", SortSpec.SortOrder.ASC))
            .hits();
    assertThat(asc).extracting(SearchHit::id).containsExactly("c", "a", "b");
  }

  @Test
  void searchAfterTakesADateInItsFieldsFormat() {
    List<SearchHit> dates =
        engine
            .search(
                sorted(List.of("dates"), "timestamp", SortSpec.SortOrder.DESC)
                    .withOptions(new SearchOptions(null, null, List.of("2019-10-21 08:30:04.828"))))
            .hits();
    assertThat(dates).extracting(SearchHit::id).containsExactly("early");
    List<SearchHit> nanos =
        engine
            .search(
                sorted(List.of("nanos"), "timestamp", SortSpec.SortOrder.DESC)
                    .withOptions(
                        new SearchOptions(null, null, List.of("2019-10-21T08:30:04.828733Z"))))
            .hits();
    assertThat(nanos).extracting(SearchHit::id).containsExactly("early");
    assertThat(nanos.get(0).sortValues()).containsExactly(1571617804828740000L);
  }
}
