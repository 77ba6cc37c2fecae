package dev.duet.engine.index;

import java.nio.file.Path;

/**
 * What {@code duet shard remove-corrupted-data} did to one index's translog: where the damage was,
 * how many operations were kept (those before it), how many bytes were cut, and where an untouched
 * copy of the damaged file was kept. {@code file} is null when no damage was found.
 */
public record TranslogRepairReport(
    String index,
    Path folder,
    Path file,
    String problem,
    long keptOperations,
    long cutBytes,
    Path copy) {
  public boolean repaired() {
    return file != null;
  }
}
