package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

/**
 * An index the node found on disk but could not open (metadata it cannot read, a translog damaged
 * before its tail): red, serving nothing, kept on disk untouched until it is repaired or deleted.
 * {@code uuid} is its folder's name; {@code shards} its primaries when its metadata said, else 1.
 */
public record IndexFailure(String name, String uuid, int shards, String reason) {
  public IndexFailure {
    requireNonNull(name, "name");
    requireNonNull(uuid, "uuid");
    requireNonNull(reason, "reason");
  }
}
