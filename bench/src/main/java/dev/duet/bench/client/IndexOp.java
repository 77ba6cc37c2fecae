package dev.duet.bench.client;

import static java.util.Objects.requireNonNull;

/** One "index this source under this id" item of a bulk request. */
public record IndexOp(String id, byte[] source) {
  public IndexOp {
    requireNonNull(id, "id");
    requireNonNull(source, "source");
  }
}
