package dev.duet.engine.internal.meta;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.TranslogRepairReport;
import dev.duet.engine.mapping.Mapping;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Restarts on real files with one index's files damaged: the node starts, the other index serves,
 * the damaged one is red with its reason and refuses requests (never replaced by a new empty index)
 * until it is deleted, or, for a damaged translog, repaired by the operator's command with exactly
 * the operations before the damage.
 */
public class FailedIndexStartTest {
  private static final int DOCS = 220;

  @TempDir Path data;
  @TempDir Path crashes;
  private Engine engine;
  private int copies;

  @BeforeEach
  void writeTwoIndices() {
    engine = Engines.open(data);
    engine.createIndex("good", new IndexSettings(Map.of("number_of_replicas", "0")), Mapping.EMPTY);
    engine.createIndex("bad", new IndexSettings(Map.of("number_of_replicas", "0")), Mapping.EMPTY);
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("good", "g", "{\"k\":\"v\"}")));
    for (int i = 0; i < DOCS; i++) {
      engine.bulk(bulk(RefreshPolicy.NONE, index("bad", "" + i, "{\"n\":" + i + "}")));
    }
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void metadataWithALoneSurrogateFailsOnlyItsIndex() throws IOException {
    Path crashed = crashCopy();
    Path metadata = folderOf(crashed, "bad").resolve(IndexMetadata.FILE);
    // What the fuzzer left: a field name that is a lone low surrogate, as Jackson wrote it.
    byte[] bytes = Files.readAllBytes(metadata);
    String json = new String(bytes, StandardCharsets.UTF_8);
    int at = json.indexOf("\"settings\"");
    byte[] broken = new byte[bytes.length + 8];
    System.arraycopy(bytes, 0, broken, 0, at);
    byte[] field = {'"', (byte) 0xED, (byte) 0xB0, (byte) 0x80, '"', ':', '1', ','};
    System.arraycopy(field, 0, broken, at, field.length);
    System.arraycopy(bytes, at, broken, at + field.length, bytes.length - at);
    Files.write(metadata, broken);

    try (Engine restarted = Engines.open(crashed)) {
      assertServesGoodAndRefusesBad(restarted, "JsonParseException");
      assertThat(Files.readAllBytes(metadata)).isEqualTo(broken); // kept as it was

      restarted.deleteIndex("bad");

      assertThat(restarted.failedIndices()).isEmpty();
      assertThat(restarted.indexExists("bad")).isFalse();
      assertThat(metadata.getParent()).doesNotExist();
    }
  }

  @Test
  void unparsableMappingOrMissingMetadataFailsOnlyItsIndex() throws IOException {
    Path crashed = crashCopy();
    Path metadata = folderOf(crashed, "bad").resolve(IndexMetadata.FILE);
    String json = Files.readString(metadata);
    Files.writeString(
        metadata, json.replaceFirst("\"mappings\" ?: ?\\{", "\"mappings\":{\"dynamic\":\"nope\","));

    try (Engine restarted = Engines.open(crashed)) {
      assertServesGoodAndRefusesBad(restarted, "nope");
    }

    Path crashed2 = crashCopy();
    Path folder = folderOf(crashed2, "bad");
    Files.delete(folder.resolve(IndexMetadata.FILE));
    String uuid = folder.getFileName().toString();
    try (Engine restarted = Engines.open(crashed2)) {
      // Nothing says its name any more: its folder stands for it, and its data stays.
      assertThat(restarted.failedIndices()).extracting(IndexFailure::name).containsExactly(uuid);
      assertThat(restarted.search(search("good", matchAll())).totalHits().value()).isEqualTo(1);
      assertThat(folder.resolve("translog")).exists();
      restarted.deleteIndices(uuid, IndicesOptions.DEFAULTS);
      assertThat(folder).doesNotExist();
    }
  }

  @Test
  void translogDamagedMidFileFailsLoudlyAndTheRepairKeepsTheRecordsBeforeIt() throws IOException {
    Path crashed = crashCopy();
    Path file = newestTranslog(crashed, "bad");
    long record110 = recordOffsets(file).get(110);
    flipByte(file, record110 + 12);
    byte[] damaged = Files.readAllBytes(file);

    try (Engine restarted = Engines.open(crashed)) {
      assertServesGoodAndRefusesBad(restarted, "checksum mismatch at " + record110);
      assertThat(Files.readAllBytes(file)).isEqualTo(damaged); // untouched
    }

    TranslogRepairReport report = Engines.removeCorruptedTranslog(crashed, "bad");
    assertThat(report.keptOperations()).isEqualTo(110);
    assertThat(Files.readAllBytes(report.copy())).isEqualTo(damaged);

    try (Engine repaired = Engines.open(crashed)) {
      assertThat(repaired.failedIndices()).isEmpty();
      assertThat(ids(repaired)).isEqualTo(110);
      for (int i = 0; i < DOCS; i++) {
        assertThat(repaired.get("bad", "" + i).found()).as("doc %s", i).isEqualTo(i < 110);
      }
    }
  }

  @Test
  void aZeroedTranslogHeaderFailsInsteadOfDroppingEveryWrite() throws IOException {
    Path crashed = crashCopy();
    Path file = newestTranslog(crashed, "bad");
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(16), 0);
    }

    try (Engine restarted = Engines.open(crashed)) {
      assertServesGoodAndRefusesBad(restarted, "bad header");
    }

    assertThat(Engines.removeCorruptedTranslog(crashed, "bad").keptOperations()).isZero();
    try (Engine repaired = Engines.open(crashed)) {
      assertThat(repaired.failedIndices()).isEmpty();
      assertThat(ids(repaired)).isZero();
    }
  }

  @Test
  void aCorruptTailIsStillCutBackAndTheIndexOpensGreen() throws IOException {
    Path crashed = crashCopy();
    Path file = newestTranslog(crashed, "bad");
    flipByte(file, Files.size(file) - 6); // inside the last record

    try (Engine restarted = Engines.open(crashed)) {
      assertThat(restarted.failedIndices()).isEmpty();
      assertThat(ids(restarted)).isEqualTo(DOCS - 1);
      assertThat(restarted.get("bad", "" + (DOCS - 1)).found()).isFalse();
    }
  }

  /** Replay restores what was acknowledged, even what limits lowered since would refuse. */
  @Test
  void replayRestoresWritesThatLoweredLimitsWouldRefuse() throws IOException {
    engine.bulk(bulk(RefreshPolicy.NONE, index("good", "deep", "{\"x\":{\"y\":{\"z\":1}}}")));
    engine.updateSettings("good", IndicesOptions.STRICT, Map.of("index.mapping.depth.limit", "2"));

    try (Engine restarted = Engines.open(crashCopy())) {
      assertThat(restarted.failedIndices()).isEmpty();
      assertThat(restarted.get("good", "deep").found()).isTrue();
      // New writes obey the lowered limit.
      assertThat(restarted.bulk(bulk(index("good", "d2", "{\"x\":{\"y\":{\"z\":1}}}"))).errors())
          .isTrue();
    }
  }

  /** Names an older version stored are read back as stored: the rules are for new requests. */
  @Test
  void aStoredMappingWithNamesNowRefusedStillOpens() throws IOException {
    Path crashed = crashCopy();
    Path metadata = folderOf(crashed, "bad").resolve(IndexMetadata.FILE);
    Files.writeString(
        metadata,
        Files.readString(metadata)
            .replaceFirst(
                "\"properties\" ?: ?\\{",
                "\"properties\":{\"\":{\"type\":\"long\"},\".\":{\"type\":\"long\"},"));

    try (Engine restarted = Engines.open(crashed)) {
      assertThat(restarted.failedIndices()).isEmpty();
      assertThat(restarted.mapping("bad").properties()).containsKeys("", ".");
      assertThat(ids(restarted)).isEqualTo(DOCS);
    }
  }

  private static void assertServesGoodAndRefusesBad(Engine restarted, String reason) {
    assertThat(restarted.search(search("good", matchAll())).totalHits().value()).isEqualTo(1);
    assertThat(restarted.failedIndices())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.name()).isEqualTo("bad");
              assertThat(f.reason()).contains(reason);
            });
    assertThat(restarted.indexExists("bad")).isTrue();
    assertThatThrownBy(() -> restarted.search(search("bad", matchAll())))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(503);
              assertThat(e.reason()).contains(reason);
            });
    assertThatThrownBy(() -> restarted.get("bad", "1"))
        .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(503));
    // A write never puts a new, empty index in its place.
    BulkItemResponse write = restarted.bulk(bulk(index("bad", "new", "{}"))).items().getFirst();
    assertThat(write.status()).isEqualTo(503);
    assertThatThrownBy(() -> restarted.createIndex("bad", IndexSettings.DEFAULTS, Mapping.EMPTY))
        .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(503));
    assertThat(restarted.failedIndices()).hasSize(1);
  }

  private static long ids(Engine engine) {
    engine.refresh("bad", IndicesOptions.DEFAULTS);
    return engine.search(search("bad", matchAll())).totalHits().value();
  }

  private static Path folderOf(Path dataDir, String name) throws IOException {
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(dataDir.resolve("indices"))) {
      for (Path dir : dirs) {
        if (name.equals(FailedIndices.nameIn(dir))) {
          return dir;
        }
      }
    }
    throw new AssertionError("no folder for " + name);
  }

  private static Path newestTranslog(Path dataDir, String name) throws IOException {
    try (Stream<Path> files = Files.list(folderOf(dataDir, name).resolve("translog"))) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".tlog"))
          .max(
              (a, b) ->
                  Long.compare(
                      Long.parseLong(a.getFileName().toString().replaceAll("\\D", "")),
                      Long.parseLong(b.getFileName().toString().replaceAll("\\D", ""))))
          .orElseThrow();
    }
  }

  /** Where each record of a generation file starts: after the 16-byte header, length-prefixed. */
  private static List<Long> recordOffsets(Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
    List<Long> out = new ArrayList<>();
    int at = 16;
    while (at < bytes.limit()) {
      out.add((long) at);
      at += 8 + bytes.getInt(at);
    }
    assertThat(out).hasSize(DOCS);
    return out;
  }

  private static void flipByte(Path file, long position) throws IOException {
    try (FileChannel ch =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(1);
      ch.read(b, position);
      b.put(0, (byte) (b.get(0) ^ 0x5a));
      ch.write(b.flip(), position);
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
            if (file.getFileName().toString().equals("write.lock")) {
              return FileVisitResult.CONTINUE;
            }
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
}
