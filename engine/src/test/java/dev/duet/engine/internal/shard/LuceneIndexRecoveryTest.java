package dev.duet.engine.internal.shard;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Crash recovery in-process: the data folder is copied while the engine is still open after its
 * writes were acknowledged (what a crash leaves on disk, minus the page cache — a stricter test),
 * and the copy is opened as a new engine.
 */
public class LuceneIndexRecoveryTest {
  private static final Logger LOG = LoggerFactory.getLogger(LuceneIndexRecoveryTest.class);

  @TempDir Path data;
  @TempDir Path crashes;
  Engine engine;
  int copies;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  /** The state one acknowledged write left; {@code source} null for a delete. */
  record Acked(long seqNo, long version, String source) {}

  @Test
  void everyAcknowledgedWriteSurvivesACrashWithItsVersionAndSeqNo() throws Exception {
    long seed = new Random().nextLong();
    LOG.info("everyAcknowledgedWriteSurvivesACrashWithItsVersionAndSeqNo seed={}", seed);
    engine.createIndex("docs", new IndexSettings(Map.of("number_of_replicas", "0")), null);
    Map<String, Acked> acked = new ConcurrentHashMap<>();
    ExecutorService writers =
        Executors.newFixedThreadPool(4, Thread.ofPlatform().name("writer-", 0).factory());
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Random random = new Random(seed + t);
        done.add(writers.submit(() -> writeRandomBulks(random, 40, acked)));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      writers.shutdown();
    }

    Path crashed = crashCopy();

    long maxSeqNo = acked.values().stream().mapToLong(Acked::seqNo).max().orElseThrow();
    try (Engine recovered = Engines.open(crashed)) {
      for (Map.Entry<String, Acked> e : acked.entrySet()) {
        GetResult got = recovered.get("docs", e.getKey());
        Acked want = e.getValue();
        if (want.source() == null) {
          assertThat(got.found()).as("deleted %s", e.getKey()).isFalse();
          continue;
        }
        assertThat(got.found()).as("present %s", e.getKey()).isTrue();
        assertThat(got.version()).as("version of %s", e.getKey()).isEqualTo(want.version());
        assertThat(got.seqNo()).as("seq_no of %s", e.getKey()).isEqualTo(want.seqNo());
        assertThat(json(got.source())).isEqualTo(want.source());
      }
      // Counters continue where the crashed engine stopped, deletes included.
      String id = acked.keySet().iterator().next();
      BulkItemResponse next =
          recovered.bulk(bulk(index("docs", id, "{\"after\":true}"))).items().getFirst();
      assertThat(next.result().seqNo()).isEqualTo(maxSeqNo + 1);
      assertThat(next.result().version()).isEqualTo(acked.get(id).version() + 1);
    }
  }

  @Test
  void replayFindsTheMappingThatDynamicMappingAdded() throws IOException {
    engine.bulk(
        bulk(RefreshPolicy.NONE, index("books", "1", "{\"title\":\"hello world\",\"pages\":5}")));

    try (Engine recovered = Engines.open(crashCopy())) {
      recovered.refresh("books");
      assertThat(recovered.search(search("books", term("pages", 5))).totalHits().value())
          .isEqualTo(1);
      assertThat(recovered.search(search("books", match("title", "hello"))).totalHits().value())
          .isEqualTo(1);
      assertThat(recovered.index("books").mapping().toMap().toString()).contains("pages");
    }
  }

  @Test
  void flushCommitsSoTheTranslogIsNoLongerNeeded() throws IOException {
    engine.bulk(bulk(RefreshPolicy.NONE, index("books", "1", "{\"a\":1}"), delete("books", "2")));

    engine.flush("books");

    Path crashed = crashCopy();
    List<Path> generations = translogFiles(crashed);
    assertThat(generations).hasSize(1);
    for (Path file : generations) {
      Files.delete(file); // nothing in it is needed any more
    }
    try (Engine recovered = Engines.open(crashed)) {
      GetResult got = recovered.get("books", "1");
      assertThat(got.found()).isTrue();
      assertThat(got.seqNo()).isZero();
      BulkItemResponse next = recovered.bulk(bulk(index("books", "3", "{}"))).items().getFirst();
      assertThat(next.result().seqNo()).isEqualTo(2);
    }
  }

  @Test
  @Timeout(60) // a guard against a flush that never runs, not a measurement
  void translogOverItsThresholdIsFlushedInTheBackground() throws Exception {
    engine.createIndex(
        "small", new IndexSettings(Map.of("translog.flush_threshold_size", "1kb")), null);
    for (int i = 0; i < 20; i++) {
      engine.bulk(
          bulk(
              RefreshPolicy.NONE,
              index("small", "" + i, "{\"text\":\"" + "x".repeat(100) + "\"}")));
    }

    // The flush runs on the translog thread; wait for it rather than for a fixed time.
    while (translogBytes(data) > 1024) {
      Thread.sleep(20);
    }

    // What the translog no longer holds (each operation is ~150 bytes) is in a Lucene commit.
    Path lucene;
    try (Stream<Path> dirs = Files.walk(data)) {
      lucene = dirs.filter(d -> d.getFileName().toString().equals("lucene")).findFirst().get();
    }
    try (Directory directory = FSDirectory.open(lucene);
        DirectoryReader commit = DirectoryReader.open(directory)) {
      assertThat(commit.numDocs()).isGreaterThanOrEqualTo(13);
    }
  }

  @Test
  void aTornTranslogTailLosesOnlyTheTornOperation() throws IOException {
    for (int i = 0; i < 5; i++) {
      engine.bulk(bulk(RefreshPolicy.NONE, index("books", "" + i, "{\"n\":" + i + "}")));
    }
    Path crashed = crashCopy();
    Path current = translogFiles(crashed).getLast();
    try (FileChannel ch = FileChannel.open(current, StandardOpenOption.WRITE)) {
      ch.truncate(ch.size() - 3);
    }

    try (Engine recovered = Engines.open(crashed)) {
      for (int i = 0; i < 4; i++) {
        assertThat(json(recovered.get("books", "" + i).source())).isEqualTo("{\"n\":" + i + "}");
      }
      assertThat(recovered.get("books", "4").found()).isFalse();
      assertThat(recovered.bulk(bulk(index("books", "4", "{}"))).errors()).isFalse();
    }
    try (Engine reopened = Engines.open(crashed)) {
      assertThat(reopened.get("books", "4").found()).isTrue();
    }
  }

  @Test
  @Timeout(60) // a guard against a timer that never fires, not a measurement
  void asyncDurabilitySyncsOnItsTimer() throws Exception {
    engine.createIndex(
        "logs",
        new IndexSettings(
            Map.of("index.translog.durability", "async", "index.translog.sync_interval", "100ms")),
        null);
    long empty = translogBytes(data);
    engine.bulk(bulk(RefreshPolicy.NONE, index("logs", "1", "{\"m\":\"a\"}")));

    // Nothing forces the operation to disk but the timer; wait for it to run.
    while (translogBytes(data) == empty) {
      Thread.sleep(20);
    }

    try (Engine recovered = Engines.open(crashCopy())) {
      assertThat(recovered.get("logs", "1").found()).isTrue();
      assertThat(recovered.index("logs").settings().get("translog.durability")).isEqualTo("async");
    }
  }

  @Test
  void translogSettingsAreValidatedLikeOpenSearch() {
    assertThatThrownBy(() -> createWith("index.translog.sync_interval", "10ms"))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "Failed to parse value [10ms] for setting [index.translog.sync_interval] must be >= 100ms");
    assertThatThrownBy(() -> createWith("index.translog.sync_interval", "soon"))
        .hasMessageContaining("unit is missing or unrecognized");
    assertThatThrownBy(() -> createWith("index.translog.flush_threshold_size", "lots"))
        .hasMessage(
            "failed to parse setting [index.translog.flush_threshold_size] with value [lots] as a"
                + " size in bytes: unit is missing or unrecognized");
    assertThatThrownBy(() -> createWith("index.translog.flush_threshold_size", "0"))
        .hasMessage(
            "failed to parse value [0] for setting [index.translog.flush_threshold_size], must be"
                + " >= [1b]");
    assertThatThrownBy(() -> createWith("index.translog.durability", "sometimes"))
        .hasMessageContaining("Translog.Durability.SOMETIMES");
    assertThat(createWith("index.translog.flush_threshold_size", "1.5kb").name()).isEqualTo("ok");
  }

  private dev.duet.engine.index.IndexInfo createWith(String key, String value) {
    return engine.createIndex("ok", new IndexSettings(Map.of(key, value)), Mapping.EMPTY);
  }

  private void writeRandomBulks(Random random, int bulks, Map<String, Acked> acked) {
    for (int b = 0; b < bulks; b++) {
      List<BulkItem> items = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        String id = "d" + random.nextInt(30);
        items.add(
            random.nextInt(5) == 0
                ? delete("docs", id)
                : index("docs", id, "{\"n\":" + random.nextInt(1000) + "}"));
      }
      List<BulkItemResponse> responses =
          engine.bulk(new BulkRequest(items, RefreshPolicy.NONE)).items();
      for (int i = 0; i < items.size(); i++) {
        BulkItemResponse r = responses.get(i);
        assertThat(r.failed()).isFalse();
        Acked state =
            new Acked(r.result().seqNo(), r.result().version(), json(items.get(i).source()));
        acked.merge(r.id(), state, (a, c) -> a.seqNo() > c.seqNo() ? a : c);
      }
    }
  }

  /** What a crash would leave: the files as they are now, the engine still running. */
  private Path crashCopy() throws IOException {
    Path target = crashes.resolve("crash-" + copies++);
    Files.walkFileTree(
        data,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
              throws IOException {
            Files.createDirectories(target.resolve(data.relativize(dir)));
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            try {
              Files.copy(file, target.resolve(data.relativize(file)));
            } catch (NoSuchFileException e) {
              // merged or trimmed away while we walked
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException exc) {
            return FileVisitResult.CONTINUE;
          }
        });
    return target;
  }

  /** Generation files, oldest first; listed without a stat, as a live flush may delete some. */
  private static List<Path> translogFiles(Path dataDir) throws IOException {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> indexDirs = Files.newDirectoryStream(dataDir.resolve("indices"))) {
      for (Path indexDir : indexDirs) {
        try (DirectoryStream<Path> files =
            Files.newDirectoryStream(indexDir.resolve("translog"), "*.tlog")) {
          files.forEach(out::add);
        }
      }
    }
    out.sort((a, b) -> Long.compare(generation(a), generation(b)));
    return out;
  }

  private static long generation(Path file) {
    String name = file.getFileName().toString();
    return Long.parseLong(name.substring("translog-".length(), name.length() - ".tlog".length()));
  }

  private static long translogBytes(Path dataDir) throws IOException {
    long total = 0;
    for (Path file : translogFiles(dataDir)) {
      try {
        total += Files.size(file);
      } catch (NoSuchFileException e) {
        // trimmed while we looked
      }
    }
    return total;
  }
}
