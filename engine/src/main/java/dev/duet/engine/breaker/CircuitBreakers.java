package dev.duet.engine.breaker;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A node's circuit breakers, OpenSearch's {@code request} and {@code in_flight_requests} under
 * their parent: memory is reserved before it is allocated and a reservation that would pass a limit
 * fails with {@link CircuitBreakingException} (429) instead of filling the heap. Unlike
 * OpenSearch's default parent, which watches the heap's real usage, the parent here sums its
 * children (OpenSearch's {@code indices.breaker.total.use_real_memory: false}).
 */
public final class CircuitBreakers {
  private final long heapBytes;
  private final Breaker request = new Breaker("request");
  private final Breaker inFlightRequests = new Breaker("in_flight_requests");
  private volatile long totalLimit;
  private volatile BreakerLimits limits;

  /** Breakers over this JVM's heap with OpenSearch's default limits. */
  public CircuitBreakers() {
    this(heapBytes(), BreakerLimits.DEFAULTS);
  }

  public CircuitBreakers(long heapBytes, BreakerLimits limits) {
    this.heapBytes = heapBytes;
    apply(limits);
  }

  /** The JVM's maximum heap, which percentage limits are shares of. */
  public static long heapBytes() {
    return Runtime.getRuntime().maxMemory();
  }

  /** Changes the limits live; reservations already held stay. */
  public void apply(BreakerLimits limits) {
    requireNonNull(limits, "limits");
    request.limit = MemorySize.parse(limits.request(), BreakerLimits.REQUEST_SETTING, heapBytes);
    inFlightRequests.limit =
        MemorySize.parse(limits.inFlightRequests(), BreakerLimits.IN_FLIGHT_SETTING, heapBytes);
    totalLimit = MemorySize.parse(limits.total(), BreakerLimits.TOTAL_SETTING, heapBytes);
    this.limits = limits;
  }

  public BreakerLimits limits() {
    return limits;
  }

  /** The breaker for what a request's search holds (buckets, top hits, fetched hits). */
  /** The parent's limit ({@code indices.breaker.total.limit}) in bytes. */
  public long totalLimit() {
    return totalLimit;
  }

  public Breaker request() {
    return request;
  }

  /** The breaker for request bodies admitted and not yet answered. */
  public Breaker inFlightRequests() {
    return inFlightRequests;
  }

  /**
   * Opens the calling thread's account on the request breaker: what the search reserves through
   * {@link RequestMemory#reserve} until {@link RequestMemory#close} is released then, however the
   * search ends.
   */
  public RequestMemory openRequest() {
    return RequestMemory.open(request);
  }

  private void checkParent(long bytes, String label) {
    long total = request.used() + inFlightRequests.used();
    if (total <= totalLimit) {
      return;
    }
    String reason =
        "[parent] Data too large, data for ["
            + label
            + "] would be ["
            + total
            + "/"
            + MemorySize.format(total)
            + "], which is larger than the limit of ["
            + totalLimit
            + "/"
            + MemorySize.format(totalLimit)
            + "], usages [request="
            + usage(request)
            + ", fielddata=0/0b, in_flight_requests="
            + usage(inFlightRequests)
            + "]";
    throw new CircuitBreakingException(reason, bytes, totalLimit);
  }

  private static String usage(Breaker b) {
    long used = b.used();
    return used + "/" + MemorySize.format(used);
  }

  /** One child breaker: a limit, and the bytes reserved under it now. */
  public final class Breaker {
    private final String name;
    private final AtomicLong used = new AtomicLong();
    private final AtomicLong tripped = new AtomicLong();
    private volatile long limit;

    private Breaker(String name) {
      this.name = name;
    }

    /**
     * Reserves {@code bytes} for {@code label} (what the memory is for, named in the failure), or
     * fails with a 429 leaving nothing reserved.
     */
    public void reserve(long bytes, String label) {
      long now = used.addAndGet(bytes);
      long max = limit;
      if (bytes > 0 && now > max) {
        used.addAndGet(-bytes);
        tripped.incrementAndGet();
        throw new CircuitBreakingException(
            "["
                + name
                + "] Data too large, data for ["
                + label
                + "] would be ["
                + now
                + "/"
                + MemorySize.format(now)
                + "], which is larger than the limit of ["
                + max
                + "/"
                + MemorySize.format(max)
                + "]",
            now,
            max);
      }
      if (bytes > 0) {
        try {
          checkParent(bytes, label);
        } catch (CircuitBreakingException e) {
          used.addAndGet(-bytes);
          tripped.incrementAndGet();
          throw e;
        }
      }
    }

    public void release(long bytes) {
      used.addAndGet(-bytes);
    }

    public String name() {
      return name;
    }

    public long used() {
      return used.get();
    }

    public long limit() {
      return limit;
    }

    /** How many reservations this breaker (or the parent, for it) has refused since start. */
    public long tripped() {
      return tripped.get();
    }
  }
}
