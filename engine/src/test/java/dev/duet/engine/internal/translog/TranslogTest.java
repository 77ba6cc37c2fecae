package dev.duet.engine.internal.translog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class TranslogTest {
  private static final Logger LOG = LoggerFactory.getLogger(TranslogTest.class);

  @TempDir Path dir;

  @Test
  void operationsRoundTripAcrossGenerationsAndReopens() throws IOException {
    List<TranslogOperation> written = new ArrayList<>();
    try (Translog translog = Translog.open(dir, op -> {})) {
      written.add(add(translog, TranslogOperation.index("a", 0, 1, 1, json("{\"n\":1}"))));
      written.add(add(translog, TranslogOperation.delete("b", 1, 1, 3)));
      translog.rollGeneration();
      written.add(add(translog, TranslogOperation.index("é/ü", 2, 1, 7, json("{}"))));
      written.add(add(translog, TranslogOperation.index("big", 3, 1, 1, new byte[200_000])));
      translog.sync();
    }

    List<TranslogOperation> replayed = replay();

    assertSameOperations(replayed, written);
    // A reopen continues in a fresh generation: the ones it read stay until a flush trims them.
    assertThat(generationFiles()).hasSize(3);
  }

  @Test
  void syncReportsEveryLocationDurableAndLocationsGrow() throws IOException {
    try (Translog translog = Translog.open(dir, op -> {})) {
      long first = translog.add(TranslogOperation.delete("a", 0, 1, 1));
      long second = translog.add(TranslogOperation.delete("b", 1, 1, 1));
      translog.sync(first);
      translog.sync(second);

      assertThat(second).isGreaterThan(first);
      assertThat(translog.lastLocation()).isEqualTo(second);
      // Synced data is in the file, not only in the writer's buffer.
      assertThat(Files.size(Translog.file(dir, translog.currentGeneration())))
          .isEqualTo(translog.sizeInBytes());
    }
  }

  @Test
  void trimBelowDeletesTheGenerationsACommitCovers() throws IOException {
    try (Translog translog = Translog.open(dir, op -> {})) {
      translog.add(TranslogOperation.delete("a", 0, 1, 1));
      long second = translog.rollGeneration();
      translog.add(TranslogOperation.delete("b", 1, 1, 1));
      long sizeBefore = translog.sizeInBytes();
      long third = translog.rollGeneration();

      translog.trimBelow(third);

      assertThat(generationFiles()).containsExactly(Translog.file(dir, third));
      assertThat(translog.sizeInBytes()).isLessThan(sizeBefore);
      assertThat(second).isLessThan(third);
    }
    assertThat(replay()).isEmpty();
  }

  @Test
  void tornTailIsTruncatedToTheValidPrefix() throws IOException {
    long seed = new Random().nextLong();
    LOG.info("tornTailIsTruncatedToTheValidPrefix seed={}", seed);
    Random random = new Random(seed);
    List<TranslogOperation> written = writeOperations(5);
    Path file = onlyGeneration();
    long full = Files.size(file);
    int lastRecord = written.getLast().toRecord().length;
    long cut = 1 + random.nextInt(lastRecord - 1); // anywhere inside the last record
    truncate(file, full - cut);

    List<TranslogOperation> replayed = replay();

    assertSameOperations(replayed, written.subList(0, 4));
    assertThat(Files.size(file)).isEqualTo(full - lastRecord);
    // The log goes on from the prefix: a later reopen reads the prefix and the new operations.
    try (Translog translog = Translog.open(dir, op -> {})) {
      translog.add(TranslogOperation.delete("after", 9, 1, 1));
    }
    assertThat(replay())
        .extracting(TranslogOperation::id)
        .containsExactly("0", "1", "2", "3", "after");
  }

  @Test
  void checksumMismatchInTheTailIsDetected() throws IOException {
    List<TranslogOperation> written = writeOperations(5);
    Path file = onlyGeneration();
    long full = Files.size(file);
    // Flip one byte of the last record's source: the length still fits, only the CRC can tell.
    flipByte(file, full - 6);

    assertSameOperations(replay(), written.subList(0, 4));
  }

  @Test
  void garbageAfterTheLastRecordIsCutOff() throws IOException {
    long seed = new Random().nextLong();
    LOG.info("garbageAfterTheLastRecordIsCutOff seed={}", seed);
    List<TranslogOperation> written = writeOperations(3);
    Path file = onlyGeneration();
    long full = Files.size(file);
    byte[] garbage = new byte[1 + new Random(seed).nextInt(100)];
    new Random(seed).nextBytes(garbage);
    Files.write(file, garbage, StandardOpenOption.APPEND);

    assertSameOperations(replay(), written);
    assertThat(Files.size(file)).isEqualTo(full);
  }

  @Test
  void corruptionInAnOlderGenerationFailsAndChangesNothing() throws IOException {
    try (Translog translog = Translog.open(dir, op -> {})) {
      translog.add(TranslogOperation.delete("a", 0, 1, 1));
      translog.add(TranslogOperation.delete("b", 1, 1, 1));
      translog.rollGeneration();
      translog.add(TranslogOperation.delete("c", 2, 1, 1));
    }
    Path first = Translog.file(dir, 1);
    flipByte(first, Files.size(first) - 6);
    byte[] damaged = Files.readAllBytes(first);

    // "c" follows the damage: cutting "b" would drop an acknowledged write without a word.
    List<TranslogOperation> replayed = new ArrayList<>();
    assertThatThrownBy(() -> Translog.open(dir, replayed::add))
        .isInstanceOf(TranslogCorruptedException.class);
    assertThat(replayed).isEmpty();
    assertThat(Files.readAllBytes(first)).isEqualTo(damaged);
    assertThat(Translog.file(dir, 2)).exists();

    Translog.Repair repair = Translog.removeCorruptedData(dir);

    assertThat(repair.keptOperations()).isEqualTo(1);
    assertThat(Files.readAllBytes(repair.copy())).isEqualTo(damaged);
    assertThat(dir.resolve("translog-2.tlog.discarded")).exists();
    assertThat(replay()).extracting(TranslogOperation::id).containsExactly("a");
    assertThat(Translog.removeCorruptedData(dir)).isNull();
  }

  @Test
  void damageMidFileFailsAndTheRepairKeepsExactlyTheRecordsBeforeIt() throws IOException {
    List<TranslogOperation> written = writeOperations(220);
    Path file = onlyGeneration();
    long at = TranslogWriter.HEADER_LENGTH;
    for (int i = 0; i < 110; i++) {
      at += written.get(i).toRecord().length;
    }
    flipByte(file, at + 12); // inside record 110's seq_no: its checksum no longer matches

    assertThatThrownBy(this::replay)
        .isInstanceOf(TranslogCorruptedException.class)
        .hasMessageContaining("checksum mismatch at " + at);

    Translog.Repair repair = Translog.removeCorruptedData(dir);

    assertThat(repair.keptOperations()).isEqualTo(110);
    assertSameOperations(replay(), written.subList(0, 110));
  }

  @Test
  void aZeroedHeaderBeforeRecordsFailsInsteadOfDroppingThemAll() throws IOException {
    writeOperations(20);
    Path file = onlyGeneration();
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(TranslogWriter.HEADER_LENGTH), 0);
    }

    assertThatThrownBy(this::replay)
        .isInstanceOf(TranslogCorruptedException.class)
        .hasMessageContaining("bad header");

    assertThat(Translog.removeCorruptedData(dir).keptOperations()).isZero();
    assertThat(replay()).isEmpty();
  }

  @Test
  void aGenerationWhoseHeaderNeverReachedTheDiskIsEmpty() throws IOException {
    writeOperations(2);
    Files.createFile(Translog.file(dir, 2));

    assertThat(replay()).extracting(TranslogOperation::id).containsExactly("0", "1");
  }

  private List<TranslogOperation> writeOperations(int count) throws IOException {
    List<TranslogOperation> written = new ArrayList<>();
    try (Translog translog = Translog.open(dir, op -> {})) {
      for (int i = 0; i < count; i++) {
        written.add(
            add(translog, TranslogOperation.index("" + i, i, 1, 1, json("{\"n\":" + i + "}"))));
      }
    }
    return written;
  }

  private List<TranslogOperation> replay() throws IOException {
    List<TranslogOperation> replayed = new ArrayList<>();
    Translog.open(dir, replayed::add).close();
    return replayed;
  }

  private Path onlyGeneration() {
    return Translog.file(dir, 1);
  }

  private List<Path> generationFiles() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".tlog")).sorted().toList();
    }
  }

  private static TranslogOperation add(Translog translog, TranslogOperation op) throws IOException {
    translog.add(op);
    return op;
  }

  private static void assertSameOperations(
      List<TranslogOperation> actual, List<TranslogOperation> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      TranslogOperation a = actual.get(i);
      TranslogOperation e = expected.get(i);
      assertThat(a.type()).isEqualTo(e.type());
      assertThat(a.id()).isEqualTo(e.id());
      assertThat(a.seqNo()).isEqualTo(e.seqNo());
      assertThat(a.primaryTerm()).isEqualTo(e.primaryTerm());
      assertThat(a.version()).isEqualTo(e.version());
      assertThat(a.source()).isEqualTo(e.source());
    }
  }

  private static byte[] json(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void truncate(Path file, long length) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(length);
    }
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
}
