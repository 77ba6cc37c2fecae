package dev.duet.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DurationConverterTest {
  private final DurationConverter converter = new DurationConverter();

  @Test
  void acceptsMillisSecondsMinutesAndBareSeconds() {
    assertThat(converter.convert("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(converter.convert("20s")).isEqualTo(Duration.ofSeconds(20));
    assertThat(converter.convert("2M")).isEqualTo(Duration.ofMinutes(2));
    assertThat(converter.convert(" 7 ")).isEqualTo(Duration.ofSeconds(7));
    assertThat(converter.convert("0s")).isZero();
  }

  @Test
  void rejectsGarbageAndNegativeDurations() {
    assertThatThrownBy(() -> converter.convert("fast"))
        .isInstanceOf(CommandLine.TypeConversionException.class)
        .hasMessage("duration: fast (expected: e.g. 500ms, 20s, 2m)");
    assertThatThrownBy(() -> converter.convert("-3s"))
        .isInstanceOf(CommandLine.TypeConversionException.class);
  }
}
