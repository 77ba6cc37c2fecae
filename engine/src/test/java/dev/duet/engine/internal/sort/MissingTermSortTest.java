package dev.duet.engine.internal.sort;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.NestedSort;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keyword sorts whose {@code missing} is a value, over two segments (the term is in one, between
 * two terms of the other); every expected order and sort value is OpenSearch 3.8.0's answer.
 */
public class MissingTermSortTest {
  private static final SortSpec.SortOrder ASC = SortSpec.SortOrder.ASC;
  private static final SortSpec.SortOrder DESC = SortSpec.SortOrder.DESC;
  private static final SortSpec BY_N = new SortSpec("n", ASC);

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "tags",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "tag", Map.of("type", "keyword"),
                    "n", Map.of("type", "integer"),
                    "notes",
                        Map.of(
                            "type",
                            "nested",
                            "properties",
                            Map.of("by", Map.of("type", "keyword")))))));
    engine.bulk(
        bulk(
            index("tags", "1", "{\"tag\":\"b\",\"n\":1,\"notes\":[{\"by\":\"b\"}]}"),
            index("tags", "2", "{\"n\":2}")));
    engine.bulk(
        bulk(
            index(
                "tags",
                "3",
                "{\"tag\":[\"a\",\"d\"],\"n\":3,\"notes\":[{\"by\":\"a\"},{\"by\":\"d\"}]}"),
            index("tags", "4", "{\"tag\":\"c\",\"n\":4,\"notes\":{\"by\":\"c\"}}"),
            index("tags", "5", "{\"n\":5}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> ids(SortSpec... sort) {
    return engine.search(search("tags", matchAll(), sort)).hits().stream()
        .map(SearchHit::id)
        .toList();
  }

  private static SortSpec tag(SortSpec.SortOrder order, Object missing) {
    return new SortSpec("tag", order, null, null, missing);
  }

  @Test
  void missingDocumentsSortAsTheTermAndReportIt() {
    assertThat(ids(tag(ASC, "zzz"), BY_N)).containsExactly("3", "1", "4", "2", "5");
    assertThat(ids(tag(ASC, "bb"), BY_N)).containsExactly("3", "1", "2", "5", "4");
    assertThat(ids(tag(ASC, "b"), BY_N)).containsExactly("3", "1", "2", "5", "4");
    assertThat(ids(tag(DESC, "bb"), BY_N)).containsExactly("3", "4", "2", "5", "1");
    assertThat(ids(tag(DESC, "zzz"), BY_N)).containsExactly("2", "5", "3", "4", "1");
    assertThat(ids(tag(ASC, ""), BY_N)).containsExactly("2", "5", "3", "1", "4");

    SearchResponse bb = engine.search(search("tags", matchAll(), tag(ASC, "bb"), BY_N));
    assertThat(bb.hits())
        .extracting(h -> h.sortValues().get(0))
        .containsExactly("a", "b", "bb", "bb", "c");
  }

  @Test
  void aNumberOrBooleanSortsAsItsText() {
    assertThat(ids(tag(ASC, 7), BY_N)).containsExactly("2", "5", "3", "1", "4");
    assertThat(ids(tag(ASC, true), BY_N)).containsExactly("3", "1", "4", "2", "5");
    SearchResponse seven = engine.search(search("tags", matchAll(), tag(ASC, 7L), BY_N));
    assertThat(seven.hits().get(0).sortValues()).containsExactly("7", 2L);
  }

  @Test
  void firstAndLastStillPlaceMissingDocumentsWithoutAValue() {
    assertThat(ids(tag(ASC, "_first"), BY_N)).containsExactly("2", "5", "3", "1", "4");
    SearchResponse last = engine.search(search("tags", matchAll(), tag(DESC, "_last"), BY_N));
    assertThat(last.hits()).extracting(SearchHit::id).containsExactly("3", "4", "1", "2", "5");
    assertThat(last.hits().get(4).sortValues()).containsExactly(null, 5L);
  }

  @Test
  void searchAfterFindsTheMissingTermInEverySegment() {
    var afterBb2 =
        engine.search(
            search("tags", matchAll(), tag(ASC, "bb"), BY_N)
                .withOptions(new SearchOptions(null, null, List.of("bb", 2))));
    assertThat(afterBb2.hits()).extracting(SearchHit::id).containsExactly("5", "4");
    var afterB1 =
        engine.search(
            search("tags", matchAll(), tag(ASC, "bb"), BY_N)
                .withOptions(new SearchOptions(null, null, List.of("b", 1))));
    assertThat(afterB1.hits()).extracting(SearchHit::id).containsExactly("2", "5", "4");
  }

  @Test
  void aModeOrNestedKeywordSortTakesTheTermToo() {
    assertThat(ids(new SortSpec("tag", ASC, "max", null, "bb"), BY_N))
        .containsExactly("1", "2", "5", "4", "3");
    NestedSort notes = new NestedSort("notes", null, null, null);
    SearchResponse nested =
        engine.search(
            search("tags", matchAll(), new SortSpec("notes.by", DESC, null, notes, "bb"), BY_N));
    assertThat(nested.hits()).extracting(SearchHit::id).containsExactly("3", "4", "2", "5", "1");
    assertThat(nested.hits())
        .extracting(h -> h.sortValues().get(0))
        .containsExactly("d", "c", "bb", "bb", "b");
  }
}
