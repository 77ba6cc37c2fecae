package dev.duet.engine.snapshot;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.TreeMap;

/**
 * A registered snapshot repository: its name, its type ({@code fs}) and its settings as OpenSearch
 * reports them (strings by key: {@code location}, {@code compress}, {@code chunk_size}, {@code
 * readonly}, ...).
 */
public record Repository(String name, String type, Map<String, String> settings) {
  public Repository {
    requireNonNull(name, "name");
    requireNonNull(type, "type");
    settings = java.util.Collections.unmodifiableMap(new TreeMap<>(settings));
  }

  /** {@code readonly: true}: snapshots are read and restored, never written or deleted. */
  public boolean readonly() {
    return Boolean.parseBoolean(settings.getOrDefault("readonly", "false"));
  }
}
