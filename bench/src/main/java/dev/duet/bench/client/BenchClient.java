package dev.duet.bench.client;

import java.util.List;

/**
 * The operations the scenarios measure, one implementation per protocol. Implementations are
 * thread-safe: the concurrent scenarios share one client between their workers.
 */
public interface BenchClient extends AutoCloseable {
  Protocol protocol();

  /** TCP port the client's measured traffic goes to (to count its bytes on the wire). */
  int port();

  /**
   * Indexes {@code ops} into {@code index} with one bulk request.
   *
   * @throws BenchRequestException if the request or any of its items failed
   */
  void bulk(String index, List<IndexOp> ops);

  /**
   * Runs a {@code match} query for {@code text} on {@code field}, returning the number of hits in
   * the response (at most {@code size}).
   *
   * @throws BenchRequestException if the search failed
   */
  int search(String index, TextQuery query, String field, String text, int size);

  /**
   * Runs one aggregation search on {@code index}, discarding the result.
   *
   * @throws BenchRequestException if the search failed
   */
  void aggregate(String index, AggregationQuery query);

  /**
   * Sets the {@code request_cache} flag of the searches this client sends from now on: null leaves
   * it out (the server's default), false bypasses the shard request cache, true asks for it.
   */
  void requestCache(Boolean enabled);

  @Override
  void close();
}
