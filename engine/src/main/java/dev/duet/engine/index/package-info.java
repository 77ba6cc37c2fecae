/**
 * What an index is: {@link dev.duet.engine.index.IndexInfo} (identity, settings, mapping, aliases,
 * counts), {@link dev.duet.engine.index.IndexSettings} and {@link
 * dev.duet.engine.index.AliasMetadata}; how requests name indices: {@link
 * dev.duet.engine.index.IndicesOptions} and {@link dev.duet.engine.index.AliasAction}.
 */
package dev.duet.engine.index;
