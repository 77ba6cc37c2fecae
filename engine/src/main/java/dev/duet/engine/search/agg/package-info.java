/**
 * Aggregations as a model, shared by both transports. Starting points: {@link
 * dev.duet.engine.search.agg.Aggregation} (what a request asks, sub-aggregations nested) and {@link
 * dev.duet.engine.search.agg.AggregationResult} (what the engine answers, in OpenSearch's terms).
 */
package dev.duet.engine.search.agg;
