package dev.duet.engine.internal.snapshot;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.Repository;
import dev.duet.engine.snapshot.RestoreSnapshot;
import dev.duet.engine.snapshot.SnapshotInfo;
import dev.duet.engine.snapshot.SnapshotStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots on a real engine and a real {@code fs} repository on disk: snapshot, delete, restore,
 * read back; incremental copies; restarts.
 */
class NodeSnapshotsTest {
  @TempDir Path data;
  @TempDir Path repos;
  private LuceneEngine engine;

  private LuceneEngine open() {
    engine =
        LuceneEngine.open(
            data,
            AliasFilterDecoder.NONE,
            SessionLimits.DEFAULTS,
            InstantSource.system(),
            65_535,
            1024,
            List.of(repos));
    return engine;
  }

  private void restart() {
    engine.close();
    open();
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  private void putDocs(String index, int from, int to) {
    List<BulkItem> items = new ArrayList<>();
    for (int i = from; i < to; i++) {
      items.add(index(index, "d" + i, "{\"tag\":\"t" + (i % 3) + "\",\"n\":" + i + "}"));
    }
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, items.toArray(BulkItem[]::new)));
  }

  private long count(String index) {
    return engine.search(search(index, matchAll())).totalHits().value();
  }

  private static CreateSnapshot of(String indices) {
    return new CreateSnapshot(indices, false, true, false, Map.of("by", "test"));
  }

  private void repository(String name, String location) {
    engine
        .snapshots()
        .putRepository(new Repository(name, "fs", Map.of("location", location)), true);
  }

  @Test
  void aDeletedIndexComesBackFromItsSnapshotWithItsDocumentsMappingAndSettingsAcrossARestart() {
    open();
    engine.createIndex(
        "books",
        new IndexSettings(Map.of("number_of_shards", "2", "refresh_interval", "5s")),
        Mapping.fromMap(
            Map.of("properties", Map.of("tag", Map.of("type", "keyword"))), null, null));
    putDocs("books", 0, 30);
    repository("backups", "backups_loc");

    SnapshotInfo taken = engine.snapshots().create("backups", "s1", of("books"), true);
    assertThat(taken.state()).isEqualTo(SnapshotInfo.State.SUCCESS);
    assertThat(taken.indices()).containsExactly("books");
    assertThat(taken.totalShards()).isEqualTo(2);
    assertThat(taken.successfulShards()).isEqualTo(2);

    // Writes after the snapshot are not in it.
    putDocs("books", 30, 40);
    engine.deleteIndex("books");
    restart(); // the repository and its registration survive the node

    assertThat(engine.snapshots().repositories(null))
        .extracting(Repository::name)
        .containsExactly("backups");
    var restored = engine.snapshots().restore("backups", "s1", RestoreSnapshot.DEFAULTS);
    assertThat(restored.indices()).containsExactly("books");
    assertThat(count("books")).isEqualTo(30);
    assertThat(engine.search(search("books", term("tag", "t1"))).totalHits().value()).isEqualTo(10);
    assertThat(json(engine.get("books", "d7").source())).isEqualTo("{\"tag\":\"t1\",\"n\":7}");
    assertThat(engine.index("books").mapping().toMap().toString()).contains("tag={type=keyword}");
    assertThat(engine.index("books").settings().get("refresh_interval")).isEqualTo("5s");
    assertThat(engine.snapshots().restoreOf("books"))
        .hasValueSatisfying(
            r -> {
              assertThat(r.snapshot()).isEqualTo("s1");
              assertThat(r.files()).isPositive();
              assertThat(r.bytes()).isPositive();
            });

    // The restored index takes writes after the snapshot's seq_nos, and survives a restart.
    putDocs("books", 100, 105);
    restart();
    assertThat(count("books")).isEqualTo(35);
    assertThat(engine.get("books", "d102").found()).isTrue();
  }

  @Test
  void aSecondSnapshotOfAnUnchangedIndexCopiesNothingNewAndDeleteKeepsSharedFiles()
      throws Exception {
    open();
    engine.createIndex("logs", IndexSettings.DEFAULTS, Mapping.EMPTY);
    putDocs("logs", 0, 20);
    repository("r", "r_loc");
    engine.snapshots().create("r", "one", of("logs"), true);
    putDocs("logs", 20, 25); // a new segment; the old ones are shared
    engine.snapshots().create("r", "two", of("logs"), true);

    SnapshotStatus one = engine.snapshots().status("r", "one", null, false).get(0);
    SnapshotStatus two = engine.snapshots().status("r", "two", null, false).get(0);
    assertThat(one.incrementalFileCount()).isEqualTo(one.fileCount()).isPositive();
    assertThat(two.incrementalFileCount()).isPositive().isLessThan(two.fileCount());

    long blobs = countFiles(repos.resolve("r_loc/indices"));
    engine.snapshots().delete("r", "one");
    assertThat(countFiles(repos.resolve("r_loc/indices"))).isLessThan(blobs).isPositive();
    assertThat(engine.snapshots().cleanupRepository("r")).containsExactly(0L, 0L);

    engine.deleteIndex("logs");
    engine.snapshots().restore("r", "two", RestoreSnapshot.DEFAULTS);
    assertThat(count("logs")).isEqualTo(25);
  }

  @Test
  void restoreRenamesReplacesAClosedIndexAndRefusesAnOpenOne() {
    open();
    engine.createIndex("src", IndexSettings.DEFAULTS, Mapping.EMPTY);
    putDocs("src", 0, 5);
    repository("r", "r_loc");
    engine.snapshots().create("r", "snap", of(null), true);

    assertThatThrownBy(() -> engine.snapshots().restore("r", "snap", RestoreSnapshot.DEFAULTS))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("snapshot_restore_exception");
              assertThat(e.reason()).contains("cannot restore index [src] because an open index");
            });

    var renamed =
        new RestoreSnapshot(
            "src",
            false,
            "s(.+)",
            "copy-$1",
            Map.of("index.number_of_replicas", "0"),
            List.of(),
            true);
    engine.snapshots().restore("r", "snap", renamed);
    assertThat(count("copy-rc")).isEqualTo(5);
    assertThat(engine.index("copy-rc").settings().get("number_of_replicas")).isEqualTo("0");
    // index_settings obey the create-index rules, and the shard count stays the files'.
    for (Map<String, String> bad :
        List.of(
            Map.of("index.number_of_replicas", "-4"),
            Map.of("index.number_of_shards", "2"),
            Map.of("index.no_such_setting", "1"))) {
      assertThatThrownBy(
              () ->
                  engine
                      .snapshots()
                      .restore(
                          "r",
                          "snap",
                          new RestoreSnapshot(
                              "src", false, "s(.+)", "bad-$1", bad, List.of(), true)))
          .as("%s", bad)
          .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(400));
      assertThat(engine.indexExists("bad-rc")).isFalse();
    }

    putDocs("src", 5, 9);
    engine.closeIndices("src", IndicesOptions.DEFAULTS);
    engine.snapshots().restore("r", "snap", RestoreSnapshot.DEFAULTS);
    assertThat(count("src")).isEqualTo(5);
  }

  @Test
  void namesAndRepositoriesAreCheckedAsOpenSearchChecksThem() {
    open();
    engine.createIndex("a", IndexSettings.DEFAULTS, Mapping.EMPTY);
    assertThatThrownBy(() -> repository("out", "/elsewhere"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("repository_exception");
              assertThat(e.causedBy().reason())
                  .isEqualTo(
                      "[out] location [/elsewhere] doesn't match any of the locations specified"
                          + " by path.repo");
            });
    repository("r", "r_loc");
    assertThatThrownBy(() -> engine.snapshots().create("r", "Bad", of("a"), true))
        .hasMessage("[r:Bad] Invalid snapshot name [Bad], must be lowercase");
    engine.snapshots().create("r", "s", of("a"), true);
    assertThatThrownBy(() -> engine.snapshots().create("r", "s", of("a"), true))
        .hasFieldOrPropertyWithValue("type", "invalid_snapshot_name_exception");
    assertThatThrownBy(() -> engine.snapshots().create("r", "t", of("missing"), true))
        .hasFieldOrPropertyWithValue("type", "index_not_found_exception");
    assertThatThrownBy(() -> engine.snapshots().snapshots("r", "nope", false))
        .hasMessage("[r:nope] is missing");
    assertThat(engine.snapshots().snapshots("r", "nope", true)).isEmpty();
    assertThatThrownBy(() -> engine.snapshots().repositories("nope")).hasMessage("[nope] missing");
    engine.snapshots().cloneSnapshot("r", "s", "c", "a");
    assertThat(engine.snapshots().snapshots("r", "*", false))
        .extracting(SnapshotInfo::name)
        .containsExactly("s", "c");
  }

  private static long countFiles(Path dir) throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).count();
    }
  }
}
