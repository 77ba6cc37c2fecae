package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import org.junit.jupiter.api.Test;

class WholeNumberTypeTest {
  @Test
  void eachTypeChecksItsOwnRangeInOpenSearchsWords() {
    FieldMapping b = FieldMapping.of("byte");
    FieldMapping s = FieldMapping.of("short");
    FieldMapping l = FieldMapping.of("long");

    assertThatThrownBy(() -> TypeFixture.index(FieldTypes.of(b), b, "200"))
        .isInstanceOf(DuetException.class)
        .hasMessage("Value [200] is out of range for a byte");
    assertThatThrownBy(() -> TypeFixture.index(FieldTypes.of(s), s, "40000"))
        .isInstanceOf(DuetException.class)
        .hasMessageStartingWith("Numeric value (40000) out of range of `short`");
    assertThatThrownBy(() -> TypeFixture.index(FieldTypes.of(b), b, "\"x\""))
        .isInstanceOf(DuetException.class)
        .extracting(e -> ((DuetException) e).type())
        .isEqualTo("number_format_exception");
    assertThatThrownBy(() -> TypeFixture.index(FieldTypes.of(l), l, "\"x\""))
        .isInstanceOf(DuetException.class)
        .extracting(e -> ((DuetException) e).type())
        .isEqualTo("illegal_argument_exception");
  }

  @Test
  void decimalsAreCoercedWhenIndexedAndMatchNothingWhenQueried() throws Exception {
    try (TypeFixture index = new TypeFixture(FieldMapping.of("integer"), "1", "\"2.9\"", "5")) {
      assertThat(index.matching(index.term(2))).containsExactly("\"2.9\"");
      assertThat(index.matching(index.term(2.5))).isEmpty();
      assertThat(index.matching(index.range(1.5, 5, false, false))).containsExactly("\"2.9\"");
      assertThat(index.matching(index.range(null, 1, true, true))).containsExactly("1");
    }
  }
}
