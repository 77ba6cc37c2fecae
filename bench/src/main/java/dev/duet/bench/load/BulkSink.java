package dev.duet.bench.load;

import java.util.List;

/** Sends one bulk request; one implementation per protocol. Thread-safe. */
interface BulkSink extends AutoCloseable {
  /**
   * Sends {@code items} (into {@code index} unless an item names its own) as one bulk request.
   *
   * @return one result per item, in order; every item 429 when the whole request was refused for
   *     overload
   * @throws LoadException when the request failed for any other reason
   */
  List<ItemResult> send(String index, List<LoadItem> items);

  /** "gRPC" or "REST", for the report. */
  String protocol();

  @Override
  void close();
}
