package dev.duet.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TraceParentTest {
  private static final String VALID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  @Test
  void readsTheW3cExample() {
    TraceParent trace = TraceParent.parse(VALID);
    assertThat(trace.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(trace.parentId()).isEqualTo("00f067aa0ba902b7");
    assertThat(trace.flags()).isEqualTo("01");
    assertThat(trace.header()).isEqualTo(VALID);
    assertThat(TraceParent.parse(" " + VALID + " ")).isEqualTo(trace);
  }

  @Test
  void aLaterVersionMayCarryMoreFields() {
    assertThat(TraceParent.parse("cc" + VALID.substring(2) + "-what-the-future-adds"))
        .extracting(TraceParent::traceId)
        .isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
  }

  @Test
  void malformedValuesAreIgnoredAsTheSpecSays() {
    assertThat(TraceParent.parse(null)).isNull();
    assertThat(TraceParent.parse("")).isNull();
    assertThat(TraceParent.parse(VALID.toUpperCase())).as("uppercase hex").isNull();
    assertThat(TraceParent.parse("ff" + VALID.substring(2))).as("version ff").isNull();
    assertThat(TraceParent.parse(VALID + "-extra")).as("version 00 with more").isNull();
    assertThat(TraceParent.parse("00-" + "0".repeat(32) + "-00f067aa0ba902b7-01"))
        .as("zero trace id")
        .isNull();
    assertThat(TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-" + "0".repeat(16) + "-01"))
        .as("zero parent id")
        .isNull();
    assertThat(TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01"))
        .as("short trace id")
        .isNull();
    assertThat(TraceParent.parse("00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01"))
        .as("wrong separators")
        .isNull();
    assertThat(TraceParent.parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g"))
        .as("flags not hex")
        .isNull();
  }

  @Test
  void theTraceHoldsOnlyWhileTheCallRuns() {
    TraceParent trace = TraceParent.parse(VALID);
    assertThat(TraceParent.whileTraced(trace, TraceParent::current)).isEqualTo(trace);
    assertThat(TraceParent.current()).isNull();
    assertThat(
            TraceParent.whileTraced(
                trace, () -> TraceParent.whileTraced(null, TraceParent::current)))
        .isNull();
  }
}
