/**
 * Aggregations executed on Lucene. Starting points: {@link
 * dev.duet.engine.internal.agg.AggregationPhase} (runs a request's aggregations over the matching
 * documents of each index and builds the results), {@code Aggregator} (the collector contract:
 * documents arrive with the ordinal of the bucket that owns them, so sub-aggregations nest without
 * an object per bucket) and {@code Pipelines} (pipeline aggregations over the built results).
 */
package dev.duet.engine.internal.agg;
