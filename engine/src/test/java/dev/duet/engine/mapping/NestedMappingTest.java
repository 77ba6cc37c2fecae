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
  void includeInParentAndRootRenderInOpenSearchsOrderAndCannotChange() {
    Map<String, Object> c = new java.util.LinkedHashMap<>();
    c.put("type", "nested");
    c.put("include_in_root", "true");
    c.put("include_in_parent", true);
    Mapping mapping = Mapping.fromMap(Map.of("properties", Map.of("c", c)));

    @SuppressWarnings("unchecked")
    Map<String, Object> rendered =
        (Map<String, Object>) ((Map<String, Object>) mapping.toMap().get("properties")).get("c");
    assertThat(rendered.keySet()).containsExactly("type", "include_in_parent", "include_in_root");
    assertThatThrownBy(
            () ->
                mapping.merge(
                    Map.of(
                        "properties",
                        Map.of("c", Map.of("type", "nested", "include_in_parent", false)))))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "the [include_in_parent] parameter can't be updated on a nested object mapping");
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
