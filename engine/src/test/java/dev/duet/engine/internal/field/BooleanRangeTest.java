package dev.duet.engine.internal.field;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A range over a {@code boolean} answers from the terms when the field is indexed, so one mapped
 * with {@code doc_values: false} is searchable (it was a 500 from the missing doc values), and from
 * the doc values when it is not indexed.
 */
class BooleanRangeTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "flags",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "indexed_only", Map.of("type", "boolean", "doc_values", false),
                    "dv_only", Map.of("type", "boolean", "index", false)))));
    engine.bulk(
        bulk(
            index("flags", "t", "{\"indexed_only\":true,\"dv_only\":true}"),
            index("flags", "f", "{\"indexed_only\":false,\"dv_only\":false}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> ids(Query query) {
    return engine.search(search("flags", query)).hits().stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }

  @Test
  void rangesOverAnIndexedOnlyBooleanAnswerFromItsTerms() {
    assertThat(ids(new Query.Range("indexed_only", null, false, null, true, null, 1f)))
        .containsExactly("f", "t");
    assertThat(ids(new Query.Range("indexed_only", false, null, null, null, null, 1f)))
        .containsExactly("t");
    assertThat(ids(new Query.Range("indexed_only", null, null, true, null, null, 1f)))
        .containsExactly("f");
    assertThat(ids(new Query.Range("indexed_only", true, null, null, null, null, 1f))).isEmpty();
  }

  @Test
  void rangesOverADocValuesOnlyBooleanAnswerFromItsDocValues() {
    assertThat(ids(new Query.Range("dv_only", null, true, null, null, null, 1f)))
        .containsExactly("t");
    assertThat(ids(new Query.Range("dv_only", null, null, null, false, null, 1f)))
        .containsExactly("f");
  }
}
