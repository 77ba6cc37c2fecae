package dev.duet.engine.search;

/**
 * A sort key's {@code nested}: the values come from the root's nested objects at {@code path}
 * (null: none, so every root misses a value) that match {@code filter} (null: all), the first
 * {@code maxChildren} of them per root (null: all); {@code nested} (null: none) goes one level
 * deeper, to objects within those.
 */
public record NestedSort(String path, Query filter, Integer maxChildren, NestedSort nested) {}
