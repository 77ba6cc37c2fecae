package dev.duet.engine.internal.shard;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.stats.ShardCounters;
import dev.duet.engine.internal.translog.Translog;
import dev.duet.engine.internal.translog.TranslogOperation;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongSupplier;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.AlreadyClosedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one index's acknowledged writes durable, as OpenSearch does: each operation is logged to
 * the translog, which is fsynced per bulk or on a timer ({@code index.translog.durability}); a
 * flush commits Lucene with the highest seq_no it contains, rolls the translog and deletes the
 * generations the commit covers, when the translog outgrows {@code
 * index.translog.flush_threshold_size}, on demand and on close.
 */
public final class IndexDurability implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(IndexDurability.class);
  private static final String MAX_SEQ_NO = "max_seq_no";

  private final String indexName;
  private final Translog translog;
  private final IndexWriter writer;
  private final LongSupplier maxSeqNo;
  private final ScheduledExecutorService tasks;
  // Writes hold it shared from taking a seq_no until it is logged; flush takes it alone for an
  // instant, so every seq_no at or below the one it commits is in Lucene and in an older
  // translog generation.
  private final ReadWriteLock gate = new ReentrantReadWriteLock();
  private final Object flushLock = new Object();
  private final AtomicBoolean flushQueued = new AtomicBoolean();
  // Dynamic settings: replaced by applySettings, under settingsLock.
  private final Object settingsLock = new Object();
  private volatile boolean asyncDurability;
  private volatile long flushThresholdBytes;
  private ScheduledFuture<?> syncTask;
  private final ShardCounters counters;

  /**
   * {@code maxSeqNo} gives the highest seq_no handed out so far; {@code tasks} runs timed syncs and
   * size-triggered flushes.
   */
  IndexDurability(
      String indexName,
      IndexSettings settings,
      Translog translog,
      IndexWriter writer,
      LongSupplier maxSeqNo,
      ScheduledExecutorService tasks,
      ShardCounters counters) {
    this.counters = counters;
    this.indexName = indexName;
    this.translog = translog;
    this.writer = writer;
    this.maxSeqNo = maxSeqNo;
    this.tasks = tasks;
    applySettings(settings);
  }

  /**
   * Takes the translog settings of {@code settings} into use: durability, sync interval and flush
   * threshold are dynamic in OpenSearch. Leaving {@code async} syncs what the timer had not yet.
   */
  void applySettings(IndexSettings settings) {
    synchronized (settingsLock) {
      boolean async = IndexSettingsRules.asyncDurability(settings);
      flushThresholdBytes = IndexSettingsRules.flushThresholdBytes(settings);
      if (syncTask != null) {
        syncTask.cancel(false);
        syncTask = null;
      }
      if (asyncDurability && !async) {
        scheduledSync();
      }
      asyncDurability = async;
      if (async) {
        long syncInterval = IndexSettingsRules.syncIntervalMillis(settings);
        syncTask =
            tasks.scheduleWithFixedDelay(
                this::scheduledSync, syncInterval, syncInterval, TimeUnit.MILLISECONDS);
      }
    }
  }

  /** The highest seq_no the writer's last commit contains; -1 when it has none. */
  static long committedSeqNo(IndexWriter writer) {
    for (Map.Entry<String, String> e : writer.getLiveCommitData()) {
      if (e.getKey().equals(MAX_SEQ_NO)) {
        return Long.parseLong(e.getValue());
      }
    }
    return -1;
  }

  /** Held by a write from taking its seq_no until {@link #log} returns. */
  Lock operationLock() {
    return gate.readLock();
  }

  /** Appends an operation Lucene has accepted; durable after {@link #afterBulk}. */
  void log(TranslogOperation op) throws IOException {
    translog.add(op);
  }

  /**
   * Called once per bulk that wrote to the index, before the bulk is acknowledged: with {@code
   * request} durability fsyncs the translog (one fsync may cover several concurrent bulks), and
   * queues a flush once the translog outgrows its threshold.
   */
  void afterBulk() {
    if (!asyncDurability) {
      try {
        translog.sync();
      } catch (AlreadyClosedException e) {
        throw DuetException.indexNotFound(indexName);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (translog.sizeInBytes() > flushThresholdBytes && flushQueued.compareAndSet(false, true)) {
      try {
        tasks.execute(
            () -> {
              flushQueued.set(false);
              scheduledFlush();
            });
      } catch (RejectedExecutionException e) {
        flushQueued.set(false); // the engine is closing; close() flushes anyway
      }
    }
  }

  /** Lucene commit, translog roll, and deletion of the generations the commit covers. */
  void flush() {
    flush(true);
  }

  /**
   * A flush; {@code counted} false for the one an index opening does (OpenSearch counts none for a
   * new or recovered shard).
   */
  void flush(boolean counted) {
    long start = System.nanoTime();
    try {
      synchronized (flushLock) {
        long generation;
        gate.writeLock().lock();
        try {
          generation = translog.rollGeneration();
          writer.setLiveCommitData(
              Map.of(MAX_SEQ_NO, Long.toString(maxSeqNo.getAsLong())).entrySet());
        } finally {
          gate.writeLock().unlock();
        }
        // Outside the gate, writes go on during the commit and it may contain some of them;
        // replaying those again is harmless, as replay overwrites by id.
        writer.commit();
        translog.trimBelow(generation);
      }
      if (counted) {
        counters.increment(StatsCounter.FLUSH_TOTAL);
        counters.add(StatsCounter.FLUSH_TIME, System.nanoTime() - start);
      }
    } catch (AlreadyClosedException e) {
      throw DuetException.indexNotFound(indexName);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The translog, for its figures in {@code _stats}. */
  Translog translog() {
    return translog;
  }

  /** Stops the timed sync and closes the translog (which syncs it); does not flush. */
  @Override
  public void close() throws IOException {
    synchronized (settingsLock) {
      if (syncTask != null) {
        syncTask.cancel(false);
      }
    }
    translog.close();
  }

  private void scheduledSync() {
    try {
      translog.sync();
    } catch (AlreadyClosedException e) {
      // closed or deleted; closing synced
    } catch (IOException | RuntimeException e) {
      LOG.warn("translog sync of index [{}] failed", indexName, e);
    }
  }

  private void scheduledFlush() {
    try {
      flush();
      counters.increment(StatsCounter.FLUSH_PERIODIC);
    } catch (DuetException e) {
      // The index was closed or deleted while this flush was queued; close() flushed.
    } catch (RuntimeException e) {
      LOG.warn("flush of index [{}] failed", indexName, e);
    }
  }
}
