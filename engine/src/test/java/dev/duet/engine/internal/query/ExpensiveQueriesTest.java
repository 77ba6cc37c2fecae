package dev.duet.engine.internal.query;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.Wildcard;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code search.allow_expensive_queries: false} refuses what OpenSearch 3.8.0 refuses, in its
 * words, and {@code exists} on the meta fields answers as OpenSearch's does.
 */
class ExpensiveQueriesTest {
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
                Map.of(
                    "text", Map.of("type", "text"),
                    "k", Map.of("type", "keyword"),
                    "n", Map.of("type", "long")))));
    engine.bulk(
        bulk(
            index("docs", "1", "{\"text\":\"cold and wet\",\"k\":\"a\",\"n\":1}"),
            index("docs", "2", "{\"text\":\"warm\",\"k\":\"b\",\"n\":2}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> ids(Query query) {
    return engine.search(search("docs", query)).hits().stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }

  @Test
  void refusedQueriesNameTheSettingAndCheapOnesStillRun() {
    engine.applyLimits(engine.limits().withAllowExpensiveQueries(false));
    assertThatThrownBy(() -> ids(new Prefix("text", "co", false, 1f)))
        .isInstanceOf(DuetException.class)
        .satisfies(
            e ->
                assertThat(reasons(e))
                    .contains(
                        "[prefix] queries cannot be executed when 'search.allow_expensive_queries'"
                            + " is set to false. For optimised prefix queries on text fields"
                            + " please enable [index_prefixes]."))
        .satisfies(e -> assertThat(((DuetException) e).status()).isEqualTo(400));
    assertThatThrownBy(() -> ids(new Wildcard("k", "a*", false, 1f)))
        .satisfies(e -> assertThat(reasons(e)).contains("[wildcard] queries cannot be executed"));
    assertThatThrownBy(
            () -> ids(new Query.Bool(List.of(), List.of(fuzzy()), List.of(), List.of(), null, 1f)))
        .satisfies(e -> assertThat(reasons(e)).contains("[fuzzy] queries cannot be executed"));
    assertThatThrownBy(() -> ids(new Query.Range("k", null, "a", null, null, null, 1f)))
        .satisfies(
            e ->
                assertThat(reasons(e))
                    .contains("[range] queries on [text] or [keyword] fields cannot be executed"));
    // a range on a number and a term are not expensive
    assertThat(ids(new Query.Range("n", null, 2L, null, null, null, 1f))).containsExactly("2");
    assertThat(ids(term("k", "a"))).containsExactly("1");

    engine.applyLimits(engine.limits().withAllowExpensiveQueries(true));
    assertThat(ids(new Prefix("text", "co", false, 1f))).containsExactly("1");
  }

  @Test
  void existsOnMetaFieldsMatchesAsOpenSearchOrRefusesSource() {
    assertThat(ids(new Exists("_index", 1f))).containsExactly("1", "2");
    assertThat(ids(new Exists("_seq_no", 1f))).containsExactly("1", "2");
    assertThat(ids(new Exists("_version", 1f))).containsExactly("1", "2");
    assertThat(ids(new Exists("_primary_term", 1f))).isEmpty();
    assertThatThrownBy(() -> ids(new Exists("_source", 1f)))
        .isInstanceOf(DuetException.class)
        .satisfies(
            e -> {
              DuetException d = (DuetException) e;
              assertThat(d.status()).isEqualTo(400);
              assertThat(reasons(d)).contains("The _source field is not searchable");
            });
  }

  /** The messages down a failure's causes (a shard failure wraps the query's own). */
  static String reasons(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t.getMessage()).append('\n');
    }
    return out.toString();
  }

  private static Fuzzy fuzzy() {
    return new Fuzzy("text", "cold", "AUTO", 0, 50, true, 1f);
  }
}
