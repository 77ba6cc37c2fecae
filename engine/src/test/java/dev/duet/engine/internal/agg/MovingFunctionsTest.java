package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

/**
 * moving_fn's scripts: the MovingFunctions calls Duet runs, with the values OpenSearch 3.8.0
 * answers for them (asked of it over the windows below), and the scripts it refuses.
 */
class MovingFunctionsTest {
  private static final double[] WINDOW = {1, 3, Double.NaN, 7};

  private static double run(String script, double... values) {
    return MovingFunctions.parse(script).apply(values);
  }

  @Test
  void eachCallGivesOpenSearchsAnswer() {
    assertThat(run("MovingFunctions.max(values)", WINDOW)).isEqualTo(7);
    assertThat(run("MovingFunctions.min(values)", WINDOW)).isEqualTo(1);
    assertThat(run("MovingFunctions.sum(values)", WINDOW)).isEqualTo(11);
    assertThat(run("MovingFunctions.unweightedAvg(values)", WINDOW)).isEqualTo(11 / 3.0);
    // Weights 1, 2, 3 over a total that starts at 1: (1 + 6 + 21) / 7.
    assertThat(run("MovingFunctions.linearWeightedAvg(values)", WINDOW)).isEqualTo(4.0);
    assertThat(run("MovingFunctions.stdDev(values, MovingFunctions.unweightedAvg(values))", 1, 3))
        .isEqualTo(1.0);
    assertThat(run(" MovingFunctions.ewma(values, 0.3) ", 1, 3)).isEqualTo(1.6, within());
    assertThat(run("MovingFunctions.holt(values, 0.3, 0.1);", 1, 3, 7)).isEqualTo(3.262, within());
  }

  @Test
  void anEmptyWindowIsNaNButItsSumIsZero() {
    assertThat(run("MovingFunctions.max(values)")).isNaN();
    assertThat(run("MovingFunctions.unweightedAvg(values)")).isNaN();
    assertThat(run("MovingFunctions.sum(values)")).isZero();
  }

  @Test
  void otherScriptsAreRefusedWithA400() {
    for (String script :
        new String[] {
          "values.length", "MovingFunctions.max(values, 2)", "MovingFunctions.ewma(values)"
        }) {
      assertThatThrownBy(() -> MovingFunctions.parse(script))
          .isInstanceOf(DuetException.class)
          .hasMessageContaining("is not supported")
          .extracting(e -> ((DuetException) e).status())
          .isEqualTo(400);
    }
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-9);
  }
}
