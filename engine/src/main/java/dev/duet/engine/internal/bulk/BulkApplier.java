package dev.duet.engine.internal.bulk;

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
 * never waits behind a busy pool.
 */
public final class BulkApplier implements Closeable {
  /** Below this many items per partition, the hand-off costs more than it saves. */
  static final int MIN_ITEMS_PER_PARTITION = 64;

  private final int maxPartitions;
  private final ExecutorService workers;

  public BulkApplier(int maxPartitions) {
    if (maxPartitions < 1) {
      throw new IllegalArgumentException("maxPartitions: " + maxPartitions + " (expected: >= 1)");
    }
    this.maxPartitions = maxPartitions;
    this.workers =
        maxPartitions == 1
            ? null
            : Executors.newFixedThreadPool(
                maxPartitions - 1,
                Thread.ofPlatform().name("duet-bulk-", 0).daemon(true).factory());
  }

  /** Responses in the order of {@code items}; {@code apply} must be safe to call concurrently. */
  public List<BulkItemResponse> apply(
      List<BulkItem> items, Function<BulkItem, BulkItemResponse> applyItem) {
    int partitions = Math.min(maxPartitions, items.size() / MIN_ITEMS_PER_PARTITION);
    BulkItemResponse[] responses = new BulkItemResponse[items.size()];
    if (partitions <= 1) {
      for (int i = 0; i < responses.length; i++) {
        responses[i] = applyItem.apply(items.get(i));
      }
      return Arrays.asList(responses);
    }
    int[] partitionOf = new int[items.size()];
    for (int i = 0; i < partitionOf.length; i++) {
      BulkItem item = items.get(i);
      // Items without an id get a fresh one: no other item can name the same document.
      int hash = item.id() == null ? i : Objects.hash(item.index(), item.id());
      partitionOf[i] = Math.floorMod(hash, partitions);
    }
    AtomicInteger nextPartition = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(partitions);
    RuntimeException[] failure = new RuntimeException[1];
    Runnable participant =
        () -> {
          for (int p = nextPartition.getAndIncrement();
              p < partitions;
              p = nextPartition.getAndIncrement()) {
            try {
              for (int i = 0; i < responses.length; i++) {
                if (partitionOf[i] == p) {
                  responses[i] = applyItem.apply(items.get(i));
                }
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
    for (int w = 1; w < partitions; w++) {
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

  @Override
  public void close() {
    if (workers != null) {
      workers.shutdown();
    }
  }
}
