package dev.duet.engine.internal.query;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.MoreLikeThis;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.TermsLookup;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code more_like_this} (like and unlike items, include) and the {@code terms} lookup. */
class MoreLikeThisQueriesTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "docs",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("foo", Map.of("type", "text")))));
    engine.createIndex(
        "lists",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("ids", Map.of("type", "keyword")))));
    engine.bulk(
        bulk(
            index("docs", "1", "{\"foo\":\"bar baz selected\"}"),
            index("docs", "2", "{\"foo\":\"bar\"}"),
            index("docs", "3", "{\"foo\":\"bar baz\"}"),
            index("lists", "l", "{\"ids\":[\"bar\",\"zzz\"]}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> ids(dev.duet.engine.search.Query query) {
    return engine.search(search("docs", query)).hits().stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }

  private static MoreLikeThis mlt(
      List<MoreLikeThis.Item> like, List<MoreLikeThis.Item> unlike, boolean include) {
    return new MoreLikeThis(
        List.of("foo"), like, unlike, 25, 0, 0, 0, 0, 0, List.of(), null, null, 0, include, 1f);
  }

  private static MoreLikeThis.Item doc(String id) {
    return new MoreLikeThis.Item(null, null, id, null, null, null);
  }

  @Test
  void unlikeTermsAreLeftOutOfTheLikedDocumentsTerms() {
    assertThat(ids(mlt(List.of(doc("1")), List.of(doc("3")), true))).containsExactly("1");
  }

  @Test
  void likedDocumentsAreExcludedUnlessIncluded() {
    assertThat(ids(mlt(List.of(doc("2")), List.of(), false))).containsExactly("1", "3");
    assertThat(ids(mlt(List.of(doc("2")), List.of(), true))).containsExactly("1", "2", "3");
  }

  @Test
  void textsAndArtificialDocumentsAreLiked() {
    MoreLikeThis.Item artificial =
        new MoreLikeThis.Item(null, null, null, null, "{\"foo\":\"selected\"}", null);
    assertThat(ids(mlt(List.of(artificial), List.of(), false))).containsExactly("1");
    assertThat(ids(mlt(List.of(MoreLikeThis.Item.text("selected")), List.of(), false)))
        .containsExactly("1");
  }

  @Test
  void termsFrequencyLimitsApply() {
    // min_term_freq 2 (OpenSearch's default): "selected" occurs once in the liked text.
    MoreLikeThis strict =
        new MoreLikeThis(
            List.of("foo"),
            List.of(MoreLikeThis.Item.text("selected")),
            List.of(),
            25,
            2,
            0,
            0,
            0,
            0,
            List.of(),
            null,
            null,
            0,
            false,
            1f);
    assertThat(ids(strict)).isEmpty();
  }

  @Test
  void aMaxQueryTermsBelowOneIsRefusedNamingIt() {
    for (int max : new int[] {0, -1}) {
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () ->
                  new MoreLikeThis(
                      List.of("foo"),
                      List.of(MoreLikeThis.Item.text("selected")),
                      List.of(),
                      max,
                      1,
                      1,
                      0,
                      0,
                      0,
                      List.of(),
                      null,
                      null,
                      0,
                      false,
                      1f))
          .hasFieldOrPropertyWithValue("status", 400)
          .hasMessage("requires 'maxQueryTerms' to be greater than 0");
    }
  }

  @Test
  void termsLookupReadsValuesFromAnotherIndexsDocument() {
    assertThat(ids(new TermsLookup("foo", "lists", "l", "ids", null, 1f)))
        .containsExactly("1", "2", "3");
    assertThat(ids(new TermsLookup("foo", "lists", "missing", "ids", null, 1f))).isEmpty();
  }
}
