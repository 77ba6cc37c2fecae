package dev.duet.engine.snapshot;

/**
 * How a restored index came to be, for {@code _recovery}: from which snapshot, and the files and
 * bytes copied from the repository.
 */
public record IndexRestore(
    String repository,
    String snapshot,
    String sourceIndex,
    String restoreUuid,
    int files,
    long bytes,
    long startMillis,
    long stopMillis) {}
