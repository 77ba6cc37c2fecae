package dev.duet.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioTest {
  @Test
  void writesExpandToSequentialAndConcurrent() {
    List<Scenario> scenarios = Scenario.parse("writes, bulk,search", 4, 500);

    assertThat(scenarios)
        .extracting(Scenario::name)
        .containsExactly("writes-seq", "writes-c4", "bulk", "search");
    assertThat(scenarios)
        .extracting(Scenario::clients, Scenario::docsPerRequest)
        .containsExactly(tuple(1, 1), tuple(4, 1), tuple(1, 500), tuple(1, 0));
    assertThat(scenarios.get(3).kind()).isEqualTo(Scenario.Kind.SEARCH);
  }

  @Test
  void concurrentWritesTakeTheirClientCountFromTheName() {
    Scenario scenario = Scenario.parse("writes-c16", 4, 500).get(0);

    assertThat(scenario.clients()).isEqualTo(16);
    assertThat(scenario.index()).isEqualTo("bench-writes-c16");
  }

  @Test
  void unknownScenarioIsRejectedWithTheChoices() {
    assertThatThrownBy(() -> Scenario.parse("writes,reads", 4, 500))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("scenario: reads (expected: writes, writes-seq, writes-cN, bulk, search)");
    assertThatThrownBy(() -> Scenario.parse(" , ", 4, 500))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
