package dev.duet.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcessCpuTest {
  @Test
  void parsesUserPlusSystemTicksAfterACommandNameWithSpacesAndParentheses() {
    String stat =
        "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 12345 0 0 0 250 75 0 0 20 0 42 0"
            + " 123456 1000000 5000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0";

    // utime 250 + stime 75 ticks of 10 ms.
    assertThat(ProcessCpu.parseCpuNanos(stat)).isEqualTo(325 * 10_000_000L);
  }

  @Test
  void readsThisProcessMonotonically() {
    ProcessCpu self = ProcessCpu.self();
    assertThat(self.available()).isTrue();
    long first = self.cpuNanos();
    long second = self.cpuNanos();
    assertThat(first).isPositive();
    assertThat(second).isGreaterThanOrEqualTo(first);
  }

  @Test
  void rejectsNonPositivePid() {
    assertThatThrownBy(() -> new ProcessCpu(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("pid: 0 (expected: > 0)");
  }
}
