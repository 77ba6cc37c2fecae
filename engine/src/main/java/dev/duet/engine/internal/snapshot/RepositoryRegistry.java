package dev.duet.engine.internal.snapshot;

import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.snapshot.Repository;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The node's registered repositories, kept in {@code <data>/repositories.json} so they survive a
 * restart, and where their folders may be: an {@code fs} repository's {@code location} must lie
 * under one of the node's {@code path.repo} folders (a relative one resolves against the first), as
 * in OpenSearch.
 */
final class RepositoryRegistry {
  static final String FILE = "repositories.json";
  private static final List<String> BOOLEANS = List.of("compress", "readonly");

  private final Path file;
  private final List<Path> repoPaths;
  private final Map<String, Repository> repositories = new TreeMap<>();

  RepositoryRegistry(Path dataDir, List<Path> repoPaths) throws IOException {
    this.file = dataDir.resolve(FILE);
    this.repoPaths = repoPaths.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    load();
  }

  synchronized void put(Repository repository) {
    check(repository);
    Map<String, Repository> next = new TreeMap<>(repositories);
    next.put(repository.name(), repository);
    store(next);
    repositories.clear();
    repositories.putAll(next);
  }

  synchronized Repository require(String name) {
    Repository r = repositories.get(name);
    if (r == null) {
      throw SnapshotErrors.repositoryMissing(name);
    }
    return r;
  }

  synchronized List<Repository> select(String names) {
    List<String> selected =
        Names.select(
            names,
            repositories.keySet(),
            missing -> {
              throw SnapshotErrors.repositoryMissing(missing);
            });
    return selected.stream().map(repositories::get).toList();
  }

  /** Unregisters what {@code names} selects; 404 when it selects nothing. */
  synchronized void remove(String names) {
    List<Repository> selected = select(names);
    if (selected.isEmpty()) {
      throw SnapshotErrors.repositoryMissing(names);
    }
    Map<String, Repository> next = new TreeMap<>(repositories);
    selected.forEach(r -> next.remove(r.name()));
    store(next);
    repositories.clear();
    repositories.putAll(next);
  }

  /** The repository's folder; 400 when its location is not under {@code path.repo}. */
  FsRepository open(Repository repository) {
    return new FsRepository(location(repository));
  }

  /** OpenSearch's checks of an {@code fs} repository's type and settings. */
  void check(Repository repository) {
    String name = repository.name();
    if (!"fs".equals(repository.type())) {
      throw SnapshotErrors.repository(
          name, "repository type [" + repository.type() + "] does not exist");
    }
    for (String key : BOOLEANS) {
      String v = repository.settings().get(key);
      if (v != null && !v.equals("true") && !v.equals("false")) {
        throw SnapshotErrors.cannotCreate(
            name, "Failed to parse value [" + v + "] as only [true] or [false] are allowed.");
      }
    }
    String chunk = repository.settings().get("chunk_size");
    if (chunk != null
        && !chunk.toLowerCase(Locale.ROOT).matches("\\d+(\\.\\d+)?\\s*(b|kb|mb|gb|tb|pb)?")) {
      throw SnapshotErrors.cannotCreate(
          name,
          "failed to parse setting [chunk_size] with value ["
              + chunk
              + "] as a size in bytes: unit is missing or unrecognized");
    }
    location(repository);
  }

  private Path location(Repository repository) {
    String name = repository.name();
    String location = repository.settings().get("location");
    if (location == null || location.isBlank()) {
      throw SnapshotErrors.cannotCreate(name, "missing location");
    }
    for (Path root : repoPaths) {
      Path resolved = root.resolve(location).normalize();
      if (resolved.startsWith(root)) {
        return resolved;
      }
    }
    throw SnapshotErrors.cannotCreate(
        name,
        "location ["
            + location
            + "] doesn't match any of the locations specified by path.repo"
            + (repoPaths.isEmpty() ? " because this setting is empty" : ""));
  }

  @SuppressWarnings("unchecked")
  private void load() throws IOException {
    if (!Files.exists(file)) {
      return;
    }
    Map<String, Object> root = (Map<String, Object>) JsonMaps.read(Files.readAllBytes(file));
    root.forEach(
        (name, value) -> {
          Map<String, Object> m = (Map<String, Object>) value;
          Map<String, String> settings = new LinkedHashMap<>();
          ((Map<String, Object>) m.getOrDefault("settings", Map.of()))
              .forEach((k, v) -> settings.put(k, String.valueOf(v)));
          repositories.put(name, new Repository(name, (String) m.get("type"), settings));
        });
  }

  private void store(Map<String, Repository> next) {
    Map<String, Object> root = new LinkedHashMap<>();
    for (Repository r : next.values()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("type", r.type());
      m.put("settings", r.settings());
      root.put(r.name(), m);
    }
    try {
      AtomicFiles.write(file, JsonMaps.write(root));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every registered repository, by name. */
  synchronized List<Repository> all() {
    return new ArrayList<>(repositories.values());
  }
}
