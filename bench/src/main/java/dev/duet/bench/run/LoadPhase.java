package dev.duet.bench.run;

import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.BenchRequestException;
import dev.duet.bench.measure.LatencySummary;
import dev.duet.bench.measure.ProcessCpu;
import dev.duet.bench.measure.WireBytes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Runs a scenario on one protocol for a fixed time with {@code clients} threads: in a closed loop
 * (each sends its next request as soon as the previous one is answered) or, given a rate, at fixed
 * intervals (see {@link Pacer}). Latency is recorded per request; CPU (client and server) and bytes
 * on the wire are read before the workers start and after they all stop, so the probes' own cost
 * stays outside the measurement.
 */
final class LoadPhase {
  /** A worker gives up after this many errors: the target is down or rejects everything. */
  private static final int MAX_ERRORS_PER_WORKER = 100;

  private final Workload workload;
  private final ProcessCpu clientCpu;
  private final ProcessCpu serverCpu;
  private final WireBytes wireBytes;
  private final double ratePerSecond;

  /** A closed loop if {@code ratePerSecond} is 0, else that many requests per second in all. */
  LoadPhase(
      Workload workload,
      ProcessCpu clientCpu,
      ProcessCpu serverCpu,
      WireBytes wireBytes,
      double ratePerSecond) {
    if (ratePerSecond < 0) {
      throw new IllegalArgumentException("rate: " + ratePerSecond + " (expected: >= 0)");
    }
    this.workload = workload;
    this.clientCpu = clientCpu;
    this.serverCpu = serverCpu;
    this.wireBytes = wireBytes;
    this.ratePerSecond = ratePerSecond;
  }

  PhaseResult run(Scenario scenario, BenchClient client, Duration duration) {
    ThreadFactory threads =
        Thread.ofPlatform()
            .name(
                "bench-"
                    + scenario.name()
                    + "-"
                    + client.protocol().name().toLowerCase(Locale.ROOT)
                    + "-",
                0)
            .factory();
    CountDownLatch start = new CountDownLatch(1);
    AtomicLong startNanos = new AtomicLong();
    List<Worker> workers = new ArrayList<>();
    List<Thread> running = new ArrayList<>();
    for (int i = 0; i < scenario.clients(); i++) {
      Worker worker = new Worker(scenario, client, i, start, startNanos, duration.toNanos());
      workers.add(worker);
      Thread thread = threads.newThread(worker);
      running.add(thread);
      thread.start();
    }

    Map<String, WireBytes.Totals> bytesBefore = wireBytes.read(client.port());
    long serverBefore = serverCpu == null ? -1 : serverCpu.cpuNanos();
    long clientBefore = clientCpu.cpuNanos();
    startNanos.set(System.nanoTime());
    start.countDown();
    for (Thread thread : running) {
      joinUninterruptibly(thread);
    }
    long elapsed = System.nanoTime() - startNanos.get();
    long clientUsed = clientCpu.cpuNanos() - clientBefore;
    long serverUsed = serverCpu == null ? -1 : serverCpu.cpuNanos() - serverBefore;
    WireBytes.Totals bytes = WireBytes.between(bytesBefore, wireBytes.read(client.port()));

    Histogram latency = LatencySummary.newHistogram();
    long requests = 0;
    long docs = 0;
    long errors = 0;
    String firstError = null;
    for (Worker worker : workers) {
      latency.add(worker.latency);
      requests += worker.requests;
      docs += worker.docs;
      errors += worker.errors;
      if (firstError == null) {
        firstError = worker.firstError;
      }
    }
    return new PhaseResult(
        latency,
        requests,
        docs,
        errors,
        firstError,
        elapsed,
        clientUsed,
        serverUsed,
        bytes == null ? -1 : bytes.sent(),
        bytes == null ? -1 : bytes.received());
  }

  private static void joinUninterruptibly(Thread thread) {
    boolean interrupted = false;
    while (true) {
      try {
        thread.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private static void waitUntil(long due) {
    long wait;
    while ((wait = due - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
    }
  }

  /** One client; its counters are read only after its thread has ended. */
  private final class Worker implements Runnable {
    private final Scenario scenario;
    private final BenchClient client;
    private final int index;
    private final CountDownLatch start;
    private final AtomicLong startNanos;
    private final long durationNanos;
    private final Histogram latency = LatencySummary.newHistogram();
    private long requests;
    private long docs;
    private long errors;
    private String firstError;

    Worker(
        Scenario scenario,
        BenchClient client,
        int index,
        CountDownLatch start,
        AtomicLong startNanos,
        long durationNanos) {
      this.scenario = scenario;
      this.client = client;
      this.index = index;
      this.start = start;
      this.startNanos = startNanos;
      this.durationNanos = durationNanos;
    }

    @Override
    public void run() {
      try {
        start.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      long deadline = startNanos.get() + durationNanos;
      Pacer pacer =
          ratePerSecond > 0
              ? new Pacer(startNanos.get(), ratePerSecond, index, scenario.clients())
              : null;
      while (errors < MAX_ERRORS_PER_WORKER) {
        long due = pacer == null ? System.nanoTime() : pacer.nextDue();
        if (due >= deadline) {
          break;
        }
        waitUntil(due);
        try {
          int indexed = workload.execute(scenario, client);
          latency.recordValue(System.nanoTime() - due);
          requests++;
          docs += indexed;
        } catch (BenchRequestException e) {
          errors++;
          if (firstError == null) {
            firstError = e.getMessage();
          }
        }
      }
    }
  }
}
