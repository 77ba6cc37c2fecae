package dev.duet.engine.internal.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class IndexSettingsRulesTest {
  private static final IndexMetadata A =
      new IndexMetadata(
          "a",
          "uuid-a",
          0,
          new IndexSettings(Map.of("refresh_interval", "5s", "number_of_shards", "1")),
          Mapping.EMPTY);

  @Test
  void updatesDynamicSettingsAndResetsNullsToTheirDefault() {
    Map<String, String> update = new HashMap<>();
    update.put("index.max_result_window", "50");
    update.put("index.refresh_interval", null);
    update.put("translog.durability", "async");
    IndexSettings next = IndexSettingsRules.applyUpdate(update, List.of(A)).get("a");
    assertThat(next.values())
        .containsEntry("max_result_window", "50")
        .containsEntry("translog.durability", "async")
        .containsEntry("number_of_shards", "1")
        .doesNotContainKey("refresh_interval");
  }

  @Test
  void refusesStaticSettingsNamingEveryIndex() {
    assertThatThrownBy(
            () ->
                IndexSettingsRules.applyUpdate(
                    Map.of("index.number_of_shards", "2", "mapping.ignore_malformed", "true"),
                    List.of(A)))
        .hasMessage(
            "Can't update non dynamic settings [[index.mapping.ignore_malformed,"
                + " index.number_of_shards]] for open indices [[a/uuid-a]]");
  }

  @Test
  void validatesKeysAndValuesBeforeAnythingElse() {
    assertThatThrownBy(() -> IndexSettingsRules.applyUpdate(Map.of(), List.of(A)))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("action_request_validation_exception");
              assertThat(e.reason()).isEqualTo("Validation Failed: 1: no settings to update;");
            });
    assertThatThrownBy(() -> IndexSettingsRules.applyUpdate(Map.of("index.foo", "1"), List.of(A)))
        .hasMessageStartingWith("unknown setting [index.foo]");
    assertThatThrownBy(
            () ->
                IndexSettingsRules.applyUpdate(
                    Map.of("index.translog.durability", "sometimes"), List.of(A)))
        .hasMessage("No enum constant org.opensearch.index.translog.Translog.Durability.SOMETIMES");
  }
}
