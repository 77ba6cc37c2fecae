/**
 * What an index is: {@link dev.duet.engine.index.IndexInfo} (identity, settings, mapping, aliases,
 * counts), {@link dev.duet.engine.index.IndexSettings} and {@link
 * dev.duet.engine.index.AliasMetadata}; how requests name indices: {@link
 * dev.duet.engine.index.IndicesOptions} and {@link dev.duet.engine.index.AliasAction}; what a
 * {@code _forcemerge} asks: {@link dev.duet.engine.index.ForceMerge}.
 */
package dev.duet.engine.index;
