/**
 * A search end to end: the query phase on each index, rescore, collapse, fetch, aggregations, the
 * request cache and limits (timeout, terminate_after, windows). Starting points: {@link
 * dev.duet.engine.internal.search.SearchPhase}, {@code QueryPhase}, {@code RequestCache}, {@code
 * ExplainPhase}.
 */
package dev.duet.engine.internal.search;
