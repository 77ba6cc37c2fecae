package dev.duet.gateway.limit;

import dev.duet.gateway.config.GatewayConfig.RateLimit;
import dev.duet.gateway.error.RequestRefused;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TokensInheritanceStrategy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One tenant's limits: a token bucket of requests, one of request bytes (each refilled greedily at
 * the sustained rate up to the burst), and a cap on requests in flight. A reload changes the
 * buckets' configuration in place, keeping the share of tokens each had.
 */
final class TenantLimiter {
  private final String tenant;
  private volatile RateLimit limit;
  private final Bucket requests;
  private final Bucket bytes;
  private final AtomicInteger inFlight = new AtomicInteger();

  TenantLimiter(String tenant, RateLimit limit) {
    this.tenant = tenant;
    this.limit = limit;
    this.requests =
        Bucket.builder()
            .addLimit(bandwidth(limit.burstRequests(), limit.requestsPerSecond()))
            .build();
    this.bytes =
        Bucket.builder().addLimit(bandwidth(limit.burstBytes(), limit.bytesPerSecond())).build();
  }

  void reconfigure(RateLimit newLimit) {
    if (newLimit.equals(limit)) {
      return;
    }
    requests.replaceConfiguration(
        config(newLimit.burstRequests(), newLimit.requestsPerSecond()),
        TokensInheritanceStrategy.PROPORTIONALLY);
    bytes.replaceConfiguration(
        config(newLimit.burstBytes(), newLimit.bytesPerSecond()),
        TokensInheritanceStrategy.PROPORTIONALLY);
    limit = newLimit;
  }

  /**
   * Takes one request and {@code requestBytes} from the buckets and a slot from the concurrency
   * cap, or refuses with 429 and how long to wait. The caller must {@link #release} the slot.
   */
  void acquire(long requestBytes) {
    RateLimit l = limit;
    if (l.requestsPerSecond() > 0) {
      ConsumptionProbe probe = requests.tryConsumeAndReturnRemaining(1);
      if (!probe.isConsumed()) {
        throw refused("requests", l.requestsPerSecond() + "/s, burst " + l.burstRequests(), probe);
      }
    }
    if (l.bytesPerSecond() > 0 && requestBytes > 0) {
      if (requestBytes > l.burstBytes()) {
        refundRequest(l);
        throw RequestRefused.tooLarge(
            "request of "
                + requestBytes
                + " bytes exceeds tenant ["
                + tenant
                + "]'s [rate_limit.burst_bytes] = "
                + l.burstBytes());
      }
      ConsumptionProbe probe = bytes.tryConsumeAndReturnRemaining(requestBytes);
      if (!probe.isConsumed()) {
        refundRequest(l);
        throw refused("bytes", l.bytesPerSecond() + " bytes/s, burst " + l.burstBytes(), probe);
      }
    }
    if (l.maxConcurrent() > 0 && inFlight.incrementAndGet() > l.maxConcurrent()) {
      inFlight.decrementAndGet();
      refundRequest(l);
      throw RequestRefused.rateLimited(
          "tenant ["
              + tenant
              + "] has "
              + l.maxConcurrent()
              + " requests in flight, its [rate_limit.max_concurrent]",
          Duration.ofSeconds(1));
    } else if (l.maxConcurrent() <= 0) {
      inFlight.incrementAndGet();
    }
  }

  void release() {
    inFlight.decrementAndGet();
  }

  private void refundRequest(RateLimit l) {
    if (l.requestsPerSecond() > 0) {
      requests.addTokens(1);
    }
  }

  private RequestRefused refused(String what, String rate, ConsumptionProbe probe) {
    long nanos = Math.max(probe.getNanosToWaitForRefill(), 1_000_000);
    return RequestRefused.rateLimited(
        "rate limit of tenant [" + tenant + "] exceeded: " + what + " (" + rate + ")",
        Duration.ofNanos(nanos));
  }

  /** A bucket of {@code burst} tokens refilled at {@code perSecond} (which may be below 1). */
  private static Bandwidth bandwidth(long burst, double perSecond) {
    if (perSecond <= 0) {
      return Bandwidth.builder().capacity(1).refillGreedy(1, Duration.ofNanos(1)).build();
    }
    long capacity = Math.max(burst, 1);
    if (perSecond >= 1) {
      return Bandwidth.builder()
          .capacity(capacity)
          .refillGreedy(Math.round(perSecond), Duration.ofSeconds(1))
          .build();
    }
    return Bandwidth.builder()
        .capacity(capacity)
        .refillGreedy(1, Duration.ofNanos((long) (1e9 / perSecond)))
        .build();
  }

  private static BucketConfiguration config(long burst, double perSecond) {
    return BucketConfiguration.builder().addLimit(bandwidth(burst, perSecond)).build();
  }
}
