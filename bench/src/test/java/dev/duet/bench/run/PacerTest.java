package dev.duet.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PacerTest {
  @Test
  void oneClientIsDueEveryInterval() {
    Pacer pacer = new Pacer(1_000, 1000, 0, 1);

    assertThat(pacer.nextDue()).isEqualTo(1_000);
    assertThat(pacer.nextDue()).isEqualTo(1_001_000);
    assertThat(pacer.nextDue()).isEqualTo(2_001_000);
  }

  @Test
  void clientsShareTheRateAndAreStaggered() {
    // 4 clients at 1000/s in all: each every 4 ms, offset by 1 ms from the previous one.
    Pacer first = new Pacer(0, 1000, 0, 4);
    Pacer third = new Pacer(0, 1000, 2, 4);

    assertThat(first.nextDue()).isEqualTo(0);
    assertThat(first.nextDue()).isEqualTo(4_000_000);
    assertThat(third.nextDue()).isEqualTo(2_000_000);
    assertThat(third.nextDue()).isEqualTo(6_000_000);
  }

  @Test
  void rateMustBePositive() {
    assertThatThrownBy(() -> new Pacer(0, 0, 0, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rate: 0.0 (expected: > 0)");
  }
}
