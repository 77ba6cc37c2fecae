package dev.duet.engine.search;

/**
 * An open point in time: its opaque {@code id}, when it was created and how long it is kept alive
 * past its last use (both in milliseconds), and the shards it holds readers on.
 */
public record PointInTime(String id, long creationTime, long keepAliveMillis, int totalShards) {}
