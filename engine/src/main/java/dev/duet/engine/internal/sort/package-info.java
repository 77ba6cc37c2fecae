/**
 * Sort keys → Lucene sort fields: missing values, {@code mode}, nested sorts, keyword modes.
 * Starting points: {@link dev.duet.engine.internal.sort.SortBuilder}, {@code ModeSortField}, {@code
 * SortValues} (a hit's sort values as OpenSearch returns them).
 */
package dev.duet.engine.internal.sort;
