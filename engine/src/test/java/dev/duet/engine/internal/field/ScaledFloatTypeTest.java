package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code scaled_float} answers as OpenSearch 3.8.0 answered the same requests. */
class ScaledFloatTypeTest {
  private static final FieldMapping FIELD =
      Mapping.fromMap(
              Map.of(
                  "properties", Map.of("f", Map.of("type", "scaled_float", "scaling_factor", 100))))
          .properties()
          .get("f");

  @Test
  void theScalingFactorIsRequiredPositiveAndPrintedAsADouble() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("type", "scaled_float");
    f.put("null_value", 1.5);
    f.put("scaling_factor", 10);
    f.put("index", false);
    assertThat(Mapping.fromMap(Map.of("properties", Map.of("f", f))).toMap())
        .isEqualTo(
            Map.of(
                "properties",
                Map.of(
                    "f",
                    Map.of(
                        "type",
                        "scaled_float",
                        "index",
                        false,
                        "scaling_factor",
                        10.0,
                        "null_value",
                        1.5))));
    assertThatThrownBy(
            () ->
                Mapping.fromMap(Map.of("properties", Map.of("f", Map.of("type", "scaled_float")))))
        .hasMessageContaining("Field [scaling_factor] is required");
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of(
                        "properties",
                        Map.of("f", Map.of("type", "scaled_float", "scaling_factor", -1)))))
        .hasMessageContaining("[scaling_factor] must be a positive number, got [-1.0]");
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of(
                        "properties",
                        Map.of("f", Map.of("type", "scaled_float", "scaling_factor", 0)))))
        .hasMessageContaining("[scaling_factor] must be a positive number, got [0.0]");
  }

  @Test
  void termAndRangeQueriesMatchTheScaledValue() throws Exception {
    try (TypeFixture index = new TypeFixture(FIELD, "1.234", "\"2.5\"", "0.001", "3", "7")) {
      // 1.234 is kept as 123: a term for 1.234 or 1.23 finds it, OpenSearch's rounding.
      assertThat(index.matching(index.term(1.234))).containsExactly("1.234");
      assertThat(index.matching(index.term(1.23))).containsExactly("1.234");
      assertThat(index.matching(index.term(0))).containsExactly("0.001");
      assertThat(index.matching(index.range(1.23, 2.5, false, true))).containsExactly("\"2.5\"");
      assertThat(index.matching(index.range(1.225, null, true, false)))
          .containsExactly("1.234", "\"2.5\"", "3", "7");
      assertThat(index.matching(index.range(null, 3, false, false)))
          .containsExactly("1.234", "\"2.5\"", "0.001");
      assertThat(index.matching(index.range(3, 3, false, true))).isEmpty();
    }
  }

  @Test
  void malformedAndNonFiniteValuesAreRefusedInOpenSearchWords() {
    assertThatThrownBy(() -> TypeFixture.index(FieldTypes.of(FIELD), FIELD, "\"abc\""))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.type()).isEqualTo("number_format_exception"))
        .hasMessageContaining("For input string: \"abc\"");
    assertThatThrownBy(() -> TypeFixture.index(FieldTypes.of(FIELD), FIELD, "\"NaN\""))
        .hasMessageContaining("[scaled_float] only supports finite values, but got [NaN]");
  }

  @Test
  void hitsShowTheValueTheScaledLongStandsFor() throws Exception {
    FieldType type = FieldTypes.of(FIELD);
    assertThat(type.sourceValue(1.234, FIELD, null)).isEqualTo(1.23);
    assertThat(type.sourceValue("0.001", FIELD, null)).isEqualTo(0.0);
    List<org.apache.lucene.index.IndexableField> fields = TypeFixture.index(type, FIELD, "1.234");
    long docValue =
        fields.stream()
            .filter(
                f -> f.fieldType().docValuesType() != org.apache.lucene.index.DocValuesType.NONE)
            .findFirst()
            .orElseThrow()
            .numericValue()
            .longValue();
    assertThat(type.docValue(docValue, FIELD, null)).isEqualTo(1.23);
  }
}
