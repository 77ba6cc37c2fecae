package dev.duet.server.pool;

import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.common.RequestContext;
import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.error.DuetException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * One of the node's bounded executors, OpenSearch's {@code search} or {@code write} thread pool:
 * {@code size} threads and room for {@code queueCapacity} waiting tasks; past that a task is
 * refused at once with OpenSearch's 429 {@code rejected_execution_exception}, so overload is shed
 * instead of queued without bound. The bodies of admitted requests are held on the {@code
 * in_flight_requests} breaker (and, for writes, under {@code indexing_pressure.memory.limit}) until
 * they are answered.
 */
public final class WorkPool implements AutoCloseable {
  private final String name;
  private final String qualifiedName;
  private final int size;
  private final int queueCapacity;
  private final ThreadPoolExecutor executor;
  private final CircuitBreakers.Breaker inFlight;
  private final long maxBodyBytes;
  // Tasks queued or running here, and calls run on a caller's thread under this pool's admission.
  private final AtomicInteger admitted = new AtomicInteger();
  private final AtomicLong bodyBytes = new AtomicLong();
  private final AtomicLong completed = new AtomicLong();
  private final AtomicLong rejections = new AtomicLong();
  private final AtomicLong pressureRejections = new AtomicLong();
  private final AtomicLong bodyBytesTotal = new AtomicLong();
  private final AtomicInteger largest = new AtomicInteger();

  /**
   * @param nodeName prefixes the threads' and the pool's name, as OpenSearch names them
   * @param inFlight the breaker that holds admitted bodies
   * @param maxBodyBytes the most body bytes admitted at once ({@code Long.MAX_VALUE}: no bound but
   *     the breaker's)
   */
  public WorkPool(
      String nodeName,
      String name,
      int size,
      int queueCapacity,
      CircuitBreakers.Breaker inFlight,
      long maxBodyBytes) {
    if (size < 1) {
      throw new IllegalArgumentException(
          "thread_pool." + name + ".size: " + size + " (expected: >= 1)");
    }
    if (queueCapacity < 0) {
      throw new IllegalArgumentException(
          "thread_pool." + name + ".queue_size: " + queueCapacity + " (expected: >= 0)");
    }
    this.name = requireNonNull(name, "name");
    this.qualifiedName = nodeName + "/" + name;
    this.size = size;
    this.queueCapacity = queueCapacity;
    this.inFlight = requireNonNull(inFlight, "inFlight");
    this.maxBodyBytes = maxBodyBytes;
    // The queue itself is unbounded: admission (below) bounds it, counting calls run inline too.
    this.executor =
        new ThreadPoolExecutor(
            size,
            size,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            Thread.ofPlatform().name("duet-" + name + "-", 0).daemon(true).factory());
  }

  public String name() {
    return name;
  }

  public int size() {
    return size;
  }

  public int queueCapacity() {
    return queueCapacity;
  }

  /**
   * Queues {@code task} (run in {@code ctx}'s context) or refuses it with a 429, leaving nothing
   * held. A task whose caller has gone by the time a thread takes it runs {@code cancelled}
   * instead, so a burst that was abandoned does not keep the pool busy after it.
   */
  public void execute(
      RequestContext ctx, Supplier<String> what, long bytes, Runnable task, Runnable cancelled) {
    execute(ctx::isCancelled, ctx::makeContextAware, what, bytes, task, cancelled);
  }

  /**
   * {@link #execute(RequestContext, Supplier, long, Runnable, Runnable)} for a call outside
   * Armeria: {@code callerGone} says whether its caller has gone, {@code inContext} wraps the task
   * to run in the call's context (a gRPC {@code Context}'s {@code wrap}).
   */
  public void execute(
      BooleanSupplier callerGone,
      UnaryOperator<Runnable> inContext,
      Supplier<String> what,
      long bytes,
      Runnable task,
      Runnable cancelled) {
    admit(what, bytes);
    Runnable run =
        () -> {
          try {
            if (callerGone.getAsBoolean()) {
              cancelled.run();
            } else {
              task.run();
            }
          } finally {
            release(bytes);
          }
        };
    try {
      executor.execute(inContext.apply(run));
    } catch (RuntimeException e) {
      release(bytes); // shut down: the node is closing
      throw e;
    }
  }

  /**
   * Runs {@code call} on the calling thread under this pool's admission: for calls a transport has
   * already handed to a blocking thread (the generated gRPC services), so that they are shed by the
   * same rule without a second hop.
   */
  public <T> T runInline(Supplier<String> what, long bytes, Supplier<T> call) {
    admit(what, bytes);
    try {
      return call.get();
    } finally {
      release(bytes);
    }
  }

  /** {@code what} names the call in a refusal; built only then. */
  private void admit(Supplier<String> what, long bytes) {
    int now = admitted.incrementAndGet();
    if (now > size + queueCapacity) {
      admitted.decrementAndGet();
      rejections.incrementAndGet();
      throw rejected(what);
    }
    largest.accumulateAndGet(Math.min(now, size), Math::max);
    if (bytes <= 0) {
      return;
    }
    if (bodyBytes.addAndGet(bytes) > maxBodyBytes) {
      long held = bodyBytes.addAndGet(-bytes);
      admitted.decrementAndGet();
      pressureRejections.incrementAndGet();
      throw pressure(bytes, held);
    }
    try {
      inFlight.reserve(bytes, "<http_request>");
      bodyBytesTotal.addAndGet(bytes);
    } catch (RuntimeException e) {
      bodyBytes.addAndGet(-bytes);
      admitted.decrementAndGet();
      throw e;
    }
  }

  private void release(long bytes) {
    if (bytes > 0) {
      inFlight.release(bytes);
      bodyBytes.addAndGet(-bytes);
    }
    admitted.decrementAndGet();
    completed.incrementAndGet();
  }

  /** OpenSearch's {@code OpenSearchAbortPolicy} refusal, in its words. */
  private DuetException rejected(Supplier<String> what) {
    int active = Math.min(size, admitted.get());
    String reason =
        "rejected execution of "
            + what.get()
            + " on OpenSearchThreadPoolExecutor[name = "
            + qualifiedName
            + ", queue capacity = "
            + queueCapacity
            + ", "
            + getClass().getName()
            + "@"
            + Integer.toHexString(System.identityHashCode(this))
            + "[Running, pool size = "
            + size
            + ", active threads = "
            + active
            + ", queued tasks = "
            + Math.max(0, admitted.get() - size)
            + ", completed tasks = "
            + completed.get()
            + "]]";
    return new DuetException(429, "rejected_execution_exception", reason);
  }

  /** OpenSearch's indexing-pressure refusal of a write whose bytes would pass the limit. */
  private DuetException pressure(long bytes, long held) {
    return new DuetException(
        429,
        "rejected_execution_exception",
        "rejected execution of coordinating operation [coordinating_and_primary_bytes="
            + held
            + ", replica_bytes=0, all_bytes="
            + held
            + ", coordinating_operation_bytes="
            + bytes
            + ", max_coordinating_and_primary_bytes="
            + maxBodyBytes
            + "]");
  }

  /** What {@code _nodes/stats} and {@code _cat/thread_pool} show of this pool now. */
  public Stats stats() {
    int now = admitted.get();
    return new Stats(
        Math.min(size, now),
        Math.max(0, now - size),
        rejections.get(),
        largest.get(),
        completed.get(),
        executor.getPoolSize());
  }

  /** Body bytes held now and since start, and the writes refused for them (indexing pressure). */
  public Pressure pressure() {
    return new Pressure(
        bodyBytes.get(), bodyBytesTotal.get(), pressureRejections.get(), maxBodyBytes);
  }

  /** A pool's counters, as OpenSearch's {@code ThreadPoolStats.Stats} names them. */
  public record Stats(
      int active, int queue, long rejected, int largest, long completed, int threads) {}

  /** Admitted body bytes: held now, ever admitted, refusals, and the limit. */
  public record Pressure(long current, long total, long rejections, long limit) {}

  /** Tasks queued or running now (for tests and stats). */
  public int admitted() {
    return admitted.get();
  }

  @Override
  public void close() {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
