/**
 * What the node knows about its indices besides their data: {@code index.json}, settings rules,
 * mapping limits, index expressions, indices that failed to open. Starting points: {@link
 * dev.duet.engine.internal.meta.IndexMetadata}, {@code IndexResolver} (names, aliases and wildcards
 * → concrete indices), {@code IndexSettingsRules}, {@code FailedIndices}.
 */
package dev.duet.engine.internal.meta;
