/**
 * Writes of many documents: a bulk's items, delete/update-by-query and {@code _reindex}, each item
 * through the shard's one write path. Starting points: {@code NodeDocuments} (the node's document
 * calls), {@link dev.duet.engine.internal.bulk.BulkApplier} (items partitioned by index and id, on
 * all cores) and {@code ByQueryRunner} (one searcher's matches as bulk items).
 */
package dev.duet.engine.internal.bulk;
