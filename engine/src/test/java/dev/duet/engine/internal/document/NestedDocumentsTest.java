package dev.duet.engine.internal.document;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
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
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.NestedIdentity;
import dev.duet.engine.search.Query;
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

public class NestedDocumentsTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "posts",
        new IndexSettings(Map.of()),
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "tag",
                    Map.of("type", "keyword"),
                    "comments",
                    Map.of(
                        "type",
                        "nested",
                        "properties",
                        Map.of(
                            "author",
                            Map.of("type", "keyword"),
                            "replies",
                            Map.of(
                                "type",
                                "nested",
                                "properties",
                                Map.of("who", Map.of("type", "keyword")))))))));
    var written =
        engine.bulk(
            bulk(
                index(
                    "posts",
                    "1",
                    "{\"tag\":\"a\",\"comments\":[{\"author\":\"ann\",\"replies\":[{\"who\":\"x\"}]},"
                        + "{\"author\":\"bob\"}]}"),
                index("posts", "2", "{\"tag\":\"b\",\"comments\":{\"author\":\"ann\"}}"),
                index("posts", "3", "{\"tag\":\"b\"}")));
    assertThat(written.errors()).as("%s", written.items()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void topLevelSearchesSeeRootDocumentsOnly() {
    SearchResponse all = engine.search(search("posts", matchAll()));

    assertThat(all.totalHits().value()).isEqualTo(3);
    assertThat(all.hits()).extracting(SearchHit::id).containsExactlyInAnyOrder("1", "2", "3");
    // Lucene holds the nested documents too: 3 roots, 3 comments, 1 reply.
    assertThat(engine.index("posts").docsCount()).isEqualTo(7);
  }

  @Test
  void getFindsTheRootDocumentOfABlock() {
    assertThat(engine.get("posts", "1").found()).isTrue();
    assertThat(json(engine.get("posts", "1").source())).contains("\"bob\"");
  }

  @Test
  void nestedQueryJoinsMatchingObjectsToTheirDocuments() {
    SearchResponse r =
        engine.search(search("posts", nested("comments", term("comments.author", "ann"))));

    assertThat(r.hits()).extracting(SearchHit::id).containsExactlyInAnyOrder("1", "2");
  }

  @Test
  void nestedQueryInsideANestedQueryJoinsLevelByLevel() {
    Query replies = nested("comments.replies", term("comments.replies.who", "x"));
    SearchResponse r = engine.search(search("posts", nested("comments", replies)));

    assertThat(r.hits()).extracting(SearchHit::id).containsExactly("1");
  }

  @Test
  void innerHitsCarryTheNestedIdentityAndTheObjectsOwnSource() {
    Query q =
        new Nested(
            "comments.replies",
            term("comments.replies.who", "x"),
            Nested.ScoreMode.AVG,
            false,
            InnerHits.DEFAULT,
            1f);
    SearchHit hit = engine.search(search("posts", q)).hits().get(0);

    InnerHitsResult inner = hit.details().innerHits().get("comments.replies");
    assertThat(inner.totalHits().value()).isEqualTo(1);
    SearchHit reply = inner.hits().get(0);
    assertThat(reply.id()).isEqualTo("1");
    assertThat(reply.details().nested())
        .isEqualTo(new NestedIdentity("comments", 0, new NestedIdentity("replies", 0, null)));
    assertThat(new String(reply.source(), java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo("{\"who\":\"x\"}");
  }

  @Test
  void replacingOrDeletingAParentReplacesOrDeletesItsWholeBlock() {
    engine.bulk(bulk(index("posts", "1", "{\"tag\":\"a\",\"comments\":[{\"author\":\"carl\"}]}")));
    engine.bulk(bulk(delete("posts", "2")));

    assertThat(
            engine
                .search(search("posts", nested("comments", term("comments.author", "ann"))))
                .hits())
        .isEmpty();
    assertThat(
            engine
                .search(search("posts", nested("comments", term("comments.author", "carl"))))
                .hits())
        .extracting(SearchHit::id)
        .containsExactly("1");
    assertThat(engine.index("posts").docsCount()).isEqualTo(3); // roots 1 and 3, one comment
  }

  @Test
  void nestedQueryOnAPathThatIsNotNestedFails() {
    assertThatThrownBy(() -> engine.search(search("posts", nested("tag", matchAll()))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("[nested] failed to find nested object under path [tag]");
  }

  @Test
  void nestedQueriesSurviveTranslogReplay() {
    engine.close();
    engine = Engines.open(data);

    assertThat(engine.search(search("posts", matchAll())).totalHits().value()).isEqualTo(3);
    assertThat(
            engine
                .search(search("posts", nested("comments", term("comments.author", "bob"))))
                .hits())
        .extracting(SearchHit::id)
        .containsExactly("1");
  }

  @Test
  void nestedAggregationCountsTheObjectsAndReverseNestedTheirDocuments() {
    Aggregation.Nested comments =
        new Aggregation.Nested(
            "comments",
            "comments",
            List.of(
                new Aggregation.Nested("replies", "comments.replies", List.of()),
                new Aggregation.ReverseNested("posts", null, List.of())));
    SearchResponse r =
        engine.search(search("posts", matchAll()).withAggregations(List.of(comments)));

    var bucket = (AggregationResult.SingleBucket) r.aggregations().get(0);
    assertThat(bucket.docCount()).isEqualTo(3);
    assertThat(bucket.subAggregations())
        .extracting(a -> ((AggregationResult.SingleBucket) a).docCount())
        .containsExactly(1L, 2L);
  }

  @Test
  void innerHitsSortByANestedField() {
    Query q =
        new Nested(
            "comments",
            matchAll(),
            Nested.ScoreMode.AVG,
            false,
            new InnerHits(
                null,
                0,
                3,
                List.of(new SortSpec("comments.author", SortSpec.SortOrder.DESC)),
                null),
            1f);
    SearchHit hit = engine.search(search("posts", q, new SortSpec("tag", null))).hits().get(0);

    InnerHitsResult inner = hit.details().innerHits().get("comments");
    assertThat(inner.hits())
        .extracting(SearchHit::sortValues)
        .containsExactly(List.of("bob"), List.of("ann"));
    assertThat(inner.hits().get(0).score()).isNaN();
  }

  private static Query nested(String path, Query query) {
    return new Nested(path, query, Nested.ScoreMode.AVG, false, null, 1f);
  }
}
