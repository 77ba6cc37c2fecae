package dev.duet.engine.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

class KeepAlivesTest {
  @Test
  void readsEveryUnitOpenSearchWrites() {
    assertThat(KeepAlives.parse("5m", "scroll")).isEqualTo(300_000);
    assertThat(KeepAlives.parse("1d", "scroll")).isEqualTo(86_400_000);
    assertThat(KeepAlives.parse("250ms", "scroll")).isEqualTo(250);
    // OpenSearch's remote reindex sends a scroll's keep-alive as TimeValue.getStringRep() of nanos.
    assertThat(KeepAlives.parse("300000000000nanos", "scroll")).isEqualTo(300_000);
    assertThat(KeepAlives.parse("60000000micros", "scroll")).isEqualTo(60_000);
  }

  @Test
  void refusesWhatOpenSearchRefuses() {
    assertThatThrownBy(() -> KeepAlives.parse("5x", "scroll"))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("failed to parse setting [scroll] with value [5x]");
    assertThatThrownBy(() -> KeepAlives.parse("-1", "keep_alive"))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("[keep_alive]");
  }
}
