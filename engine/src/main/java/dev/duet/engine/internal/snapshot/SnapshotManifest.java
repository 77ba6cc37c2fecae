package dev.duet.engine.internal.snapshot;

import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.snapshot.SnapshotInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One snapshot as its repository keeps it ({@code snapshots/<name>.json}): what get reports, and
 * per index its metadata ({@code index.json} as the index had it) and the blobs of its Lucene
 * files.
 */
record SnapshotManifest(SnapshotInfo info, List<IndexEntry> indices) {

  /** One index of the snapshot. */
  record IndexEntry(
      String name,
      String uuid,
      Map<String, Object> metadata,
      int shards,
      List<FileEntry> files,
      long startMillis,
      long timeMillis) {}

  /**
   * One Lucene file: its name in the index, its blob in the repository, its length and Lucene
   * checksum, and whether this snapshot copied it (else a blob already there was reused).
   */
  record FileEntry(String name, String blob, long length, String checksum, boolean copied) {}

  IndexEntry index(String name) {
    for (IndexEntry e : indices) {
      if (e.name().equals(name)) {
        return e;
      }
    }
    return null;
  }

  byte[] toJson() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("snapshot", info.name());
    root.put("uuid", info.uuid());
    root.put("state", info.state().name());
    root.put("include_global_state", info.includeGlobalState());
    if (info.metadata() != null) {
      root.put("metadata", info.metadata());
    }
    root.put("start_time_in_millis", info.startMillis());
    root.put("end_time_in_millis", info.endMillis());
    root.put("total_shards", info.totalShards());
    root.put("successful_shards", info.successfulShards());
    List<Object> failures = new ArrayList<>();
    for (SnapshotInfo.Failure f : info.failures()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("index", f.index());
      m.put("index_uuid", f.indexUuid());
      m.put("shard_id", f.shard());
      m.put("reason", f.reason());
      failures.add(m);
    }
    root.put("failures", failures);
    root.put("index_names", info.indices());
    List<Object> indexList = new ArrayList<>();
    for (IndexEntry e : indices) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", e.name());
      m.put("uuid", e.uuid());
      m.put("metadata", e.metadata());
      m.put("shards", e.shards());
      m.put("start_time_in_millis", e.startMillis());
      m.put("time_in_millis", e.timeMillis());
      List<Object> files = new ArrayList<>();
      for (FileEntry f : e.files()) {
        Map<String, Object> fm = new LinkedHashMap<>();
        fm.put("name", f.name());
        fm.put("blob", f.blob());
        fm.put("length", f.length());
        fm.put("checksum", f.checksum());
        fm.put("copied", f.copied());
        files.add(fm);
      }
      m.put("files", files);
      indexList.add(m);
    }
    root.put("indices", indexList);
    return JsonMaps.write(root);
  }

  @SuppressWarnings("unchecked")
  static SnapshotManifest fromJson(byte[] bytes) throws IOException {
    Map<String, Object> root = (Map<String, Object>) JsonMaps.read(bytes);
    List<SnapshotInfo.Failure> failures = new ArrayList<>();
    for (Object o : (List<Object>) root.getOrDefault("failures", List.of())) {
      Map<String, Object> m = (Map<String, Object>) o;
      failures.add(
          new SnapshotInfo.Failure(
              (String) m.get("index"),
              (String) m.get("index_uuid"),
              ((Number) m.get("shard_id")).intValue(),
              (String) m.get("reason")));
    }
    List<IndexEntry> indices = new ArrayList<>();
    for (Object o : (List<Object>) root.getOrDefault("indices", List.of())) {
      Map<String, Object> m = (Map<String, Object>) o;
      List<FileEntry> files = new ArrayList<>();
      for (Object f : (List<Object>) m.getOrDefault("files", List.of())) {
        Map<String, Object> fm = (Map<String, Object>) f;
        files.add(
            new FileEntry(
                (String) fm.get("name"),
                (String) fm.get("blob"),
                ((Number) fm.get("length")).longValue(),
                (String) fm.get("checksum"),
                Boolean.TRUE.equals(fm.get("copied"))));
      }
      indices.add(
          new IndexEntry(
              (String) m.get("name"),
              (String) m.get("uuid"),
              (Map<String, Object>) m.get("metadata"),
              ((Number) m.get("shards")).intValue(),
              files,
              ((Number) m.get("start_time_in_millis")).longValue(),
              ((Number) m.get("time_in_millis")).longValue()));
    }
    SnapshotInfo info =
        new SnapshotInfo(
            (String) root.get("snapshot"),
            (String) root.get("uuid"),
            List.copyOf((List<String>) root.getOrDefault("index_names", List.of())),
            Boolean.TRUE.equals(root.get("include_global_state")),
            (Map<String, Object>) root.get("metadata"),
            SnapshotInfo.State.valueOf((String) root.get("state")),
            ((Number) root.get("start_time_in_millis")).longValue(),
            ((Number) root.get("end_time_in_millis")).longValue(),
            ((Number) root.get("total_shards")).intValue(),
            ((Number) root.get("successful_shards")).intValue(),
            failures);
    return new SnapshotManifest(info, indices);
  }
}
