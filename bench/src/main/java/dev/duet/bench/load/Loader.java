package dev.duet.bench.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Reads batches from a {@link DocumentReader} and sends them through a {@link BulkSink} with at
 * most {@code concurrency} requests in flight: the reader waits for a free slot, so a slow server
 * slows the reading instead of filling memory. Items answered 429 are sent again after a pause that
 * doubles each time (100 ms up to 5 s), at most {@code maxRetries} times.
 */
final class Loader {
  private static final int MAX_FAILURES_KEPT = 5;

  private final BulkSink sink;
  private final String index;
  private final int batchDocs;
  private final long batchBytes;
  private final int concurrency;
  private final int maxRetries;
  private final AtomicLong loaded = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final AtomicLong retried = new AtomicLong();
  private final List<String> failures = new ArrayList<>();
  private final AtomicReference<RuntimeException> fatal = new AtomicReference<>();

  Loader(
      BulkSink sink,
      String index,
      int batchDocs,
      long batchBytes,
      int concurrency,
      int maxRetries) {
    this.sink = sink;
    this.index = index;
    this.batchDocs = batchDocs;
    this.batchBytes = batchBytes;
    this.concurrency = concurrency;
    this.maxRetries = maxRetries;
  }

  /** Items acknowledged so far. */
  long loaded() {
    return loaded.get();
  }

  /**
   * Loads everything {@code reader} holds; {@code progress} hears the bytes read after each batch.
   *
   * @throws LoadException when the input is malformed or a request fails other than with a 429
   */
  LoadReport run(DocumentReader reader, LongConsumer progress)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    Semaphore slots = new Semaphore(concurrency);
    ExecutorService senders =
        Executors.newFixedThreadPool(
            concurrency, Thread.ofPlatform().name("duet-load-", 0).daemon().factory());
    try {
      List<LoadItem> batch = new ArrayList<>(batchDocs);
      long bytes = 0;
      for (LoadItem item = reader.next(); item != null; item = reader.next()) {
        batch.add(item);
        bytes += item.weight();
        if (batch.size() >= batchDocs || bytes >= batchBytes) {
          submit(senders, slots, batch);
          progress.accept(reader.bytesRead());
          batch = new ArrayList<>(batchDocs);
          bytes = 0;
        }
        throwIfFailed();
      }
      if (!batch.isEmpty()) {
        submit(senders, slots, batch);
      }
      slots.acquire(concurrency); // every batch answered
      progress.accept(reader.bytesRead());
      throwIfFailed();
    } finally {
      senders.shutdownNow();
      senders.awaitTermination(10, TimeUnit.SECONDS);
    }
    synchronized (failures) {
      return new LoadReport(
          index,
          sink.protocol(),
          loaded.get(),
          failed.get(),
          retried.get(),
          reader.bytesRead(),
          System.nanoTime() - start,
          List.copyOf(failures));
    }
  }

  private void submit(ExecutorService senders, Semaphore slots, List<LoadItem> batch)
      throws InterruptedException {
    slots.acquire();
    senders.execute(
        () -> {
          try {
            send(batch);
          } catch (RuntimeException e) {
            fatal.compareAndSet(null, e);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } finally {
            slots.release();
          }
        });
  }

  private void send(List<LoadItem> batch) throws InterruptedException {
    List<LoadItem> pending = batch;
    for (int attempt = 0; ; attempt++) {
      List<ItemResult> results = sink.send(index, pending);
      List<LoadItem> again = new ArrayList<>();
      for (int i = 0; i < pending.size(); i++) {
        ItemResult r = results.get(i);
        if (r.ok()) {
          loaded.incrementAndGet();
        } else if (r.retryable() && attempt < maxRetries) {
          again.add(pending.get(i));
        } else {
          fail(r);
        }
      }
      if (again.isEmpty()) {
        return;
      }
      retried.addAndGet(again.size());
      Thread.sleep(Math.min(5_000, 100L << Math.min(attempt, 6)));
      pending = again;
    }
  }

  private void fail(ItemResult r) {
    failed.incrementAndGet();
    synchronized (failures) {
      if (failures.size() < MAX_FAILURES_KEPT) {
        failures.add(r.status() + " " + r.reason());
      }
    }
  }

  private void throwIfFailed() {
    RuntimeException e = fatal.get();
    if (e != null) {
      throw e;
    }
  }
}
