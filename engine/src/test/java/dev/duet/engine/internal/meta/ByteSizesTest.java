package dev.duet.engine.internal.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

public class ByteSizesTest {
  private static final String SETTING = "index.translog.flush_threshold_size";

  @Test
  void parsesOpenSearchUnits() {
    assertThat(ByteSizes.parse("512mb", SETTING)).isEqualTo(512L * 1024 * 1024);
    assertThat(ByteSizes.parse("1GB", SETTING)).isEqualTo(1L << 30);
    assertThat(ByteSizes.parse("16k", SETTING)).isEqualTo(16 * 1024);
    assertThat(ByteSizes.parse("100b", SETTING)).isEqualTo(100);
    assertThat(ByteSizes.parse("1.5kb", SETTING)).isEqualTo(1536);
    assertThat(ByteSizes.parse("2tb", SETTING)).isEqualTo(2L << 40);
    assertThat(ByteSizes.parse("0", SETTING)).isZero();
  }

  @Test
  void refusesAValueWithoutAUnit() {
    assertThatThrownBy(() -> ByteSizes.parse("1024", SETTING))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "failed to parse setting [index.translog.flush_threshold_size] with value [1024] as a"
                + " size in bytes: unit is missing or unrecognized");
    assertThatThrownBy(() -> ByteSizes.parse("xmb", SETTING))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("[xmb]");
  }
}
