/**
 * A document's {@code _source} as JSON: parsing to maps, streaming includes/excludes, merging
 * partial updates, reading values by path. Starting points: {@link
 * dev.duet.engine.internal.source.JsonMaps}, {@code SourceFiltering}, {@code SourceMerge}, {@code
 * SourceValues}.
 */
package dev.duet.engine.internal.source;
