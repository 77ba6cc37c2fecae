/**
 * Index-level operations other than documents and searches: creating indices and changing their
 * mappings and settings, aliases, {@code _analyze}. Starting points: {@link
 * dev.duet.engine.internal.admin.IndexAdmin} (validates a change for every target index before any
 * is written), {@code AliasUpdates}, {@code AnalyzeService}; {@code NodeIndices} (the node's
 * registry of indices: open at start, create, delete, failed ones) and {@code NodeAdmin} (the
 * node's admin calls).
 */
package dev.duet.engine.internal.admin;
