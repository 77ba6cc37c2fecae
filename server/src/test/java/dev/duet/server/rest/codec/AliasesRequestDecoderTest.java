package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AliasesRequestDecoderTest {

  private static List<AliasAction> actions(String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    return AliasesRequestDecoder.actions(bytes, 0, bytes.length);
  }

  @Test
  void decodesEveryActionForm() throws IOException {
    List<AliasAction> actions =
        actions(
            """
            {"actions":[
              {"add":{"index":"a","alias":"x","filter":{"term":{"k":"v"}},"routing":"1",
                      "is_write_index":true}},
              {"add":{"indices":["a","b"],"aliases":["y","z"]}},
              {"remove":{"index":"a","alias":"x","must_exist":false}},
              {"remove_index":{"indices":["c"]}}]}
            """);
    assertThat(actions)
        .containsExactly(
            new AliasAction.Add(
                List.of("a"),
                List.of("x"),
                new AliasMetadata("x", Map.of("term", Map.of("k", "v")), "1", "1", true),
                false),
            new AliasAction.Add(List.of("a", "b"), List.of("y", "z"), AliasMetadata.of("y"), false),
            new AliasAction.Remove(List.of("a"), List.of("x"), false),
            new AliasAction.RemoveIndex(List.of("c")));
  }

  @Test
  void refusesActionsWithoutIndexOrAliasAsOpenSearch() {
    assertThatThrownBy(() -> actions("{\"actions\":[{\"add\":{\"index\":\"a\"}}]}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("x_content_parse_exception");
              assertThat(e.causedBy().reason())
                  .isEqualTo("One of [alias] or [aliases] is required");
            });
    assertThatThrownBy(() -> actions("{\"actions\":[{\"add\":{\"alias\":\"x\"}}]}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.causedBy().reason())
                    .isEqualTo("One of [index] or [indices] is required"));
    assertThatThrownBy(() -> actions("{\"actions\":[{\"foo\":{\"alias\":\"x\"}}]}"))
        .hasMessageContaining("[alias_action] unknown field [foo]");
  }

  /** Regression: an empty index name once reached the engine as "every index" and deleted all. */
  @Test
  void refusesEmptyNamesAsOpenSearch() {
    assertThatThrownBy(() -> actions("{\"actions\":[{\"remove_index\":{\"index\":\"\"}}]}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("x_content_parse_exception");
              assertThat(e.causedBy().reason()).isEqualTo("[index] can't be empty string");
            });
    assertThatThrownBy(
            () -> actions("{\"actions\":[{\"remove_index\":{\"indices\":[\"a\",\"\"]}}]}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.causedBy().reason())
                    .isEqualTo("[indices] can't contain empty string"));
    assertThatThrownBy(
            () -> actions("{\"actions\":[{\"remove\":{\"index\":\"a\",\"alias\":\"\"}}]}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.causedBy().reason()).isEqualTo("[alias] can't be empty string"));
  }

  @Test
  void settingsUpdatesFlattenAndKeepNullsAsResets() throws IOException {
    byte[] body =
        "{\"settings\":{\"index\":{\"refresh_interval\":null,\"translog\":{\"durability\":\"async\"}}}}"
            .getBytes(StandardCharsets.UTF_8);
    Map<String, String> update = CreateIndexDecoder.settingsUpdate(body, 0, body.length);
    assertThat(update)
        .containsEntry("index.translog.durability", "async")
        .containsKey("index.refresh_interval");
    assertThat(update.get("index.refresh_interval")).isNull();
  }
}
