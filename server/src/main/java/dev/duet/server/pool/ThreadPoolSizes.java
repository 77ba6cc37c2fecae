package dev.duet.server.pool;

/**
 * The sizes of the node's bounded executors, with OpenSearch's setting names and defaults.
 *
 * @param searchSize {@code thread_pool.search.size}: ((cores * 3) / 2) + 1
 * @param searchQueue {@code thread_pool.search.queue_size}: 1,000
 * @param writeSize {@code thread_pool.write.size}: cores
 * @param writeQueue {@code thread_pool.write.queue_size}: 10,000
 */
public record ThreadPoolSizes(int searchSize, int searchQueue, int writeSize, int writeQueue) {
  public ThreadPoolSizes {
    positive("thread_pool.search.size", searchSize);
    notNegative("thread_pool.search.queue_size", searchQueue);
    positive("thread_pool.write.size", writeSize);
    notNegative("thread_pool.write.queue_size", writeQueue);
  }

  /** OpenSearch's defaults for this machine's cores. */
  public static ThreadPoolSizes defaults() {
    int cores = Runtime.getRuntime().availableProcessors();
    return new ThreadPoolSizes((cores * 3) / 2 + 1, 1000, cores, 10_000);
  }

  public ThreadPoolSizes with(String setting, int value) {
    return switch (setting) {
      case "thread_pool.search.size" ->
          new ThreadPoolSizes(value, searchQueue, writeSize, writeQueue);
      case "thread_pool.search.queue_size" ->
          new ThreadPoolSizes(searchSize, value, writeSize, writeQueue);
      case "thread_pool.write.size" ->
          new ThreadPoolSizes(searchSize, searchQueue, value, writeQueue);
      case "thread_pool.write.queue_size" ->
          new ThreadPoolSizes(searchSize, searchQueue, writeSize, value);
      default -> throw new IllegalArgumentException("unknown setting [" + setting + "]");
    };
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: >= 1)");
    }
  }

  private static void notNegative(String name, int value) {
    if (value < 0) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: >= 0)");
    }
  }
}
