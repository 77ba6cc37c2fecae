package dev.duet.engine.internal.bulk;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.range;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.EngineFixture;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class ByQueryRunnerTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    // No scheduled refresh: the tests decide what the by-query searcher sees.
    engine.createIndex(
        "books", new IndexSettings(Map.of("index.refresh_interval", "-1")), Mapping.EMPTY);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void deletesTheMatchesInBatches() {
    engine.bulk(
        bulk(
            index("books", "1", "{\"n\":1}"),
            index("books", "2", "{\"n\":2}"),
            index("books", "3", "{\"n\":3}")));

    ByQueryResponse r =
        engine.byQuery(request(ByQueryRequest.Kind.DELETE, range("n", null, 2, null, null), 1));

    assertThat(r.total()).isEqualTo(2);
    assertThat(r.deleted()).isEqualTo(2);
    assertThat(r.batches()).isEqualTo(2);
    assertThat(r.failures()).isEmpty();
    assertThat(engine.search(search("books", matchAll())).totalHits().value()).isEqualTo(1);
  }

  @Test
  void updatesReindexEachMatchAsItIs() {
    engine.bulk(bulk(index("books", "1", "{\"n\":1}")));

    ByQueryResponse r = engine.byQuery(request(ByQueryRequest.Kind.UPDATE, matchAll(), 1000));

    assertThat(r.updated()).isEqualTo(1);
    assertThat(engine.get("books", "1").version()).isEqualTo(2);
    assertThat(EngineFixture.json(engine.get("books", "1").source())).isEqualTo("{\"n\":1}");
  }

  @Test
  void aDocumentChangedAfterTheSearchIsAConflictThatAbortsAfterItsBatch() {
    engine.bulk(
        bulk(
            index("books", "1", "{\"n\":1}"),
            index("books", "2", "{\"n\":2}"),
            index("books", "3", "{\"n\":3}")));
    engine.bulk(bulk(RefreshPolicy.NONE, delete("books", "1"), index("books", "3", "{}")));

    ByQueryResponse abort = engine.byQuery(request(ByQueryRequest.Kind.UPDATE, matchAll(), 2));

    // The first batch (1, 2) runs to its end; the run stops before the batch with 3.
    assertThat(abort.total()).isEqualTo(3);
    assertThat(abort.updated()).isEqualTo(1);
    assertThat(abort.versionConflicts()).isEqualTo(1);
    assertThat(abort.batches()).isEqualTo(1);
    assertThat(abort.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.id()).isEqualTo("1");
              assertThat(f.cause().status()).isEqualTo(409);
              assertThat(f.cause().reason()).endsWith("but no document was found");
            });
  }

  @Test
  void proceedCountsConflictsWithoutFailures() {
    engine.bulk(bulk(index("books", "1", "{\"n\":1}"), index("books", "2", "{\"n\":2}")));
    engine.bulk(bulk(RefreshPolicy.NONE, index("books", "2", "{\"n\":22}")));

    ByQueryResponse r =
        engine.byQuery(
            new ByQueryRequest(
                ByQueryRequest.Kind.DELETE,
                List.of("books"),
                matchAll(),
                false,
                -1,
                1000,
                RefreshPolicy.IMMEDIATE));

    assertThat(r.deleted()).isEqualTo(1);
    assertThat(r.versionConflicts()).isEqualTo(1);
    assertThat(r.failures()).isEmpty();
    assertThat(engine.get("books", "2").found()).isTrue();
  }

  /** A blank or comma-only expression is a missing index, never every index's documents. */
  @Test
  void aBlankExpressionDeletesNothing() {
    engine.bulk(bulk(index("books", "1", "{}")));
    for (String expression : List.of(" ", ",", " , ")) {
      assertThatThrownBy(
              () ->
                  engine.byQuery(
                      new ByQueryRequest(
                          ByQueryRequest.Kind.DELETE,
                          List.of(expression),
                          matchAll(),
                          false,
                          -1,
                          1000,
                          RefreshPolicy.IMMEDIATE)))
          .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(404));
    }
    assertThat(engine.get("books", "1").found()).isTrue();
  }

  @Test
  void maxDocsLimitsTheRun() {
    engine.bulk(bulk(index("books", "1", "{}"), index("books", "2", "{}")));

    ByQueryResponse r =
        engine.byQuery(
            new ByQueryRequest(
                ByQueryRequest.Kind.DELETE,
                List.of("books"),
                matchAll(),
                true,
                1,
                1000,
                RefreshPolicy.IMMEDIATE));

    assertThat(r.total()).isEqualTo(1);
    assertThat(r.deleted()).isEqualTo(1);
    assertThat(engine.search(search("books", matchAll())).totalHits().value()).isEqualTo(1);
  }

  @Test
  void aMissingIndexIsA404() {
    assertThatThrownBy(
            () ->
                engine.byQuery(
                    new ByQueryRequest(
                        ByQueryRequest.Kind.DELETE,
                        List.of("nowhere"),
                        matchAll(),
                        true,
                        -1,
                        1000,
                        RefreshPolicy.NONE)))
        .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(404));
  }

  private static ByQueryRequest request(ByQueryRequest.Kind kind, Query query, int batchSize) {
    return new ByQueryRequest(
        kind, List.of("books"), query, true, -1, batchSize, RefreshPolicy.IMMEDIATE);
  }
}
