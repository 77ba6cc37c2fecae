package dev.duet.engine.search;

import java.util.function.Consumer;

/**
 * The search slow log's lines as they are written (to the {@code index.search.slowlog.query} and
 * {@code index.search.slowlog.fetch} loggers), for a test to read: the log backend is the
 * application's.
 */
public final class SlowLogLines {
  private static volatile Consumer<String> hook;

  private SlowLogLines() {}

  /** {@code hook} gets every slow-log line from now on; null removes it. */
  public static void onLine(Consumer<String> hook) {
    SlowLogLines.hook = hook;
  }

  /** Hands {@code line} to the hook, if any (the engine calls it). */
  public static void written(String line) {
    Consumer<String> h = hook;
    if (h != null) {
      h.accept(line);
    }
  }
}
