package dev.duet.engine.internal.admin;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.EngineFixture;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mapping, settings and alias changes on a real engine on disk, and that they survive a restart.
 */
public class IndexAdminTest {
  /** Decodes {@code {"term":{"field":value}}}: enough query DSL for alias filters in tests. */
  @SuppressWarnings("unchecked")
  private static final AliasFilterDecoder TERMS =
      filter -> {
        Map<String, Object> term = (Map<String, Object>) filter.get("term");
        if (term == null) {
          throw DuetException.parsing("unknown query " + filter.keySet());
        }
        Map.Entry<String, Object> only = term.entrySet().iterator().next();
        return new Query.Term(only.getKey(), only.getValue(), 1f);
      };

  @TempDir Path data;
  private LuceneEngine engine;

  private LuceneEngine open() {
    engine = LuceneEngine.open(data, TERMS);
    return engine;
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  private static Mapping keywordK() {
    return Mapping.fromMap(Map.of("properties", Map.of("k", Map.of("type", "keyword"))));
  }

  private List<String> ids(String expression) {
    return engine.search(search(expression, matchAll())).hits().stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }

  @Test
  void mappingUpdatesNameOnlyAnalysisTheIndexHas() {
    open()
        .createIndex(
            "a",
            new IndexSettings(
                Map.of(
                    "index.analysis.normalizer.folded.type", "custom",
                    "index.analysis.normalizer.folded.filter", "lowercase")),
            keywordK());
    Map<String, Object> unknownAnalyzer =
        Map.of("properties", Map.of("t", Map.of("type", "text", "analyzer", "nope")));
    assertThatThrownBy(() -> engine.putMapping("a", IndicesOptions.STRICT, unknownAnalyzer))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.getMessage()).contains("analyzer [nope] has not been configured");
            });
    Map<String, Object> unknownNormalizer =
        Map.of("properties", Map.of("n", Map.of("type", "keyword", "normalizer", "nope")));
    assertThatThrownBy(() -> engine.putMapping("a", IndicesOptions.STRICT, unknownNormalizer))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("mapper_parsing_exception");
              assertThat(e.getMessage()).contains("normalizer [nope] not found for field [n]");
            });
    assertThat(engine.mapping("a").properties()).containsOnlyKeys("k");
    engine.putMapping(
        "a",
        IndicesOptions.STRICT,
        Map.of("properties", Map.of("n", Map.of("type", "keyword", "normalizer", "folded"))));
    assertThat(engine.mapping("a").properties()).containsKeys("k", "n");
  }

  @Test
  void mappingUpdatesMergeAndSurviveARestart() {
    open().createIndex("a", IndexSettings.DEFAULTS, keywordK());
    engine.putMapping(
        "a", IndicesOptions.STRICT, Map.of("properties", Map.of("n", Map.of("type", "long"))));
    engine.close();
    open();
    assertThat(engine.mapping("a").properties()).containsKeys("k", "n");
  }

  @Test
  void aRefusedMappingUpdateChangesNoIndex() {
    open().createIndex("a", IndexSettings.DEFAULTS, keywordK());
    engine.createIndex(
        "b",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("k", Map.of("type", "long")))));
    Map<String, Object> update =
        Map.of("properties", Map.of("k", Map.of("type", "keyword"), "x", Map.of("type", "long")));
    assertThatThrownBy(() -> engine.putMapping("a,b", IndicesOptions.STRICT, update))
        .hasMessage("mapper [k] cannot be changed from type [long] to [keyword]");
    assertThat(engine.mapping("a").properties()).doesNotContainKey("x");
    assertThat(engine.mapping("b").properties()).doesNotContainKey("x");
  }

  @Test
  void dynamicSettingsChangeAndPersistStaticOnesAreRefused() {
    open().createIndex("a", new IndexSettings(Map.of("number_of_replicas", "0")), Mapping.EMPTY);
    engine.createIndex("b", IndexSettings.DEFAULTS, Mapping.EMPTY);
    assertThatThrownBy(
            () ->
                engine.updateSettings(
                    "a,b", IndicesOptions.STRICT, Map.of("index.number_of_shards", "2")))
        .hasMessageMatching(
            "Can't update non dynamic settings \\[\\[index.number_of_shards]] for open indices"
                + " \\[\\[a/.+], \\[b/.+]]");
    Map<String, String> update = new HashMap<>();
    update.put("index.max_result_window", "3");
    update.put("number_of_replicas", "2");
    engine.updateSettings("a", IndicesOptions.STRICT, update);
    BulkItemResponse written = engine.bulk(bulk(index("a", "1", "{}"))).items().get(0);
    assertThat(written.result().shardsTotal()).isEqualTo(3);
    assertThatThrownBy(() -> engine.search(search("a", matchAll())))
        .hasMessageContaining("Result window is too large");
    engine.close();
    open();
    assertThat(engine.index("a").settings().get("max_result_window")).isEqualTo("3");
    Map<String, String> reset = new HashMap<>();
    reset.put("index.max_result_window", null);
    engine.updateSettings("a", IndicesOptions.STRICT, reset);
    assertThat(engine.index("a").settings().values()).doesNotContainKey("max_result_window");
    assertThat(ids("a")).containsExactly("1");
  }

  @Test
  void filteredAliasesLimitSearchesAndWritesGoToTheWriteIndex() {
    open().createIndex("a", IndexSettings.DEFAULTS, keywordK());
    engine.createIndex("b", IndexSettings.DEFAULTS, keywordK());
    engine.updateAliases(
        List.of(
            new AliasAction.Add(List.of("a"), List.of("view"), AliasMetadata.of("view"), false),
            new AliasAction.Add(
                List.of("b"),
                List.of("view"),
                new AliasMetadata("view", Map.of("term", Map.of("k", "x")), null, null, true),
                false)));
    engine.bulk(
        bulk(
            index("a", "1", "{\"k\":\"y\"}"),
            index("view", "2", "{\"k\":\"x\"}"),
            index("view", "3", "{\"k\":\"y\"}")));
    assertThat(engine.get("b", "2").found()).isTrue();
    assertThat(ids("b")).containsExactly("2", "3");
    assertThat(ids("view")).containsExactly("1", "2");
    // Aggregations see only what the alias filter lets through, as hits do.
    var counted =
        engine
            .search(
                search("view", matchAll())
                    .withAggregations(
                        List.of(
                            new Aggregation.Metric(
                                "n", Aggregation.MetricKind.VALUE_COUNT, "k", null, null, 2))))
            .aggregations();
    assertThat(counted)
        .singleElement()
        .isInstanceOfSatisfying(
            AggregationResult.SingleValue.class, v -> assertThat(v.value()).isEqualTo(2L));
    engine.close();
    open();
    assertThat(ids("view")).containsExactly("1", "2");
    assertThat(engine.index("b").aliases().get("view").isWriteIndex()).isTrue();
  }

  @Test
  void aliasActionsApplyAllOrNothing() {
    open().createIndex("a", IndexSettings.DEFAULTS, keywordK());
    engine.createIndex("b", IndexSettings.DEFAULTS, keywordK());
    List<AliasAction> actions =
        List.of(
            new AliasAction.Add(List.of("a"), List.of("x"), AliasMetadata.of("x"), false),
            new AliasAction.Remove(List.of("b"), List.of("missing"), null));
    assertThatThrownBy(() -> engine.updateAliases(actions))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.type()).isEqualTo("aliases_not_found_exception"));
    assertThat(engine.index("a").aliases()).isEmpty();
    AliasMetadata write = new AliasMetadata("w", null, null, null, true);
    assertThatThrownBy(
            () ->
                engine.updateAliases(
                    List.of(new AliasAction.Add(List.of("a", "b"), List.of("w"), write, false))))
        .hasMessage("alias [w] has more than one write index [a,b]");
    engine.updateAliases(
        List.of(
            new AliasAction.Add(List.of("b"), List.of("a-new"), AliasMetadata.of("a-new"), false),
            new AliasAction.RemoveIndex(List.of("a"))));
    assertThat(engine.indexExists("a")).isFalse();
    assertThatThrownBy(() -> engine.createIndex("a-new", IndexSettings.DEFAULTS, Mapping.EMPTY))
        .hasMessage("Invalid index name [a-new], already exists as alias");
  }

  /**
   * Regression for the index lost in a gRPC fuzz run: a {@code remove_index} whose names were empty
   * or blank resolved as "no expression", that is every index, and deleted them all; one naming an
   * alias deleted the index behind it. Both are refused as OpenSearch refuses them, and so is a
   * blank delete expression.
   */
  @Test
  void removeIndexAndDeleteNeverReachIndicesTheyDoNotName() {
    open().createIndex("a", IndexSettings.DEFAULTS, Mapping.EMPTY);
    engine.createIndex("b", IndexSettings.DEFAULTS, Mapping.EMPTY);
    engine.updateAliases(
        List.of(new AliasAction.Add(List.of("b"), List.of("al"), AliasMetadata.of("al"), false)));
    for (List<String> names : List.of(List.of(""), List.of(" "), List.of(","), List.of(" , "))) {
      assertThatThrownBy(() -> engine.updateAliases(List.of(new AliasAction.RemoveIndex(names))))
          .isInstanceOfSatisfying(
              DuetException.class,
              e -> assertThat(e.type()).isEqualTo("index_not_found_exception"));
    }
    assertThatThrownBy(
            () -> engine.updateAliases(List.of(new AliasAction.RemoveIndex(List.of("al")))))
        .hasMessage(
            "The provided expression [al] matches an alias, specify the corresponding concrete"
                + " indices instead.");
    for (String expression : List.of("", " ", ",", " , ")) {
      assertThatThrownBy(() -> engine.deleteIndices(expression, IndicesOptions.DEFAULTS))
          .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(404));
    }
    assertThat(engine.indexExists("a")).isTrue();
    assertThat(engine.indexExists("b")).isTrue();
  }

  @Test
  void aLeftoverOrTornMetadataTempFileNeverBreaksAStart() throws Exception {
    open().createIndex("a", IndexSettings.DEFAULTS, keywordK());
    engine.putMapping(
        "a", IndicesOptions.STRICT, Map.of("properties", Map.of("n", Map.of("type", "long"))));
    engine.close();
    engine = null;
    Path indexDir;
    try (var dirs = Files.list(data.resolve("indices"))) {
      indexDir = dirs.findFirst().orElseThrow();
    }
    // A crash while writing the next version: a half-written temp file, never renamed.
    byte[] current = Files.readAllBytes(indexDir.resolve(IndexMetadata.FILE));
    Files.write(
        indexDir.resolve(IndexMetadata.FILE + ".tmp"),
        new String(current, StandardCharsets.UTF_8)
            .substring(0, current.length / 2)
            .getBytes(StandardCharsets.UTF_8));
    open();
    assertThat(engine.mapping("a").properties()).containsKeys("k", "n");
    // The next update replaces the leftover and is itself durable.
    engine.putMapping(
        "a", IndicesOptions.STRICT, Map.of("properties", Map.of("z", Map.of("type", "long"))));
    engine.close();
    open();
    assertThat(engine.mapping("a").properties()).containsKeys("k", "n", "z");
  }

  @Test
  void copyToNullValueAndIgnoreMalformedIndexAsOpenSearchDoes() {
    open()
        .createIndex(
            "a",
            new IndexSettings(Map.of("mapping.ignore_malformed", "true")),
            Mapping.fromMap(
                Map.of(
                    "properties",
                    Map.of(
                        "first", Map.of("type", "text", "copy_to", "all"),
                        "all", Map.of("type", "text"),
                        "s", Map.of("type", "keyword", "null_value", "NONE"),
                        "n", Map.of("type", "long"),
                        "m", Map.of("type", "long", "ignore_malformed", false)))));
    engine.bulk(
        bulk(
            index("a", "1", "{\"first\":\"John\",\"s\":null,\"n\":\"abc\"}"),
            index("a", "2", "{\"first\":\"Jane\",\"s\":\"x\",\"n\":1}")));
    assertThat(ids("a")).containsExactly("1", "2");
    assertThat(engine.search(search("a", EngineFixture.match("all", "john"))).hits())
        .extracting(SearchHit::id)
        .containsExactly("1");
    SearchHit nullValue = engine.search(search("a", term("s", "NONE"))).hits().get(0);
    assertThat(nullValue.id()).isEqualTo("1");
    assertThat(new String(nullValue.source(), StandardCharsets.UTF_8)).contains("\"s\":null");
    assertThat(nullValue.ignored()).containsExactly("n");
    assertThat(engine.search(search("a", term("_ignored", "n"))).hits()).hasSize(1);
    BulkItemResponse refused = engine.bulk(bulk(index("a", "3", "{\"m\":\"abc\"}"))).items().get(0);
    assertThat(refused.status()).isEqualTo(400);
  }
}
