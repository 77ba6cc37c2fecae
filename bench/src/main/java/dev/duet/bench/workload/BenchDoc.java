package dev.duet.bench.workload;

import static java.util.Objects.requireNonNull;

/**
 * One generated document: its JSON source, ready to be sent as the {@code _source} of an index
 * operation over either protocol.
 */
public record BenchDoc(byte[] source) {
  public BenchDoc {
    requireNonNull(source, "source");
  }
}
