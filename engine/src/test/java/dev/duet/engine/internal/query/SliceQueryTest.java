package dev.duet.engine.internal.query;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchSession;
import dev.duet.engine.search.Slice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Slices of a scroll, cut as OpenSearch cuts one shard. */
public class SliceQueryTest {
  private static final List<String> IDS = new ArrayList<>();

  static {
    for (int i = 1; i <= 20; i++) {
      IDS.add(Integer.toString(i));
    }
    IDS.addAll(List.of("abcd", "xyz", "a-b_c", "Zm9v", "hello world", "007", "ABC", "Qg"));
  }

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "docs",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of("n", Map.of("type", "long"), "k", Map.of("type", "keyword")))));
    List<dev.duet.engine.document.BulkItem> items = new ArrayList<>();
    for (int i = 0; i < IDS.size(); i++) {
      items.add(index("docs", IDS.get(i), "{\"n\":" + (i * 7 - 20) + ",\"k\":\"x\"}"));
    }
    engine.bulk(bulk(items.toArray(dev.duet.engine.document.BulkItem[]::new)));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> slice(Slice slice) {
    SearchRequest request =
        search("docs", matchAll())
            .withOptions(dev.duet.engine.search.SearchOptions.NONE.withSlice(slice))
            .withSession(SearchSession.scroll("1m"));
    request =
        new SearchRequest(
                request.indices(),
                request.query(),
                0,
                100,
                request.sort(),
                request.source(),
                request.trackTotalHits())
            .withOptions(request.options())
            .withSession(request.session());
    return engine.search(request).hits().stream().map(SearchHit::id).toList();
  }

  @Test
  void slicesByIdPartitionTheDocumentsAsOpenSearchDoes() {
    Set<String> all = new HashSet<>();
    int total = 0;
    for (int id = 0; id < 3; id++) {
      List<String> ids = slice(new Slice(id, 3, null));
      all.addAll(ids);
      total += ids.size();
    }
    assertThat(all).hasSize(IDS.size());
    assertThat(total).isEqualTo(IDS.size());
    // What OpenSearch 3.8.0 answered for slice 2 of 3 of these documents on one shard.
    assertThat(slice(new Slice(2, 3, null)))
        .containsExactlyInAnyOrder("9", "14", "16", "19", "Zm9v", "Qg");
  }

  @Test
  void slicesByANumericFieldHashItsValues() {
    // What OpenSearch 3.8.0 answered for slice 2 of 3 by field n.
    assertThat(slice(new Slice(2, 3, "n")))
        .containsExactlyInAnyOrder("4", "7", "10", "11", "13", "19", "hello world", "Qg");
    assertThat(slice(new Slice(0, 3, "_id"))).isEqualTo(slice(new Slice(0, 3, null)));
  }

  @Test
  void aSlicedScrollPagesWithinItsSlice() {
    SearchRequest first =
        new SearchRequest(
                List.of("docs"),
                matchAll(),
                0,
                4,
                List.of(),
                dev.duet.engine.search.SourceFilter.NONE,
                dev.duet.engine.search.TrackTotalHits.DEFAULT)
            .withOptions(dev.duet.engine.search.SearchOptions.NONE.withSlice(new Slice(0, 3, null)))
            .withSession(SearchSession.scroll("1m"));
    var page = engine.search(first);
    List<String> seen = new ArrayList<>(page.hits().stream().map(SearchHit::id).toList());
    while (!page.hits().isEmpty()) {
      page = engine.scroll(page.scrollId(), "1m");
      page.hits().forEach(h -> seen.add(h.id()));
    }
    assertThat(seen).containsExactlyInAnyOrderElementsOf(slice(new Slice(0, 3, null)));
    assertThat(seen).hasSize(10);
  }

  @Test
  void aggregationsSeeTheSliceOnly() {
    SearchRequest request =
        search("docs", matchAll())
            .withOptions(dev.duet.engine.search.SearchOptions.NONE.withSlice(new Slice(2, 3, null)))
            .withSession(SearchSession.scroll("1m"))
            .withAggregations(
                List.of(
                    new dev.duet.engine.search.Aggregation.Metric(
                        "docs",
                        dev.duet.engine.search.Aggregation.MetricKind.VALUE_COUNT,
                        "n",
                        null,
                        null,
                        2)));
    var response = engine.search(request);
    assertThat(response.totalHits().value()).isEqualTo(6);
    var count =
        (dev.duet.engine.search.AggregationResult.SingleValue) response.aggregations().get(0);
    assertThat(count.value()).isEqualTo(6L);
  }

  @Test
  void badSlicesFail() {
    assertThatThrownBy(
            () ->
                engine.search(
                    search("docs", matchAll())
                        .withOptions(
                            dev.duet.engine.search.SearchOptions.NONE.withSlice(
                                new Slice(0, 2, null)))))
        .isInstanceOf(DuetException.class)
        .hasMessage("`slice` cannot be used outside of a scroll context or PIT context");
    assertThatThrownBy(() -> slice(new Slice(0, 2000, null)))
        .isInstanceOf(DuetException.class)
        .hasMessageStartingWith("The number of slices [2000] is too large.");
    assertThatThrownBy(() -> slice(new Slice(0, 2, "k")))
        .isInstanceOf(DuetException.class)
        .hasMessage("cannot load numeric doc values on k");
    assertThatThrownBy(() -> slice(new Slice(0, 2, "nope")))
        .isInstanceOf(DuetException.class)
        .hasMessage("field nope not found");
  }
}
