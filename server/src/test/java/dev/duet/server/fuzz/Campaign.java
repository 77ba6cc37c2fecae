package dev.duet.server.fuzz;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One fuzz run against one seeded node: counts requests, checks the node (alive, seeded index
 * unchanged) every {@link #CHECK_EVERY} requests with the requests since the last good check as the
 * suspects, and at the end restarts the node on its data and checks again.
 */
final class Campaign implements AutoCloseable {
  static final int CHECK_EVERY = 50;
  static final String DEFAULT_SEED = "20261207";

  private final String name;
  private final Path dataDir;
  private final SeededNode node;
  private final Findings findings;
  private final Deque<String> sinceLastCheck = new ArrayDeque<>();
  private final long deadlineNanos;
  private int skipped;
  private boolean dead;

  private Campaign(String name, Path dataDir, SeededNode node) {
    this.name = name;
    this.dataDir = dataDir;
    this.node = node;
    this.findings = new Findings(name);
    // Bounds CI's stage when the node is slow but alive; the long run raises it.
    long budget = Long.getLong("fuzz.budget.seconds", 100);
    this.deadlineNanos = System.nanoTime() + budget * 1_000_000_000L;
  }

  static Campaign start(String name) throws Exception {
    Path dir = Files.createTempDirectory("duet-fuzz-" + name);
    return new Campaign(name, dir, SeededNode.start(dir));
  }

  static String seed() {
    return System.getProperty("fuzz.seed", DEFAULT_SEED);
  }

  /** The tries of campaign {@code name}: {@code -Dfuzz.<name>.tries}, else {@code fallback}. */
  static int tries(String name, int fallback) {
    return Integer.getInteger("fuzz." + name + ".tries", fallback);
  }

  SeededNode node() {
    return node;
  }

  Findings findings() {
    return findings;
  }

  /**
   * Whether the next request should be sent: false once the node is dead or the time budget is
   * spent (the summary says how many were skipped).
   */
  synchronized boolean admit() {
    if (dead || System.nanoTime() > deadlineNanos) {
      skipped++;
      return false;
    }
    return true;
  }

  /** Notes a sent request; every {@link #CHECK_EVERY} requests checks the node. */
  synchronized void sent(String request) {
    findings.countRequest();
    sinceLastCheck.addLast(request.length() > 400 ? request.substring(0, 400) + "…" : request);
    if (sinceLastCheck.size() >= CHECK_EVERY) {
      check();
    }
  }

  private void check() {
    String problem = node.check();
    if (problem != null) {
      findings.add(
          problem,
          "one of the "
              + sinceLastCheck.size()
              + " requests since the last good check:\n"
              + String.join("\n", sinceLastCheck));
      if (problem.startsWith("node stopped answering") || problem.startsWith("node unhealthy")) {
        // Check once more before giving up: a wedged event loop may hold one connection only.
        if (node.check() != null) {
          dead = true;
        }
      } else if (problem.startsWith("seeded")) {
        node.reseed();
      }
    }
    sinceLastCheck.clear();
  }

  /** The final checks; returns the summary when anything failed, else null. */
  synchronized String finish() {
    if (!dead) {
      check();
      String restart = node.restartAndCheck();
      if (restart != null) {
        findings.add(
            restart,
            "after " + findings.requests() + " requests (the data dir is " + dataDir + ")");
      }
    }
    String budget =
        skipped == 0
            ? ""
            : String.format(
                Locale.ROOT,
                "(%d tries skipped: %s)%n",
                skipped,
                dead ? "the node stopped answering" : "time budget -Dfuzz.budget.seconds spent");
    // One line in the test output on success too, so a run that was cut short shows it.
    System.err.printf(
        Locale.ROOT,
        "fuzz %s: %d requests sent, %d tries skipped, %d failure classes (seed %s)%n",
        name,
        findings.requests(),
        skipped,
        findings.classes().size(),
        seed());
    return findings.isEmpty() ? null : budget + findings.summary(seed());
  }

  @Override
  public void close() throws Exception {
    node.close();
    // A node that would not close may still hold files: leave them to the OS temp cleaner.
    try (Stream<Path> files = Files.walk(dataDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
