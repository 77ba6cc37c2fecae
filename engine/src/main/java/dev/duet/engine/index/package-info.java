/**
 * What an index is: {@link dev.duet.engine.index.IndexInfo} (identity, settings, mapping, counts)
 * and {@link dev.duet.engine.index.IndexSettings}.
 */
package dev.duet.engine.index;
