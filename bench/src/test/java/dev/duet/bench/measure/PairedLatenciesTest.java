package dev.duet.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.duet.bench.measure.PairedLatencies.AddedLatency;
import dev.duet.bench.measure.PairedLatencies.Verdict;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PairedLatenciesTest {
  private static final double[] P50_P99 = {50, 99};

  @Test
  void aConstantHopCostIsTheEstimateAndTheWholeInterval() {
    PairedLatencies pairs = new PairedLatencies();
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 5000; i++) {
      long node = 200_000 + random.nextLong(20_000_000); // 0.2–20 ms: a heavy-tailed node
      pairs.add(node, node + 300_000); // the hop adds exactly 0.3 ms
    }

    for (AddedLatency added : pairs.added(P50_P99, 1, 1)) {
      assertThat(added.estimate()).isCloseTo(0.3, within(1e-9));
      assertThat(added.low()).isCloseTo(0.3, within(1e-9));
      assertThat(added.high()).isCloseTo(0.3, within(1e-9));
      assertThat(added.against(0.3)).isEqualTo(Verdict.MET);
      assertThat(added.against(0.29)).isEqualTo(Verdict.MISSED);
    }
  }

  @Test
  void percentilesAreNearestRanks() {
    PairedLatencies pairs = new PairedLatencies();
    for (int ms = 100; ms >= 1; ms--) { // recorded in any order
      pairs.add(0, ms * 1_000_000L);
    }

    List<AddedLatency> added = pairs.added(new double[] {1, 50, 99, 100}, 1, 1);

    assertThat(added).extracting(AddedLatency::estimate).containsExactly(1.0, 50.0, 99.0, 100.0);
    assertThat(added).extracting(AddedLatency::percentile).containsExactly(1.0, 50.0, 99.0, 100.0);
  }

  @Test
  void theIntervalHoldsTheTrueCostAndNarrowsWithMorePairs() {
    double few = width(noisyPairs(1_000), 99);
    double many = width(noisyPairs(40_000), 99);

    for (AddedLatency added : noisyPairs(40_000).added(P50_P99, 1, 3)) {
      // Both paths draw from the same distribution, the hop's 0.25 ms added: at every percentile
      // the true difference is 0.25 ms.
      assertThat(added.low()).as("%s", added).isLessThanOrEqualTo(0.25);
      assertThat(added.high()).as("%s", added).isGreaterThanOrEqualTo(0.25);
      assertThat(added.low()).isLessThanOrEqualTo(added.estimate());
      assertThat(added.high()).isGreaterThanOrEqualTo(added.estimate());
    }
    assertThat(many).isLessThan(few / 3);
  }

  @Test
  void blocksWidenTheIntervalWhenBusySpellsLastManyPairs() {
    // The machine alternates quiet and busy spells of 500 pairs; in a busy spell the hop's path,
    // with one process more, is preempted more often: its tail grows more than the direct one's.
    SplittableRandom random = new SplittableRandom(9);
    PairedLatencies pairs = new PairedLatencies();
    for (int spell = 0; spell < 40; spell++) {
      double busy = random.nextDouble() < 0.3 ? 1 + 4 * random.nextDouble() : 0;
      for (int i = 0; i < 500; i++) {
        double d = -Math.log(1 - random.nextDouble()) * (1 + busy);
        double v = -Math.log(1 - random.nextDouble()) * (1 + 2 * busy);
        pairs.add((long) (500_000 + d * 300_000), (long) (700_000 + v * 300_000));
      }
    }

    double oneByOne = width(pairs, 99, 1);
    double inBlocks = width(pairs, 99, 500);

    assertThat(inBlocks).isGreaterThan(1.5 * oneByOne);
  }

  @Test
  void aTargetInsideTheIntervalIsUnsettled() {
    AddedLatency added = new AddedLatency(99, 0.8, 0.2, 1.6);

    assertThat(added.against(1.0)).isEqualTo(Verdict.UNSETTLED);
    assertThat(added.against(1.6)).isEqualTo(Verdict.MET);
    assertThat(added.against(0.19)).isEqualTo(Verdict.MISSED);
  }

  @Test
  void theSameSeedGivesTheSameInterval() {
    PairedLatencies pairs = noisyPairs(2_000);

    assertThat(pairs.added(P50_P99, 20, 11)).isEqualTo(pairs.added(P50_P99, 20, 11));
  }

  @Test
  void refusesWhatItCannotEstimate() {
    PairedLatencies none = new PairedLatencies();
    assertThatThrownBy(() -> none.added(P50_P99, 1, 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no pairs");

    PairedLatencies one = new PairedLatencies();
    one.add(1, 2);
    assertThatThrownBy(() -> one.added(new double[] {99, 50}, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ascending");
    assertThatThrownBy(() -> one.added(new double[] {0}, 1, 1))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> one.added(P50_P99, 0, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("block");
  }

  /**
   * Pairs whose two calls are independent draws from one skewed distribution (a 0.5 ms floor and an
   * exponential tail, mean 1 ms), the second with 0.25 ms added.
   */
  private static PairedLatencies noisyPairs(int n) {
    SplittableRandom random = new SplittableRandom(42);
    PairedLatencies pairs = new PairedLatencies();
    for (int i = 0; i < n; i++) {
      long direct = 500_000 + (long) (-Math.log(1 - random.nextDouble()) * 1_000_000);
      long via = 750_000 + (long) (-Math.log(1 - random.nextDouble()) * 1_000_000);
      pairs.add(direct, via);
    }
    return pairs;
  }

  private static double width(PairedLatencies pairs, double percentile) {
    return width(pairs, percentile, 1);
  }

  private static double width(PairedLatencies pairs, double percentile, int block) {
    AddedLatency added = pairs.added(new double[] {percentile}, block, 5).get(0);
    return added.high() - added.low();
  }
}
