package dev.duet.engine.search;

import java.util.List;

/**
 * One hit. {@code score} is {@link Float#NaN} when the search sorted by fields (OpenSearch renders
 * it as null); {@code source} is the filtered source JSON, or null when not fetched; {@code
 * sortValues} is empty unless the request sorted, else one {@link Long}, {@link Double}, {@link
 * String} or null per sort key.
 */
public record SearchHit(
    String index, String id, float score, byte[] source, List<Object> sortValues) {}
