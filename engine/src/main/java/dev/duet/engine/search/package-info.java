/**
 * Searches as a model: {@link dev.duet.engine.search.SearchRequest} with its {@link
 * dev.duet.engine.search.Query} tree, answered by {@link dev.duet.engine.search.SearchResponse};
 * its aggregations are {@link dev.duet.engine.search.Aggregation} (what a request asks,
 * sub-aggregations nested) and {@link dev.duet.engine.search.AggregationResult} (what the engine
 * answers, in OpenSearch's terms).
 */
package dev.duet.engine.search;
