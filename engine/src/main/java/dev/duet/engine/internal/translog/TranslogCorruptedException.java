package dev.duet.engine.internal.translog;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A translog damaged before its tail: intact records follow the damage, so cutting there would drop
 * acknowledged writes. The index must not open; {@link Translog#removeCorruptedData} is the
 * operator's explicit way past it.
 */
public final class TranslogCorruptedException extends IOException {
  private final Path file;

  TranslogCorruptedException(Path file, String problem) {
    super(
        "translog ["
            + file
            + "] is damaged before its end ("
            + problem
            + ") and intact operations follow the damage; recovering would drop acknowledged"
            + " writes");
    this.file = file;
  }

  /** The generation file where the damage is. */
  public Path file() {
    return file;
  }
}
