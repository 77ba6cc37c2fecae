package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.GetResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real thing: a child JVM writes acknowledged bulks through the engine and is killed with
 * SIGKILL at random moments, sometimes while it is still recovering from the previous kill. After
 * every kill, every acknowledged write must be there with its acknowledged version, unless a later
 * write to the same id that was in flight replaced it; and every document present must be exactly
 * one the child sent. Every other round, a second copy has its translog tail torn or corrupted: it
 * must still open, holding only documents the child sent.
 */
public class KillRecoveryTest {
  private static final Logger LOG = LoggerFactory.getLogger(KillRecoveryTest.class);
  private static final int ROUNDS = 10;

  @TempDir Path data;
  @TempDir Path work;

  /** The state a write leaves: a source, or absent ({@code source == null}). */
  record State(String source, long version) {}

  /** One write the child announced. */
  record Attempt(String id, String source) {}

  @Test
  void acknowledgedWritesSurviveKillNine() throws Exception {
    long seed = new Random().nextLong();
    LOG.info("acknowledgedWritesSurviveKillNine seed={}", seed);
    Random random = new Random(seed);
    Map<String, State> acked = new HashMap<>();
    Map<String, Set<String>> everSent = new HashMap<>();
    long totalAcks = 0;
    for (int round = 0; round < ROUNDS; round++) {
      boolean duringRecovery = round % 5 == 4;
      Process child = start(random.nextLong(), round);
      Map<String, Attempt> attempts = new HashMap<>();
      List<String> inFlight = new ArrayList<>();
      if (duringRecovery) {
        Thread.sleep(100 + random.nextInt(600));
      } else {
        awaitReady(child, round);
        Thread.sleep(100 + random.nextInt(900));
      }
      child.destroyForcibly(); // SIGKILL
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

      for (String line : completeLines(stdout(round))) {
        String[] parts = line.split(" ", 4);
        switch (parts[0]) {
          case "T" -> {
            attempts.put(parts[1], new Attempt(parts[2], parts[3].equals("-") ? null : parts[3]));
            everSent.computeIfAbsent(parts[2], k -> new HashSet<>()).add(parts[3]);
            inFlight.add(parts[1]);
          }
          case "A" -> {
            Attempt a = attempts.get(parts[1]);
            acked.put(a.id(), new State(a.source(), Long.parseLong(parts[2])));
            inFlight.remove(parts[1]);
            totalAcks++;
          }
          case "F" -> fail("child reported a failed item: " + line);
          default -> {
            // READY, or a line the kill cut short
          }
        }
      }
      Map<String, Set<String>> unackedSources = new HashMap<>();
      for (String tag : inFlight) {
        Attempt a = attempts.get(tag);
        unackedSources
            .computeIfAbsent(a.id(), k -> new HashSet<>())
            .add(String.valueOf(a.source()));
      }
      verify(copyOfData("copy-" + round), acked, unackedSources, round);
      if (round % 2 == 1) {
        verifyCorrupted(copyOfData("corrupt-" + round), everSent, random, round);
      }
      // What recovery chose for the in-flight writes is now the state to build on.
      refresh(acked, round);
    }
    LOG.info("{} rounds, {} acknowledged writes checked", ROUNDS, totalAcks);
    assertThat(totalAcks).isPositive();
  }

  private void verify(
      Path copy, Map<String, State> acked, Map<String, Set<String>> unacked, int round) {
    try (Engine engine = Engines.open(copy)) {
      if (!engine.indexExists(KillRecoveryWriter.INDEX)) {
        assertThat(acked).as("round %d: index missing after acks", round).isEmpty();
        return;
      }
      for (int i = 0; i < KillRecoveryWriter.IDS; i++) {
        String id = "k" + i;
        GetResult got = engine.get(KillRecoveryWriter.INDEX, id);
        String source = got.found() ? json(got.source()) : null;
        State want = acked.get(id);
        Set<String> alternatives = unacked.getOrDefault(id, Set.of());
        boolean matchesAck =
            want == null
                ? source == null
                : Objects.equals(source, want.source())
                    && (source == null || got.version() == want.version());
        boolean matchesInFlight = alternatives.contains(String.valueOf(source));
        assertThat(matchesAck || matchesInFlight)
            .as(
                "round %d, %s: found %s (version %d), acknowledged %s, in flight %s",
                round, id, source, got.version(), want, alternatives)
            .isTrue();
      }
    }
  }

  /** Records the recovered state (including in-flight writes that made it) as the new baseline. */
  private void refresh(Map<String, State> acked, int round) {
    try (Engine engine = Engines.open(work.resolve("copy-" + round))) {
      if (!engine.indexExists(KillRecoveryWriter.INDEX)) {
        return;
      }
      for (int i = 0; i < KillRecoveryWriter.IDS; i++) {
        String id = "k" + i;
        GetResult got = engine.get(KillRecoveryWriter.INDEX, id);
        if (got.found()) {
          acked.put(id, new State(json(got.source()), got.version()));
        } else if (acked.containsKey(id)) {
          acked.put(id, new State(null, 0));
        }
      }
    }
  }

  private Process start(long seed, int round) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
            java,
            "-Xmx256m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            KillRecoveryWriter.class.getName(),
            data.toString(),
            Long.toString(seed),
            Integer.toString(round));
    builder.redirectError(work.resolve("child-" + round + ".log").toFile());
    builder.redirectOutput(stdout(round).toFile());
    return builder.start();
  }

  /** A damaged translog tail costs the operations in it, never the node or the data's sanity. */
  private void verifyCorrupted(
      Path copy, Map<String, Set<String>> everSent, Random random, int round) throws IOException {
    Path last = null;
    try (Stream<Path> files = Files.walk(copy)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".tlog")).toList()) {
        if (Files.size(f) > 16 && (last == null || generation(f) > generation(last))) {
          last = f;
        }
      }
    }
    if (last == null) {
      return; // everything was flushed: nothing to damage
    }
    long length = Files.size(last);
    long span = Math.min(length - 16, 300);
    try (FileChannel ch =
        FileChannel.open(last, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      if (random.nextBoolean()) {
        ch.truncate(length - 1 - random.nextLong(span));
      } else {
        // A flipped byte is a damaged tail only inside the last record: damage that intact
        // records follow fails the index instead (FailedIndexStartTest).
        long at =
            lastRecordStart(ch, length) + random.nextLong(length - lastRecordStart(ch, length));
        ByteBuffer b = ByteBuffer.allocate(1);
        ch.read(b, at);
        b.put(0, (byte) (b.get(0) ^ 0xff));
        ch.write(b.flip(), at);
      }
    }
    try (Engine engine = Engines.open(copy)) {
      for (int i = 0; i < KillRecoveryWriter.IDS; i++) {
        String id = "k" + i;
        GetResult got = engine.get(KillRecoveryWriter.INDEX, id);
        if (got.found()) {
          assertThat(everSent.getOrDefault(id, Set.of()))
              .as("round %d, corrupted tail: %s holds a source never sent", round, id)
              .contains(json(got.source()));
        }
      }
    }
  }

  /** Where the last complete-looking record of a generation file starts (after the header). */
  private static long lastRecordStart(FileChannel ch, long length) throws IOException {
    long at = 16;
    ByteBuffer len = ByteBuffer.allocate(4);
    while (true) {
      len.clear();
      ch.read(len, at);
      long next = at + 8 + len.getInt(0);
      if (next >= length) {
        return at;
      }
      at = next;
    }
  }

  private static long generation(Path file) {
    String name = file.getFileName().toString();
    return Long.parseLong(name.substring("translog-".length(), name.length() - ".tlog".length()));
  }

  private Path copyOfData(String name) throws IOException {
    Path target = work.resolve(name);
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
            Files.copy(file, target.resolve(data.relativize(file)));
            return FileVisitResult.CONTINUE;
          }
        });
    return target;
  }

  /** Waits for the child's READY line, failing with its log if it dies or hangs first. */
  private void awaitReady(Process child, int round) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (child.isAlive() && System.nanoTime() < deadline) {
      if (Files.readString(stdout(round), StandardCharsets.UTF_8).startsWith("READY\n")) {
        return;
      }
      Thread.sleep(20);
    }
    fail(
        "round %d: child never became ready; its log:%n%s",
        round, Files.readString(work.resolve("child-" + round + ".log")));
  }

  /** The lines the child finished writing; a line the kill cut short is left out. */
  private static List<String> completeLines(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    lines.removeLast(); // empty after the final newline, or the cut line
    return lines;
  }

  // A file, not a pipe: the JDK may drop unread pipe bytes when the process dies mid-read.
  private Path stdout(int round) {
    return work.resolve("child-" + round + ".out");
  }
}
