package dev.duet.engine.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NestedMappingTest {
  private static final Map<String, Object> NESTED =
      Map.of(
          "properties",
          Map.of(
              "comments",
              Map.of(
                  "type",
                  "nested",
                  "properties",
                  Map.of(
                      "author", Map.of("type", "keyword"), "replies", Map.of("type", "nested")))));

  @Test
  void nestedObjectsRenderTheirTypeAtEveryLevel() {
    Mapping mapping = Mapping.fromMap(NESTED);

    assertThat(mapping.properties().get("comments").isNested()).isTrue();
    assertThat(mapping.toMap())
        .isEqualTo(
            Map.of(
                "properties",
                Map.of(
                    "comments",
                    Map.of(
                        "type",
                        "nested",
                        "properties",
                        Map.of(
                            "author",
                            Map.of("type", "keyword"),
                            "replies",
                            Map.of("type", "nested"))))));
  }

  @Test
  void includeInParentIsRefusedByName() {
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of(
                        "properties",
                        Map.of("c", Map.of("type", "nested", "include_in_parent", true)))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("[include_in_parent] is not supported on nested field [c]");
  }

  @Test
  void anObjectCannotBecomeNested() {
    Mapping objects = Mapping.fromMap(Map.of("properties", Map.of("c", Map.of("type", "object"))));

    assertThatThrownBy(
            () -> objects.merge(Map.of("properties", Map.of("c", Map.of("type", "nested")))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("cannot change object mapping from non-nested to nested");
  }
}
