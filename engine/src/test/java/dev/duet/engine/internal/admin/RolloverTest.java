package dev.duet.engine.internal.admin;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.RolloverRequest;
import dev.duet.engine.index.RolloverRequest.Conditions;
import dev.duet.engine.index.RolloverResponse;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code _rollover} on a real engine: names, conditions, dry runs and the alias moved. */
class RolloverTest {
  @TempDir Path data;
  private LuceneEngine engine;

  @BeforeEach
  void open() {
    engine = LuceneEngine.open(data);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private RolloverResponse rollover(String alias, Conditions conditions, boolean dryRun) {
    return engine.rollover(new RolloverRequest(alias, null, conditions, dryRun, null, null, null));
  }

  @Test
  void theNextNameIncrementsTheSuffixToSixDigits() {
    assertThat(Rollover.nextName("logs-1")).isEqualTo("logs-000002");
    assertThat(Rollover.nextName("a-b-000009")).isEqualTo("a-b-000010");
    assertThatThrownBy(() -> Rollover.nextName("logs"))
        .hasMessage("index name [logs] does not match pattern '^.*-\\d+$'");
  }

  @Test
  void rollsOverWhenMaxDocsHoldsAndMovesTheAlias() {
    engine.createIndex(
        "logs-1",
        IndexSettings.DEFAULTS,
        Mapping.EMPTY,
        Map.of("logs", AliasMetadata.of("logs"), "other", AliasMetadata.of("other")));
    Conditions twoDocs = new Conditions(null, 2L, null);
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("logs-1", "1", "{\"f\":1}")));

    RolloverResponse notYet = rollover("logs", twoDocs, false);
    assertThat(notYet.rolledOver()).isFalse();
    assertThat(notYet.conditions()).isEqualTo(Map.of("[max_docs: 2]", false));
    assertThat(engine.indexExists("logs-000002")).isFalse();

    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("logs-1", "2", "{\"f\":1}")));
    RolloverResponse dry = rollover("logs", twoDocs, true);
    assertThat(dry.rolledOver()).isFalse();
    assertThat(dry.dryRun()).isTrue();
    assertThat(dry.conditions()).isEqualTo(Map.of("[max_docs: 2]", true));
    assertThat(engine.indexExists("logs-000002")).isFalse();

    RolloverResponse done = rollover("logs", twoDocs, false);
    assertThat(done.oldIndex()).isEqualTo("logs-1");
    assertThat(done.newIndex()).isEqualTo("logs-000002");
    assertThat(done.rolledOver()).isTrue();
    assertThat(engine.index("logs-000002").aliases()).containsOnlyKeys("logs");
    assertThat(engine.index("logs-1").aliases()).containsOnlyKeys("other");
    assertThat(engine.resolveWriteIndex("logs")).isEqualTo("logs-000002");
  }

  @Test
  void anExplicitWriteAliasStaysOnTheOldIndexAsReadOnly() {
    engine.createIndex(
        "logs-000001",
        IndexSettings.DEFAULTS,
        Mapping.EMPTY,
        Map.of("logs", new AliasMetadata("logs", null, null, null, true)));

    RolloverResponse done = rollover("logs", Conditions.NONE, false);

    assertThat(done.rolledOver()).isTrue();
    assertThat(engine.index("logs-000001").aliases().get("logs").isWriteIndex()).isFalse();
    assertThat(engine.index("logs-000002").aliases().get("logs").isWriteIndex()).isTrue();
    assertThat(engine.indices("logs", IndicesOptions.DEFAULTS)).hasSize(2);
  }

  @Test
  void refusesAConcreteIndexAndAnExistingTarget() {
    engine.createIndex(
        "logs-1", IndexSettings.DEFAULTS, Mapping.EMPTY, Map.of("logs", AliasMetadata.of("logs")));
    engine.createIndex("logs-000002", IndexSettings.DEFAULTS, Mapping.EMPTY);

    assertThatThrownBy(() -> rollover("logs-1", Conditions.NONE, false))
        .hasMessageContaining("rollover target is a [concrete index]");
    assertThatThrownBy(() -> rollover("logs", Conditions.NONE, true))
        .hasFieldOrPropertyWithValue("type", "resource_already_exists_exception");
  }

  @Test
  void maxSizeCountsTheDocumentsOfTheOldIndex() {
    engine.createIndex(
        "logs-1", IndexSettings.DEFAULTS, Mapping.EMPTY, Map.of("logs", AliasMetadata.of("logs")));
    assertThat(rollover("logs", new Conditions(null, null, "1b"), false).rolledOver()).isFalse();
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("logs-1", "1", "{\"f\":1}")));
    assertThat(rollover("logs", new Conditions(null, null, "10b"), false).rolledOver()).isTrue();
  }
}
