package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code half_float} answers as OpenSearch 3.8.0 answered the same requests. */
class HalfFloatTypeTest {
  private static final FieldMapping FIELD = FieldMapping.of("half_float");
  private static final FieldType TYPE = FieldTypes.of(FIELD);

  @Test
  void theMappingAcceptsAndPrintsItAsANumber() {
    Mapping mapping =
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of("h", Map.of("type", "half_float", "coerce", false, "null_value", 1.5))));

    assertThat(mapping.toMap())
        .isEqualTo(
            Map.of(
                "properties",
                Map.of("h", Map.of("type", "half_float", "coerce", false, "null_value", 1.5))));
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of(
                        "properties",
                        Map.of("h", Map.of("type", "half_float", "ignore_above", 3)))))
        .hasMessageContaining(
            "unknown parameter [ignore_above] on mapper [h] of type [half_float]");
  }

  @Test
  void valuesAreRoundedToHalfPrecisionAndLargeOnesRefused() throws Exception {
    assertThat(indexed("1.1")).isEqualTo(1.0996094f);
    assertThat(indexed("\"3.3\"")).isEqualTo(3.3007812f);
    assertThatThrownBy(() -> TypeFixture.index(TYPE, FIELD, "70000"))
        .isInstanceOf(DuetException.class)
        .hasMessage("[half_float] supports only finite values, but got [70000.0]");
  }

  private static float indexed(String json) throws Exception {
    long sortable = TypeFixture.index(TYPE, FIELD, json).get(0).numericValue().longValue();
    return org.apache.lucene.util.NumericUtils.sortableIntToFloat((int) sortable);
  }

  @Test
  void termQueriesRoundTheirValueAndRangesKeepOpenSearchsHalfFloatBounds() throws Exception {
    try (TypeFixture index = new TypeFixture(FIELD, "1.1", "2.5", "3.3")) {
      assertThat(index.matching(index.term(1.1))).containsExactly("1.1");
      assertThat(index.matching(index.term("1.0996"))).containsExactly("1.1");
      // OpenSearch moves an inclusive bound to the half float after the one just below it.
      assertThat(index.matching(index.range(1.1, null, true, true))).containsExactly("2.5", "3.3");
      assertThat(index.matching(index.range(null, 1.1, true, true))).containsExactly("1.1");
      assertThat(index.matching(index.range(1.0996, null, false, true)))
          .containsExactly("1.1", "2.5", "3.3");
      assertThatThrownBy(() -> index.term("abc"))
          .isInstanceOf(DuetException.class)
          .hasMessage("failed to create query: For input string: \"abc\"");
    }
  }

  @Test
  void docValuesSortAsFloatsAndShowWidenedToDoubles() {
    long raw = org.apache.lucene.util.NumericUtils.floatToSortableInt(1.0996094f);

    assertThat(TYPE.docValuesType()).isEqualTo(DocValuesType.FLOAT);
    assertThat(TYPE.docValuesType().toDouble(raw)).isEqualTo(1.099609375);
    assertThat(TYPE.docValue(raw, FIELD, null)).isEqualTo(1.099609375);
    assertThat(TYPE.docValue(raw, FIELD, "0.00")).isEqualTo("1.10");
    assertThat(TYPE.sortMissing(true)).isEqualTo(Float.POSITIVE_INFINITY);
    // `fields` shows the source value as a float, unrounded, and takes no format.
    assertThat(TYPE.sourceValue("3.3", FIELD, null)).isEqualTo(3.3f);
    assertThat(TYPE.formatsSourceValues()).isFalse();
    assertThat(TYPE.textSearch()).isEqualTo(FieldType.TextSearch.NONE);
  }
}
