package dev.duet.engine.internal.admin;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndexTemplate;
import dev.duet.engine.index.IndexTemplate.Kind;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Templates on a real engine: applied when an index is created (explicitly or by a write), by
 * OpenSearch's precedence rules, refused as OpenSearch refuses them, and kept across a restart.
 */
class IndexTemplatesTest {
  @TempDir Path data;
  private LuceneEngine engine;

  private LuceneEngine open() {
    engine = LuceneEngine.open(data);
    return engine;
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  private static IndexTemplate legacy(String name, long order, String pattern, String shards) {
    return new IndexTemplate(
        Kind.LEGACY,
        name,
        List.of(pattern),
        order,
        null,
        null,
        null,
        null,
        new IndexSettings(Map.of("number_of_shards", shards)),
        Map.of("properties", Map.of(name, Map.of("type", "keyword"))),
        Map.of(name + "-alias", AliasMetadata.of(name + "-alias")));
  }

  private static IndexTemplate composable(
      String name, String pattern, long priority, List<String> composedOf, String replicas) {
    return new IndexTemplate(
        Kind.COMPOSABLE,
        name,
        List.of(pattern),
        0,
        priority,
        null,
        null,
        composedOf,
        replicas == null ? null : new IndexSettings(Map.of("number_of_replicas", replicas)),
        Map.of("properties", Map.of("own", Map.of("type", "long"))),
        null);
  }

  private static IndexTemplate component(String name, String field) {
    return new IndexTemplate(
        Kind.COMPONENT,
        name,
        null,
        0,
        null,
        3L,
        Map.of("by", "test"),
        null,
        new IndexSettings(Map.of("number_of_shards", "2")),
        Map.of("properties", Map.of(field, Map.of("type", "keyword"))),
        null);
  }

  @Test
  void legacyTemplatesApplyByAscendingOrderAndTheRequestWins() {
    open().putTemplate(legacy("low", 0, "logs-*", "3"), false);
    engine.putTemplate(legacy("high", 1, "logs-*", "2"), false);

    IndexInfo created =
        engine.createIndex(
            "logs-1",
            new IndexSettings(Map.of("number_of_replicas", "0")),
            Mapping.fromMap(Map.of("properties", Map.of("mine", Map.of("type", "text")))));
    assertThat(created.settings().numberOfShards()).isEqualTo(2); // order 1 over order 0
    assertThat(created.settings().numberOfReplicas()).isEqualTo(0);
    assertThat(created.mapping().properties()).containsKeys("low", "high", "mine");
    assertThat(created.aliases()).containsKeys("low-alias", "high-alias");
    // An index no pattern matches gets none of it.
    assertThat(engine.createIndex("other", null, null).mapping().properties()).isEmpty();
  }

  @Test
  void aWriteThatCreatesItsIndexAppliesTheTemplates() {
    open().putTemplate(legacy("t", 0, "auto-*", "4"), false);
    engine.bulk(bulk(index("auto-1", "1", "{\"t\":\"x\"}")));
    IndexInfo created = engine.index("auto-1");
    assertThat(created.settings().numberOfShards()).isEqualTo(4);
    assertThat(created.mapping().properties().get("t").type()).isEqualTo("keyword");
  }

  @Test
  void theComposableTemplateOfHighestPriorityWinsWithItsComponentsAndLegacyOnesStepAside() {
    open().putTemplate(legacy("old", 5, "m-*", "5"), false);
    engine.putTemplate(component("ct", "from_component"), false);
    engine.putTemplate(composable("low", "m-*", 1, List.of(), "2"), false);
    engine.putTemplate(composable("high", "m-*", 9, List.of("ct"), "0"), false);

    IndexInfo created = engine.createIndex("m-1", null, null);
    assertThat(created.settings().numberOfShards()).isEqualTo(2); // from the component
    assertThat(created.settings().numberOfReplicas()).isEqualTo(0); // from "high", not "low"
    assertThat(created.mapping().properties()).containsOnlyKeys("from_component", "own");

    IndexTemplate.Resolved simulated = engine.simulateIndex("m-2", null);
    assertThat(simulated.overlapping().stream().map(IndexTemplate::name))
        .containsExactlyInAnyOrder("old", "low");
  }

  @Test
  void refusalsAreOpenSearchs() {
    open().putTemplate(composable("a", "x-*", 7, List.of(), null), false);
    assertThatThrownBy(() -> engine.putTemplate(composable("b", "x-1*", 7, List.of(), null), false))
        .hasMessageStartingWith(
            "index template [b] has index patterns [x-1*] matching patterns from existing"
                + " templates [a] with patterns (a => [x-*]) that have the same priority [7]");
    assertThatThrownBy(
            () -> engine.putTemplate(composable("c", "y-*", 1, List.of("nope"), null), false))
        .hasFieldOrPropertyWithValue("type", "invalid_index_template_exception")
        .hasMessage(
            "index_template [c] invalid, cause [index template [c] specifies component templates"
                + " [nope] that do not exist]");
    assertThatThrownBy(() -> engine.putTemplate(composable("d", "d-*", -1, List.of(), null), false))
        .hasFieldOrPropertyWithValue("type", "action_request_validation_exception")
        .hasMessage("Validation Failed: 1: index template priority must be >= 0;");
    engine.putTemplate(legacy("a", 0, "x", "1"), false);
    assertThatThrownBy(() -> engine.putTemplate(legacy("a", 0, "x", "1"), true))
        .hasMessage("index_template [a] already exists");
    assertThatThrownBy(() -> engine.templates(Kind.LEGACY, "missing"))
        .hasFieldOrPropertyWithValue("type", "index_template_missing_exception");
    engine.putTemplate(component("used", "f"), false);
    engine.putTemplate(composable("user", "z-*", 1, List.of("used"), null), false);
    assertThatThrownBy(() -> engine.deleteTemplates(Kind.COMPONENT, "used"))
        .hasMessage(
            "component templates [used] cannot be removed as they are still in use by index"
                + " templates [user]");
  }

  @Test
  void templatesSurviveARestart() {
    open().putTemplate(legacy("keep", 3, "k-*", "2"), false);
    engine.putTemplate(component("ct", "f"), false);
    engine.putTemplate(composable("ix", "i-*", 2, List.of("ct"), "0"), false);
    engine.close();
    open();
    IndexTemplate kept = engine.templates(Kind.LEGACY, "keep").get(0);
    assertThat(kept.order()).isEqualTo(3);
    assertThat(kept.settings().values()).containsEntry("number_of_shards", "2");
    assertThat(engine.templates(Kind.COMPONENT, "*").get(0).version()).isEqualTo(3L);
    assertThat(engine.templates(Kind.COMPOSABLE, "ix").get(0).composedOf()).containsExactly("ct");
    assertThat(engine.createIndex("i-1", null, null).settings().numberOfShards()).isEqualTo(2);
    engine.deleteTemplates(Kind.LEGACY, "keep");
    engine.close();
    open();
    assertThat(engine.templates(Kind.LEGACY, null)).isEmpty();
  }
}
