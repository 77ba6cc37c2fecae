package dev.duet.engine.internal;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import java.io.Closeable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Applies the items of one bulk request, on several cores when the bulk is large. OpenSearch
 * spreads a bulk over an index's shards; Duet has one Lucene index per index, so it spreads a large
 * bulk over partitions instead: items naming the same index and id always land in the same
 * partition, in request order, so one document's operations apply in the order the client sent
 * them. Operations on different documents may then take their seq_nos in a different order than the
 * request lists them — as they do across OpenSearch's shards.
 *
 * <p>The calling thread works too, and takes over any partition no worker has started, so a bulk
 * never waits behind a busy pool. A bulk is cut into more partitions than there are threads, taken
 * one at a time: when a merge, a refresh or the collector holds one core, the other threads apply
 * the partitions it has not reached, instead of the bulk waiting for its slowest fixed share.
 */
final class BulkApplier implements Closeable {
  /** Below this many items per partition, the hand-off costs more than it saves. */
  static final int MIN_ITEMS_PER_PARTITION = 64;

  /** Partitions per thread, at most: enough that a slowed thread's share can move to the others. */
  static final int PARTITIONS_PER_THREAD = 4;

  private final int threads;
  private final ExecutorService workers;

  /** {@code threads} counts the calling thread: a pool of {@code threads - 1} workers helps it. */
  BulkApplier(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads: " + threads + " (expected: >= 1)");
    }
    this.threads = threads;
    this.workers =
        threads == 1
            ? null
            : Executors.newFixedThreadPool(
                threads - 1, Thread.ofPlatform().name("duet-bulk-", 0).daemon(true).factory());
  }

  /** Responses in the order of {@code items}; {@code apply} must be safe to call concurrently. */
  List<BulkItemResponse> apply(
      List<BulkItem> items, Function<BulkItem, BulkItemResponse> applyItem) {
    int partitions =
        threads == 1
            ? 1
            : Math.min(threads * PARTITIONS_PER_THREAD, items.size() / MIN_ITEMS_PER_PARTITION);
    BulkItemResponse[] responses = new BulkItemResponse[items.size()];
    if (partitions <= 1) {
      for (int i = 0; i < responses.length; i++) {
        responses[i] = applyItem.apply(items.get(i));
      }
      return Arrays.asList(responses);
    }
    int[][] members = partition(items, partitions);
    AtomicInteger nextPartition = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(partitions);
    RuntimeException[] failure = new RuntimeException[1];
    Runnable participant =
        () -> {
          for (int p = nextPartition.getAndIncrement();
              p < partitions;
              p = nextPartition.getAndIncrement()) {
            try {
              for (int i : members[p]) {
                responses[i] = applyItem.apply(items.get(i));
              }
            } catch (RuntimeException e) {
              synchronized (failure) {
                failure[0] = failure[0] == null ? e : failure[0];
              }
            } finally {
              done.countDown();
            }
          }
        };
    for (int w = 1; w < Math.min(threads, partitions); w++) {
      try {
        workers.execute(participant);
      } catch (RejectedExecutionException e) {
        break; // shutting down: the calling thread applies the rest
      }
    }
    participant.run();
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a bulk was being applied", e);
    }
    if (failure[0] != null) {
      throw failure[0];
    }
    return Arrays.asList(responses);
  }

  /** The positions of {@code items} in each partition, in request order. */
  private static int[][] partition(List<BulkItem> items, int partitions) {
    int[] partitionOf = new int[items.size()];
    int[] sizes = new int[partitions];
    for (int i = 0; i < partitionOf.length; i++) {
      BulkItem item = items.get(i);
      // Items without an id get a fresh one: no other item can name the same document.
      int hash = item.id() == null ? i : Objects.hash(item.index(), item.id());
      partitionOf[i] = Math.floorMod(hash, partitions);
      sizes[partitionOf[i]]++;
    }
    int[][] members = new int[partitions][];
    for (int p = 0; p < partitions; p++) {
      members[p] = new int[sizes[p]];
      sizes[p] = 0;
    }
    for (int i = 0; i < partitionOf.length; i++) {
      int p = partitionOf[i];
      members[p][sizes[p]++] = i;
    }
    return members;
  }

  @Override
  public void close() {
    if (workers != null) {
      workers.shutdown();
    }
  }
}
