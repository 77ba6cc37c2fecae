package dev.duet.engine.internal.translog;

import static java.util.Objects.requireNonNull;

import java.util.function.LongConsumer;

/**
 * Where a node's translogs report each fsync's duration: one per engine, shared by its indices'
 * translogs, whose listener (the node's metrics) may be set after the indices opened.
 */
public final class FsyncObserver {
  private volatile LongConsumer listener = nanos -> {};

  /** From now on, {@code listener} gets the nanoseconds of every fsync; replaces the last one. */
  public void listen(LongConsumer listener) {
    this.listener = requireNonNull(listener, "listener");
  }

  void fsynced(long nanos) {
    listener.accept(nanos);
  }
}
