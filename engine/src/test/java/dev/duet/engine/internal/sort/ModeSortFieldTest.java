package dev.duet.engine.internal.sort;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.NestedSort;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sorting by a mode over a document's values or over its nested objects' values. */
public class ModeSortFieldTest {
  private static final SortSpec.SortOrder ASC = SortSpec.SortOrder.ASC;
  private static final SortSpec.SortOrder DESC = SortSpec.SortOrder.DESC;

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "posts",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "scores", Map.of("type", "integer"),
                    "days", Map.of("type", "date"),
                    "comments",
                        Map.of(
                            "type",
                            "nested",
                            "properties",
                            Map.of(
                                "author", Map.of("type", "keyword"),
                                "stars", Map.of("type", "integer")))))));
    engine.bulk(
        bulk(
            index(
                "posts",
                "1",
                "{\"days\":[\"2020-01-01\",\"2020-01-03\"],\"scores\":[1,2,9],\"comments\":[{\"author\":\"ann\",\"stars\":5},"
                    + "{\"author\":\"bob\",\"stars\":1}]}"),
            index(
                "posts",
                "2",
                "{\"days\":\"2020-01-02\",\"scores\":[4],\"comments\":{\"author\":\"ann\",\"stars\":2}}"),
            index(
                "posts",
                "3",
                "{\"scores\":[3,5],\"comments\":[{\"author\":\"cid\",\"stars\":4},"
                    + "{\"author\":\"ann\",\"stars\":4}]}"),
            index("posts", "4", "{}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private SearchResponse sorted(SortSpec spec) {
    return engine.search(search("posts", matchAll(), spec));
  }

  private static NestedSort comments() {
    return new NestedSort("comments", null, null, null);
  }

  @Test
  void nestedSortPicksByOrderAndModeAndPutsRootsWithoutValuesLast() {
    SearchResponse min = sorted(new SortSpec("comments.stars", ASC, null, comments()));
    assertThat(min.hits()).extracting(SearchHit::id).containsExactly("1", "2", "3", "4");
    assertThat(min.hits())
        .extracting(h -> h.sortValues().get(0))
        .containsExactly(1L, 2L, 4L, (long) Integer.MAX_VALUE);
    SearchResponse avg = sorted(new SortSpec("comments.stars", DESC, "avg", comments()));
    assertThat(avg.hits())
        .extracting(h -> h.sortValues().get(0))
        .containsExactly(4L, 3L, 2L, (long) Integer.MIN_VALUE);
    SearchResponse sum = sorted(new SortSpec("comments.stars", DESC, "sum", comments()));
    assertThat(sum.hits()).extracting(SearchHit::id).startsWith("3", "1", "2");
  }

  @Test
  void nestedFilterAndMaxChildrenLimitTheObjects() {
    NestedSort ann = new NestedSort("comments", term("comments.author", "ann"), null, null);
    SearchResponse byAnn = sorted(new SortSpec("comments.stars", ASC, null, ann));
    assertThat(byAnn.hits())
        .extracting(h -> h.sortValues().get(0))
        .containsExactly(2L, 4L, 5L, (long) Integer.MAX_VALUE);
    NestedSort first = new NestedSort("comments", null, 1, null);
    SearchResponse firstOnly = sorted(new SortSpec("comments.stars", ASC, null, first));
    assertThat(firstOnly.hits()).extracting(SearchHit::id).containsExactly("2", "3", "1", "4");
  }

  @Test
  void keywordsSortByTheirSmallestOrLargestObjectTermWithRootsWithoutOneLast() {
    SearchResponse largest = sorted(new SortSpec("comments.author", DESC, null, comments()));
    assertThat(largest.hits())
        .extracting(h -> h.sortValues().get(0))
        .containsExactly("cid", "bob", "ann", null);
    NestedSort notAnn =
        new NestedSort(
            "comments",
            new dev.duet.engine.search.Query.Bool(
                List.of(), List.of(), List.of(term("comments.author", "ann")), List.of(), null, 1f),
            null,
            null);
    SearchResponse smallest = sorted(new SortSpec("comments.author", ASC, "min", notAnn));
    assertThat(smallest.hits()).extracting(SearchHit::id).containsExactly("1", "3", "2", "4");
  }

  @Test
  void missingPutsDocumentsWithoutValuesFirstLastOrAtAValue() {
    SearchResponse plain = sorted(new SortSpec("scores", ASC));
    // An integer field's missing documents report int's extreme, as OpenSearch's do.
    assertThat(plain.hits().get(3).sortValues()).containsExactly((long) Integer.MAX_VALUE);
    SearchResponse first = sorted(new SortSpec("scores", DESC, null, null, "_first"));
    assertThat(first.hits()).extracting(SearchHit::id).containsExactly("4", "1", "3", "2");
    SearchResponse atValue = sorted(new SortSpec("comments.stars", ASC, null, comments(), 3L));
    assertThat(atValue.hits()).extracting(SearchHit::id).containsExactly("1", "2", "4", "3");
    assertThatThrownBy(() -> sorted(new SortSpec("scores", ASC, null, null, "abc")))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.type()).isEqualTo("number_format_exception"));
  }

  @Test
  void datesAverageTheirMillisAsOpenSearchDoes() {
    // OpenSearch 3.8.0 sorts both at 1577923200000 (2020-01-02), the first by the average.
    SearchResponse avg = sorted(new SortSpec("days", ASC, "avg", null));
    assertThat(avg.hits().get(0).sortValues()).containsExactly(1577923200000L);
    assertThat(avg.hits().get(1).sortValues()).containsExactly(1577923200000L);
    assertThat(avg.hits().get(3).sortValues()).containsExactly(Long.MAX_VALUE);
  }

  @Test
  void modesOverADocumentsOwnValues() {
    SearchResponse median = sorted(new SortSpec("scores", ASC, "median", null));
    assertThat(median.hits()).extracting(SearchHit::id).containsExactly("1", "2", "3", "4");
    assertThat(median.hits().get(0).sortValues()).containsExactly(2L);
    assertThat(median.hits().get(2).sortValues()).containsExactly(4L); // (3 + 5) / 2
    SearchResponse sum = sorted(new SortSpec("scores", DESC, "sum", null));
    assertThat(sum.hits()).extracting(SearchHit::id).containsExactly("1", "3", "2", "4");
  }

  @Test
  void aPathThatIsNotNestedOrAMedianOverObjectsFails() {
    assertThatThrownBy(
            () ->
                sorted(
                    new SortSpec(
                        "comments.stars", ASC, null, new NestedSort("scores", null, null, null))))
        .isInstanceOf(DuetException.class)
        .hasMessage("[nested] failed to find nested object under path [scores]");
    assertThatThrownBy(() -> sorted(new SortSpec("comments.stars", ASC, "median", comments())))
        .isInstanceOf(DuetException.class)
        .hasMessage("Unsupported sort mode: MEDIAN");
  }
}
