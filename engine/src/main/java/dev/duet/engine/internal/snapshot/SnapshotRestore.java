package dev.duet.engine.internal.snapshot;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.admin.NodeIndices;
import dev.duet.engine.internal.document.TimeBasedIds;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexNames;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.snapshot.IndexRestore;
import dev.duet.engine.snapshot.RestoreResult;
import dev.duet.engine.snapshot.RestoreSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.PatternSyntaxException;
import org.apache.lucene.util.IOUtils;

/**
 * Restores a snapshot's indices: checks every target name first (an open index of that name is
 * refused, a closed one replaced), then lays each index out in a staging folder and hands it to the
 * node's indices, which take it in whole. Remembers how each index was restored, for {@code
 * _recovery}.
 */
final class SnapshotRestore {
  private final NodeIndices indices;
  private final Path staging;
  private final Map<String, Restored> restores = new ConcurrentHashMap<>();

  /** How an index was restored, and the uuid it was restored as. */
  private record Restored(String uuid, IndexRestore restore) {}

  SnapshotRestore(NodeIndices indices, Path staging) throws IOException {
    this.indices = indices;
    this.staging = staging;
    IOUtils.rm(staging); // restores a crash interrupted: their indices were never taken in
  }

  Optional<IndexRestore> restoreOf(String index) {
    Restored r = restores.get(index);
    LuceneIndex open = indices.get(index);
    if (r == null || open == null || !open.uuid().equals(r.uuid())) {
      return Optional.empty();
    }
    return Optional.of(r.restore());
  }

  RestoreResult restore(
      String repository, FsRepository fs, String snapshot, RestoreSnapshot request)
      throws IOException {
    SnapshotManifest manifest = fs.read(snapshot);
    if (manifest == null) {
      throw SnapshotErrors.snapshotMissing(repository, snapshot);
    }
    List<String> selected =
        Names.select(
            request.indices(),
            manifest.indices().stream().map(SnapshotManifest.IndexEntry::name).toList(),
            missing -> {
              if (!request.ignoreUnavailable()) {
                throw noSuchIndex(missing);
              }
            });
    Map<String, String> targets = new LinkedHashMap<>();
    for (String name : selected) {
      String target = rename(name, request);
      IndexNames.validate(target);
      if (indices.get(target) != null) {
        throw SnapshotErrors.restore(
            repository,
            snapshot,
            manifest.info().uuid(),
            "cannot restore index ["
                + target
                + "] because an open index with same name already exists in the cluster. Either"
                + " close or delete the existing index or restore the index under a different"
                + " name by providing a rename pattern and replacement name");
      }
      if (targets.containsValue(target)) {
        throw SnapshotErrors.restore(
            repository,
            snapshot,
            manifest.info().uuid(),
            "indices [" + name + "] are renamed into the same index [" + target + "]");
      }
      targets.put(name, target);
    }
    String restoreUuid = TimeBasedIds.indexUuid();
    int shards = 0;
    for (Map.Entry<String, String> t : targets.entrySet()) {
      SnapshotManifest.IndexEntry entry = manifest.index(t.getKey());
      IndexMetadata from = IndexMetadata.fromJson(JsonMaps.write(entry.metadata()));
      IndexMetadata restored =
          new IndexMetadata(
              t.getValue(),
              TimeBasedIds.indexUuid(),
              from.creationDate(),
              settings(from.settings(), request),
              from.mapping(),
              request.includeAliases() ? from.aliases() : Map.of(),
              false);
      long start = System.currentTimeMillis();
      Path staged = staging.resolve(restored.uuid());
      Files.createDirectories(staged);
      try {
        long bytes = IndexRestorer.layOut(fs, entry, staged);
        indices.adopt(staged, restored);
        restores.put(
            restored.name(),
            new Restored(
                restored.uuid(),
                new IndexRestore(
                    repository,
                    snapshot,
                    entry.name(),
                    restoreUuid,
                    entry.files().size(),
                    bytes,
                    start,
                    System.currentTimeMillis())));
      } finally {
        IOUtils.rm(staged); // gone when adopted; what a failure left otherwise
      }
      shards += entry.shards();
    }
    return new RestoreResult(snapshot, List.copyOf(targets.values()), shards);
  }

  private static String rename(String name, RestoreSnapshot request) {
    if (request.renamePattern() == null || request.renameReplacement() == null) {
      return name;
    }
    try {
      return name.replaceAll(request.renamePattern(), request.renameReplacement());
    } catch (PatternSyntaxException | IndexOutOfBoundsException e) {
      throw DuetException.illegalArgument(
          "failed to rename ["
              + name
              + "] with ["
              + request.renamePattern()
              + "]: "
              + e.getMessage());
    }
  }

  /** The snapshot's settings with the request's {@code index_settings} and removals applied. */
  private static IndexSettings settings(IndexSettings from, RestoreSnapshot request) {
    Map<String, String> values = new HashMap<>(from.values());
    Map<String, List<String>> lists = new HashMap<>(from.lists());
    for (String key : request.ignoreIndexSettings()) {
      String k = unprefixed(key);
      values.remove(k);
      lists.remove(k);
    }
    // The request's settings obey the rules a create index does; the shard count is the files'.
    IndexSettings asked = IndexSettingsRules.validate(new IndexSettings(request.indexSettings()));
    if (asked.values().containsKey("number_of_shards")) {
      throw DuetException.illegalArgument(
          "cannot modify UnmodifiableOnRestore setting [index.number_of_shards] on restore");
    }
    values.putAll(asked.values());
    return new IndexSettings(values, lists);
  }

  private static String unprefixed(String key) {
    return key.startsWith("index.") ? key.substring("index.".length()) : key;
  }

  static DuetException noSuchIndex(String name) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("index_uuid", "_na_");
    return new DuetException(
        404, "index_not_found_exception", "no such index [" + name + "]", meta, null);
  }
}
