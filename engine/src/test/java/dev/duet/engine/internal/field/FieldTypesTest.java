package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FieldTypesTest {
  @Test
  void everyTypeIsRegisteredUnderItsOwnName() {
    assertThat(FieldTypes.names())
        .contains(
            "text",
            "keyword",
            "long",
            "integer",
            "short",
            "byte",
            "double",
            "float",
            "boolean",
            "date",
            "knn_vector");
    for (String name : FieldTypes.names()) {
      assertThat(FieldTypes.of(name).name()).isEqualTo(name);
    }
    assertThat(FieldTypes.of("no_such_type")).isNull();
    assertThatThrownBy(() -> FieldTypes.of(FieldMapping.of("object")))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theMappingFindsTheTypesThroughTheServiceAndChecksEachTypesParameters() {
    Mapping mapping =
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "n", Map.of("type", "byte", "coerce", "false"),
                    "k", Map.of("type", "keyword", "ignore_above", "10"))));

    assertThat(mapping.properties().get("n").params()).containsEntry("coerce", false);
    assertThat(mapping.properties().get("k").params()).containsEntry("ignore_above", 10);
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of("properties", Map.of("n", Map.of("type", "long", "norms", false)))))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("unknown parameter [norms] on mapper [n] of type [long]");
    assertThatThrownBy(
            () ->
                Mapping.fromMap(Map.of("properties", Map.of("b", Map.of("type", "no_such_type")))))
        .hasMessageContaining("No handler for type [no_such_type] declared on field [b]");
  }

  @Test
  void aTypeParsesTheValuesOfItsOwnParameters() {
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of(
                        "properties",
                        Map.of("k", Map.of("type", "keyword", "ignore_above", "many")))))
        .isInstanceOf(DuetException.class)
        .hasMessage("Failed to parse mapping [_doc]: For input string: \"many\"");
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of(
                        "properties",
                        Map.of("d", Map.of("type", "date", "format", "strict_nonsense")))))
        .isInstanceOf(DuetException.class)
        .hasMessageStartingWith("Failed to parse mapping [_doc]: ");
  }

  @Test
  void whatTheTypesKeepInDocValuesDecidesHowTheyAreSortedAndAggregated() {
    assertThat(FieldTypes.of("keyword").docValuesType()).isEqualTo(DocValuesType.ORDINALS);
    assertThat(FieldTypes.of("short").docValuesType()).isEqualTo(DocValuesType.WHOLE);
    assertThat(FieldTypes.of("date").docValuesType()).isEqualTo(DocValuesType.DATE);
    assertThat(FieldTypes.of("boolean").docValuesType()).isEqualTo(DocValuesType.BOOLEAN);
    assertThat(FieldTypes.of("text").docValuesType()).isEqualTo(DocValuesType.NONE);
    assertThat(FieldTypes.of("knn_vector").docValuesType()).isEqualTo(DocValuesType.NONE);
    // An integer sort puts missing values at int's extremes, as OpenSearch reports them.
    assertThat(FieldTypes.of("integer").sortMissing(true)).isEqualTo((long) Integer.MAX_VALUE);
    assertThat(FieldTypes.of("long").sortMissing(false)).isEqualTo(Long.MIN_VALUE);
    assertThat(FieldTypes.of("double").sortMissing(false)).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThatThrownBy(() -> FieldTypes.of("text").requireFielddata("t"))
        .hasMessageContaining("Text fields are not optimised")
        .hasMessageContaining("set fielddata=true on [t]");
  }
}
