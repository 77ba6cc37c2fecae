package dev.duet.gateway.observe;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Writes log entries on its own thread, so that a call's access-log line costs the event loop that
 * served it one queue offer — not building JSON and a synchronous write to a stream under a lock.
 * The thread wakes on its own every {@code interval} and hands what has queued up to its sink as
 * one batch (one write, not one per line); callers never wake it (a wake-up per call costs about
 * what the write did). When the queue is full, entries are dropped and counted rather than slowing
 * calls down.
 */
final class LineWriter<T> implements AutoCloseable {
  private final BlockingQueue<T> queue;
  private final Consumer<List<T>> sink;
  private final long intervalNanos;
  private final AtomicLong dropped = new AtomicLong();
  private final Thread thread;
  private volatile boolean closed;

  LineWriter(String threadName, int capacity, long intervalNanos, Consumer<List<T>> sink) {
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.sink = sink;
    this.intervalNanos = intervalNanos;
    this.thread = Thread.ofPlatform().name(threadName).daemon().start(this::run);
  }

  /** Queues an entry; {@code false} (and counted) when the queue is full. */
  boolean offer(T entry) {
    if (queue.offer(entry)) {
      return true;
    }
    dropped.incrementAndGet();
    return false;
  }

  /** Entries dropped so far because the queue was full. */
  long dropped() {
    return dropped.get();
  }

  /** Writes what is queued and stops the thread. */
  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void run() {
    List<T> batch = new ArrayList<>();
    while (true) {
      boolean last = closed;
      queue.drainTo(batch);
      if (!batch.isEmpty()) {
        try {
          sink.accept(batch);
        } catch (RuntimeException e) {
          // One bad batch must not stop the log.
        }
        batch.clear();
      }
      if (last) {
        return;
      }
      LockSupport.parkNanos(intervalNanos);
    }
  }
}
