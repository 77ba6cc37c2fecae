/**
 * "What an index has done": the counters each index keeps as it works ({@link
 * dev.duet.engine.internal.stats.ShardCounters}), read by {@code _stats}, {@code _nodes/stats} and
 * the node's metrics. A leaf: it knows only the engine's API.
 */
package dev.duet.engine.internal.stats;
