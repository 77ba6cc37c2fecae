package dev.duet.engine.breaker;

/**
 * One search's account on the request breaker, bound to the thread that runs the search (the engine
 * collects a search on one thread). Aggregators and the fetch phase call {@link #reserve} before
 * they grow; {@link #close} releases the whole account, whether the search succeeded, failed or was
 * cancelled. With no account open (a search run outside the engine's entry points), reservations
 * are not counted.
 */
public final class RequestMemory implements AutoCloseable {
  private static final ThreadLocal<RequestMemory> CURRENT = new ThreadLocal<>();

  private final CircuitBreakers.Breaker breaker;
  private final RequestMemory outer;
  private long reserved;

  private RequestMemory(CircuitBreakers.Breaker breaker, RequestMemory outer) {
    this.breaker = breaker;
    this.outer = outer;
  }

  static RequestMemory open(CircuitBreakers.Breaker breaker) {
    RequestMemory memory = new RequestMemory(breaker, CURRENT.get());
    CURRENT.set(memory);
    return memory;
  }

  /**
   * Reserves {@code bytes} for {@code label} (such as {@code <agg [by_tag]>}) in the calling
   * thread's account; a 429 {@link CircuitBreakingException} when the request breaker or its parent
   * would pass its limit.
   */
  public static void reserve(long bytes, String label) {
    RequestMemory memory = CURRENT.get();
    if (memory == null || bytes <= 0) {
      return;
    }
    memory.breaker.reserve(bytes, label);
    memory.reserved += bytes;
  }

  /** What this account holds now. */
  public long reserved() {
    return reserved;
  }

  @Override
  public void close() {
    breaker.release(reserved);
    reserved = 0;
    if (outer == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(outer);
    }
  }
}
