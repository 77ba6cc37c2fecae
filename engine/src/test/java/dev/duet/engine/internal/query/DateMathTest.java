package dev.duet.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import java.time.Instant;
import org.junit.jupiter.api.Test;

public class DateMathTest {
  private static final DateFormats DEFAULT = DateFormats.of(null);

  private static long millis(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  @Test
  void anchoredMathAddsAndRounds() {
    assertThat(DateMath.parse("2020-01-15||+1M", DEFAULT, false))
        .isEqualTo(millis("2020-02-15T00:00:00Z"));
    assertThat(DateMath.parse("2020-01-15T10:20:30Z||-2d/d", DEFAULT, false))
        .isEqualTo(millis("2020-01-13T00:00:00Z"));
    assertThat(DateMath.parse("2020-01-15T10:20:30Z||/M", DEFAULT, true))
        .isEqualTo(millis("2020-01-31T23:59:59.999Z"));
    assertThat(DateMath.parse("2020-01-15||/y", DEFAULT, false))
        .isEqualTo(millis("2020-01-01T00:00:00Z"));
  }

  @Test
  void nowIsTheCurrentTime() {
    long before = System.currentTimeMillis();
    long now = DateMath.parse("now", DEFAULT, false);
    long after = System.currentTimeMillis();

    assertThat(now).isBetween(before, after);
    assertThat(DateMath.parse("now-1h", DEFAULT, false)).isLessThan(now);
  }

  @Test
  void plainDatesAndErrors() {
    assertThat(DateMath.parse("2020-01-15", DEFAULT, false))
        .isEqualTo(millis("2020-01-15T00:00:00Z"));
    assertThatThrownBy(() -> DateMath.parse("now+1x", DEFAULT, false))
        .isInstanceOf(DuetException.class);
    assertThatThrownBy(() -> DateMath.parse("now*1d", DEFAULT, false))
        .isInstanceOf(DuetException.class);
  }
}
