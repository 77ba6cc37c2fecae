package dev.duet.engine.breaker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

class CircuitBreakersTest {
  private static final long MB = 1024 * 1024;

  @Test
  void requestOverItsLimitFailsWith429InOpenSearchWordsAndReservesNothing() {
    CircuitBreakers breakers =
        new CircuitBreakers(1000 * MB, new BreakerLimits("600mb", "100%", "95%"));

    try (RequestMemory memory = breakers.openRequest()) {
      RequestMemory.reserve(500 * MB, "<agg [a]>");
      assertThatThrownBy(() -> RequestMemory.reserve(200 * MB, "<agg [b]>"))
          .isInstanceOfSatisfying(
              CircuitBreakingException.class,
              e -> {
                assertThat(e.status()).isEqualTo(429);
                assertThat(e.type()).isEqualTo("circuit_breaking_exception");
                assertThat(e.reason())
                    .isEqualTo(
                        "[request] Data too large, data for [<agg [b]>] would be"
                            + " [734003200/700mb], which is larger than the limit of"
                            + " [629145600/600mb]");
                assertThat(e.metadata())
                    .containsEntry("bytes_wanted", "734003200")
                    .containsEntry("bytes_limit", "629145600")
                    .containsEntry("durability", "TRANSIENT");
              });
      assertThat(breakers.request().used()).isEqualTo(500 * MB);
      assertThat(memory.reserved()).isEqualTo(500 * MB);
    }
    assertThat(breakers.request().used()).isZero();
  }

  @Test
  void closingReleasesWhatTheRequestHeldEvenAfterItFailed() {
    CircuitBreakers breakers =
        new CircuitBreakers(100 * MB, new BreakerLimits("10mb", "100%", "95%"));

    assertThatThrownBy(
            () -> {
              try (RequestMemory memory = breakers.openRequest()) {
                for (int i = 0; i < 100; i++) {
                  RequestMemory.reserve(MB, "<agg [h]>");
                }
              }
            })
        .isInstanceOf(CircuitBreakingException.class);

    assertThat(breakers.request().used()).isZero();
    // With no account open, nothing is counted (and nothing fails).
    RequestMemory.reserve(1000 * MB, "<agg [h]>");
    assertThat(breakers.request().used()).isZero();
  }

  @Test
  void parentSumsItsChildren() {
    CircuitBreakers breakers =
        new CircuitBreakers(100 * MB, new BreakerLimits("60%", "100%", "70%"));
    breakers.inFlightRequests().reserve(50 * MB, "<http_request>");

    try (RequestMemory memory = breakers.openRequest()) {
      assertThatThrownBy(() -> RequestMemory.reserve(30 * MB, "<agg [t]>"))
          .isInstanceOf(CircuitBreakingException.class)
          .hasMessage(
              "[parent] Data too large, data for [<agg [t]>] would be [83886080/80mb], which is"
                  + " larger than the limit of [73400320/70mb], usages [request=31457280/30mb,"
                  + " fielddata=0/0b, in_flight_requests=52428800/50mb]");
    }
    assertThat(breakers.request().used()).isZero();
    assertThat(breakers.inFlightRequests().used()).isEqualTo(50 * MB);
  }

  @Test
  void limitsChangeLive() {
    CircuitBreakers breakers = new CircuitBreakers(100 * MB, BreakerLimits.DEFAULTS);
    assertThat(breakers.request().limit()).isEqualTo(60 * MB);

    breakers.apply(BreakerLimits.DEFAULTS.withRequest("1kb"));

    assertThat(breakers.request().limit()).isEqualTo(1024);
    try (RequestMemory memory = breakers.openRequest()) {
      assertThatThrownBy(() -> RequestMemory.reserve(2048, "<fetch>"))
          .isInstanceOf(CircuitBreakingException.class);
    }
  }

  @Test
  void sizesParseAndPrintAsOpenSearchDoes() {
    assertThat(MemorySize.parse("60%", "x", 1000)).isEqualTo(600);
    assertThat(MemorySize.parse("512mb", "x", 0)).isEqualTo(512 * MB);
    assertThat(MemorySize.parse("1.5gb", "x", 0)).isEqualTo(1536 * MB);
    assertThat(MemorySize.parse("100b", "x", 0)).isEqualTo(100);
    assertThatThrownBy(() -> MemorySize.parse("lots", "indices.breaker.request.limit", 0))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("[indices.breaker.request.limit]");
    assertThat(MemorySize.format(629145600)).isEqualTo("600mb");
    assertThat(MemorySize.format(1610612736)).isEqualTo("1.5gb");
    assertThat(MemorySize.format(1023)).isEqualTo("1023b");
    assertThat(MemorySize.format(1100)).isEqualTo("1kb");
  }
}
