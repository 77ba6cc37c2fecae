/**
 * Searches as a model: {@link dev.duet.engine.search.SearchRequest} with its {@link
 * dev.duet.engine.search.Query} tree, answered by {@link dev.duet.engine.search.SearchResponse}.
 */
package dev.duet.engine.search;
