package dev.duet.engine.snapshot;

import java.util.List;

/** What a restore did: the snapshot, the indices it restored (by their new names), shards. */
public record RestoreResult(String snapshot, List<String> indices, int totalShards) {}
