package dev.duet.server.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.breaker.BreakerLimits;
import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

/** Admission by a pool's capacity and by the bytes of the bodies it holds. */
class WorkPoolTest {
  private final CircuitBreakers breakers =
      new CircuitBreakers(1 << 30, BreakerLimits.DEFAULTS.withInFlightRequests("1kb"));

  @Test
  void pastSizePlusQueueACallIsRefusedAndNothingStaysHeld() {
    try (WorkPool pool = new WorkPool("n", "search", 1, 1, breakers.inFlightRequests(), 1 << 20)) {
      String answer =
          pool.runInline(
              () -> "[a]",
              10,
              () ->
                  pool.runInline(
                      () -> "[b]",
                      10,
                      () -> {
                        assertThatThrownBy(() -> pool.runInline(() -> "[c]", 10, () -> "c"))
                            .isInstanceOfSatisfying(
                                DuetException.class,
                                e -> {
                                  assertThat(e.status()).isEqualTo(429);
                                  assertThat(e.type()).isEqualTo("rejected_execution_exception");
                                  assertThat(e.reason())
                                      .startsWith(
                                          "rejected execution of [c] on"
                                              + " OpenSearchThreadPoolExecutor[name = n/search,"
                                              + " queue capacity = 1, ")
                                      .contains(
                                          "pool size = 1, active threads = 1, queued tasks = 1");
                                });
                        assertThat(breakers.inFlightRequests().used()).isEqualTo(20);
                        return "b";
                      }));

      assertThat(answer).isEqualTo("b");
      assertThat(pool.admitted()).isZero();
      assertThat(breakers.inFlightRequests().used()).isZero();
    }
  }

  @Test
  void bodiesPastTheInFlightBreakerOrTheWriteLimitAreRefused() {
    try (WorkPool pool = new WorkPool("n", "write", 2, 10, breakers.inFlightRequests(), 100)) {
      assertThatThrownBy(() -> pool.runInline(() -> "[bulk]", 101, () -> "x"))
          .isInstanceOfSatisfying(
              DuetException.class,
              e -> {
                assertThat(e.status()).isEqualTo(429);
                assertThat(e.reason())
                    .isEqualTo(
                        "rejected execution of coordinating operation"
                            + " [coordinating_and_primary_bytes=0, replica_bytes=0, all_bytes=0,"
                            + " coordinating_operation_bytes=101,"
                            + " max_coordinating_and_primary_bytes=100]");
              });
    }
    try (WorkPool pool =
        new WorkPool("n", "search", 2, 10, breakers.inFlightRequests(), Long.MAX_VALUE)) {
      assertThatThrownBy(() -> pool.runInline(() -> "[search]", 2048, () -> "x"))
          .isInstanceOfSatisfying(
              DuetException.class,
              e -> {
                assertThat(e.status()).isEqualTo(429);
                assertThat(e.type()).isEqualTo("circuit_breaking_exception");
                assertThat(e.reason()).startsWith("[in_flight_requests] Data too large");
              });
      assertThat(pool.admitted()).isZero();
    }
    assertThat(breakers.inFlightRequests().used()).isZero();
  }
}
