package dev.duet.engine.internal.snapshot;

import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.RestoreSnapshot;
import dev.duet.engine.snapshot.SnapshotInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A child JVM writes, snapshots, closes and reopens an index and is killed with SIGKILL at random
 * moments: mid-snapshot, mid-close or mid-open, mid-bulk. After every kill the node opens again
 * with the index intact (open again, every acknowledged document there), and the repository
 * readable: every snapshot it reports is one that finished, and restores with exactly the documents
 * written before it began; a new snapshot can be taken, and a cleanup collects what the killed
 * snapshot left behind.
 */
class SnapshotKillTest {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotKillTest.class);
  private static final int ROUNDS = 6;

  @TempDir Path data;
  @TempDir Path repos;
  @TempDir Path work;

  @Test
  void aKillDuringASnapshotOrACloseLeavesTheRepositoryReadableAndTheIndexIntact() throws Exception {
    long seed = new Random().nextLong();
    LOG.info("snapshot kill seed={}", seed);
    Random random = new Random(seed);
    Set<String> acked = new HashSet<>();
    Set<String> sent = new HashSet<>();
    // Each finished snapshot with the documents acknowledged, and sent, before it began.
    Map<String, Set<String>> ackedBefore = new HashMap<>();
    Map<String, Integer> sentBefore = new HashMap<>();
    Map<String, Integer> killedIn = new HashMap<>();
    for (int round = 0; round < ROUNDS; round++) {
      Process child = start(random.nextLong(), round);
      awaitReady(child, round);
      Thread.sleep(300 + random.nextInt(1_500));
      child.destroyForcibly(); // SIGKILL
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

      String phase = "idle";
      Map<String, Set<String>> begun = new HashMap<>();
      Map<String, Integer> begunSent = new HashMap<>();
      for (String line : completeLines(stdout(round))) {
        String[] parts = line.split(" ", 2);
        switch (parts[0]) {
          case "T" -> {
            sent.add(parts[1]);
            phase = "bulk";
          }
          case "A" -> {
            acked.add(parts[1]);
            phase = "idle";
          }
          case "F" -> fail("child reported a failed item: " + line);
          case "B" -> {
            begun.put(parts[1], Set.copyOf(acked));
            begunSent.put(parts[1], sent.size());
            phase = "snapshot";
          }
          case "S" -> {
            ackedBefore.put(parts[1], begun.get(parts[1]));
            sentBefore.put(parts[1], begunSent.get(parts[1]));
            phase = "idle";
          }
          case "C" -> phase = "close/open";
          case "O" -> phase = "idle";
          default -> {
            // READY, or a line the kill cut short
          }
        }
      }
      killedIn.merge(phase, 1, Integer::sum);
      verify(round, acked, sent.size(), ackedBefore, sentBefore);
    }
    LOG.info("killed in {}; {} snapshots checked", killedIn, ackedBefore.size());
    assertThat(acked).isNotEmpty();
  }

  private void verify(
      int round,
      Set<String> acked,
      int sent,
      Map<String, Set<String>> ackedBefore,
      Map<String, Integer> sentBefore) {
    try (LuceneEngine engine = open()) {
      // The index: open (a kill mid-close leaves it closed, which opening undoes), and whole.
      engine.openIndices(SnapshotKillWriter.INDEX, IndicesOptions.DEFAULTS);
      for (String id : acked) {
        assertThat(engine.get(SnapshotKillWriter.INDEX, id).found())
            .as("round %d: acknowledged %s", round, id)
            .isTrue();
      }
      engine.refresh(SnapshotKillWriter.INDEX);
      assertThat(count(engine, SnapshotKillWriter.INDEX))
          .isBetween((long) acked.size(), (long) sent);

      // The repository: every snapshot it reports finished, and holds what was written before it.
      List<SnapshotInfo> listed =
          engine.snapshots().snapshots(SnapshotKillWriter.REPOSITORY, "_all", false);
      Set<String> names = new LinkedHashSet<>();
      for (SnapshotInfo info : listed) {
        assertThat(info.state())
            .as("round %d: %s", round, info.name())
            .isEqualTo(SnapshotInfo.State.SUCCESS);
        names.add(info.name());
      }
      assertThat(names).containsAll(ackedBefore.keySet());
      List<String> finished = new ArrayList<>(ackedBefore.keySet());
      finished.sort(null);
      // The newest two finished snapshots are restored (all of them would only repeat the check).
      for (String name : finished.subList(Math.max(0, finished.size() - 2), finished.size())) {
        restoreAndCheck(engine, name, ackedBefore.get(name), sentBefore.get(name), round);
      }
      for (String name : names) {
        if (!ackedBefore.containsKey(name)) {
          // Reported but never seen finishing: the kill came after its manifest, before "S".
          restoreAndCheck(engine, name, Set.of(), sent, round);
        }
      }

      // Still writable: a cleanup, then a new snapshot that restores as the index is now.
      engine.snapshots().cleanupRepository(SnapshotKillWriter.REPOSITORY);
      String after = "after-" + round;
      SnapshotInfo taken =
          engine
              .snapshots()
              .create(
                  SnapshotKillWriter.REPOSITORY,
                  after,
                  new CreateSnapshot(SnapshotKillWriter.INDEX, false, true, false, Map.of()),
                  true);
      assertThat(taken.state()).isEqualTo(SnapshotInfo.State.SUCCESS);
      restoreAndCheck(engine, after, acked, sent, round);
      engine.snapshots().delete(SnapshotKillWriter.REPOSITORY, after);
    }
  }

  private static void restoreAndCheck(
      LuceneEngine engine, String snapshot, Set<String> acked, int sent, int round) {
    engine
        .snapshots()
        .restore(
            SnapshotKillWriter.REPOSITORY,
            snapshot,
            new RestoreSnapshot(
                SnapshotKillWriter.INDEX,
                false,
                SnapshotKillWriter.INDEX,
                "restored",
                Map.of(),
                List.of(),
                true));
    try {
      for (String id : acked) {
        assertThat(engine.get("restored", id).found())
            .as("round %d, snapshot %s: %s", round, snapshot, id)
            .isTrue();
      }
      assertThat(count(engine, "restored"))
          .as("round %d, snapshot %s", round, snapshot)
          .isBetween((long) acked.size(), (long) sent);
    } finally {
      engine.deleteIndex("restored");
    }
  }

  private static long count(LuceneEngine engine, String index) {
    return engine.search(search(index, matchAll())).totalHits().value();
  }

  private LuceneEngine open() {
    return LuceneEngine.open(
        data,
        AliasFilterDecoder.NONE,
        SessionLimits.DEFAULTS,
        InstantSource.system(),
        65_535,
        1024,
        List.of(repos));
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
            SnapshotKillWriter.class.getName(),
            data.toString(),
            repos.toString(),
            Long.toString(seed),
            Integer.toString(round));
    builder.redirectError(work.resolve("child-" + round + ".log").toFile());
    builder.redirectOutput(stdout(round).toFile());
    return builder.start();
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
    lines.removeLast();
    return lines;
  }

  // A file, not a pipe: the JDK may drop unread pipe bytes when the process dies mid-read.
  private Path stdout(int round) {
    return work.resolve("child-" + round + ".out");
  }
}
