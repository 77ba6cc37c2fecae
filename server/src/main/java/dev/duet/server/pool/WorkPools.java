package dev.duet.server.pool;

import com.linecorp.armeria.common.HttpMethod;
import dev.duet.engine.breaker.CircuitBreakers;
import dev.duet.engine.breaker.MemorySize;

/**
 * The node's {@code search} and {@code write} pools, and which REST operation runs on which: both
 * ports hand searches (search, msearch, count, explain, scroll, points in time) and writes (bulk,
 * single-document index, create, update, delete) to them; everything else (admin, reads of one
 * document) runs on Armeria's blocking executor as before.
 */
public final class WorkPools implements AutoCloseable {
  /** OpenSearch's {@code indexing_pressure.memory.limit}: write bodies in flight, 10% of heap. */
  public static final String INDEXING_PRESSURE_LIMIT = "10%";

  private final WorkPool search;
  private final WorkPool write;

  public WorkPools(String nodeName, ThreadPoolSizes sizes, CircuitBreakers breakers) {
    long heap = CircuitBreakers.heapBytes();
    this.search =
        new WorkPool(
            nodeName,
            "search",
            sizes.searchSize(),
            sizes.searchQueue(),
            breakers.inFlightRequests(),
            Long.MAX_VALUE);
    this.write =
        new WorkPool(
            nodeName,
            "write",
            sizes.writeSize(),
            sizes.writeQueue(),
            breakers.inFlightRequests(),
            MemorySize.parse(INDEXING_PRESSURE_LIMIT, "indexing_pressure.memory.limit", heap));
  }

  public WorkPool search() {
    return search;
  }

  public WorkPool write() {
    return write;
  }

  /** The pool for a REST route ({@code /{index}/_search}), or null for Armeria's executor. */
  public WorkPool forRoute(HttpMethod method, String pattern) {
    if (pattern.contains("/_search")
        || pattern.contains("/_msearch")
        || pattern.contains("/_count")
        || pattern.contains("/_explain/")) {
      return search;
    }
    if (pattern.endsWith("/_bulk")) {
      return write;
    }
    boolean reads = method == HttpMethod.GET || method == HttpMethod.HEAD;
    if (!reads
        && (pattern.contains("/_doc")
            || pattern.contains("/_create/")
            || pattern.contains("/_update/"))) {
      return write;
    }
    return null;
  }

  @Override
  public void close() {
    try {
      search.close();
    } finally {
      write.close();
    }
  }
}
