/**
 * Index-level operations other than documents and searches: creating indices and changing their
 * mappings and settings, aliases, {@code _analyze}. Starting points: {@link
 * dev.duet.engine.internal.admin.IndexAdmin} (validates a change for every target index before any
 * is written), {@code AliasUpdates}, {@code AnalyzeService}.
 */
package dev.duet.engine.internal.admin;
