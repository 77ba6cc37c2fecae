package dev.duet.engine.breaker;

import static java.util.Objects.requireNonNull;

/**
 * The circuit breakers' limits as their settings hold them (a heap share such as {@code 60%} or a
 * byte size), with OpenSearch's names and defaults.
 *
 * @param request {@code indices.breaker.request.limit}: what one node's requests may hold at once
 *     (aggregation buckets, top hits, fetch buffers)
 * @param inFlightRequests {@code network.breaker.inflight_requests.limit}: request bodies admitted
 *     and not yet answered
 * @param total {@code indices.breaker.total.limit}: the parent, over the children's sum
 */
public record BreakerLimits(String request, String inFlightRequests, String total) {
  public static final String REQUEST_SETTING = "indices.breaker.request.limit";
  public static final String IN_FLIGHT_SETTING = "network.breaker.inflight_requests.limit";
  public static final String TOTAL_SETTING = "indices.breaker.total.limit";

  /** OpenSearch 3.8's defaults. */
  public static final BreakerLimits DEFAULTS = new BreakerLimits("60%", "100%", "95%");

  public BreakerLimits {
    requireNonNull(request, "request");
    requireNonNull(inFlightRequests, "inFlightRequests");
    requireNonNull(total, "total");
    long heap = CircuitBreakers.heapBytes();
    MemorySize.parse(request, REQUEST_SETTING, heap);
    MemorySize.parse(inFlightRequests, IN_FLIGHT_SETTING, heap);
    MemorySize.parse(total, TOTAL_SETTING, heap);
  }

  public BreakerLimits withRequest(String value) {
    return new BreakerLimits(value, inFlightRequests, total);
  }

  public BreakerLimits withInFlightRequests(String value) {
    return new BreakerLimits(request, value, total);
  }

  public BreakerLimits withTotal(String value) {
    return new BreakerLimits(request, inFlightRequests, value);
  }
}
