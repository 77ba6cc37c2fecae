package dev.duet.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {
  @Test
  void percentilesAreInMillisecondsWithinHistogramPrecision() {
    Histogram histogram = LatencySummary.newHistogram();
    // 1..1000 µs, one request each.
    for (int micros = 1; micros <= 1000; micros++) {
      histogram.recordValue(micros * 1_000L);
    }

    LatencySummary summary = LatencySummary.of(histogram);

    assertThat(summary.count()).isEqualTo(1000);
    assertThat(summary.p50()).isCloseTo(0.500, within(0.001));
    assertThat(summary.p90()).isCloseTo(0.900, within(0.001));
    assertThat(summary.p99()).isCloseTo(0.990, within(0.001));
    assertThat(summary.p999()).isCloseTo(0.999, within(0.001));
    assertThat(summary.max()).isCloseTo(1.000, within(0.001));
    assertThat(summary.mean()).isCloseTo(0.5005, within(0.001));
  }

  @Test
  void emptyHistogramIsAllZero() {
    assertThat(LatencySummary.of(LatencySummary.newHistogram()))
        .isEqualTo(new LatencySummary(0, 0, 0, 0, 0, 0, 0));
  }
}
