package dev.duet.compat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compatibility suite: every case in {@code cases/}, over REST and over gRPC, against real
 * OpenSearch 3.8.0 and against Duet; a test fails on any difference and lists them.
 *
 * <p>Run with {@code ./mvnw verify -pl compat -am -Dsurefire.excludedGroups=
 * -Dsurefire.groups=compat} (add {@code -Dcompat.cases=REGEX} to pick cases by id). A summary goes
 * to {@code target/compat-report.txt} and each reply to {@code target/compat-replies/}.
 */
@Tag("compat")
class CompatSuiteTest {
  private static final Logger log = LoggerFactory.getLogger(CompatSuiteTest.class);
  private static final Path TARGET = Path.of("target");
  private static final Map<String, String> RESULTS = new ConcurrentSkipListMap<>();
  private static final Map<String, List<String>> DIFFERENCES = new ConcurrentSkipListMap<>();
  private static final Map<String, String> KNOWN = KnownDifferences.load();

  private static OpenSearchOracle opensearch;
  private static DuetUnderTest duet;
  private static CaseRunner runner;
  private static OpenSearchOracle knnOpenSearch;
  private static CaseRunner knnRunner;

  @BeforeAll
  static void startNodes() throws Exception {
    duet = DuetUnderTest.start();
  }

  @AfterAll
  static void stopNodes() throws Exception {
    try {
      writeReport();
    } finally {
      if (runner != null) {
        runner.close();
      }
      if (knnRunner != null) {
        knnRunner.close();
      }
      if (knnOpenSearch != null) {
        knnOpenSearch.close();
      }
      if (duet != null) {
        duet.close();
      }
      if (opensearch != null) {
        opensearch.close();
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> cases() {
    List<DynamicTest> tests = new ArrayList<>();
    // -Dcompat.cases=REGEX runs only the cases whose id it finds, e.g. -Dcompat.cases=^05
    Pattern selected = Pattern.compile(System.getProperty("compat.cases", ""));
    for (CompatCase c : CaseLoader.loadAll()) {
      if (!selected.matcher(c.id()).find()) {
        continue;
      }
      if (c.rest().isPresent()) {
        tests.add(DynamicTest.dynamicTest(c.id() + " [rest]", () -> check(c, "rest")));
      }
      if (c.grpc().isPresent()) {
        tests.add(DynamicTest.dynamicTest(c.id() + " [grpc]", () -> check(c, "grpc")));
      }
    }
    return tests.stream();
  }

  private static void check(CompatCase c, String protocol) throws IOException {
    String key = c.id() + " [" + protocol + "]";
    List<String> differences;
    try {
      CaseRunner target = c.oracle().equals(CompatCase.KNN_ORACLE) ? knnRunner() : runner();
      differences = protocol.equals("rest") ? target.runRest(c) : target.runGrpc(c);
    } catch (RuntimeException | AssertionError e) {
      RESULTS.put(key, "ERROR " + oneLine(e.getMessage()));
      throw e;
    }
    String known = KNOWN.get(key);
    if (known != null) {
      // A tracked gap: reported, not failed; and once Duet matches, the entry must go.
      RESULTS.put(key, differences.isEmpty() ? "FIXED (still listed as known)" : "KNOWN " + known);
      if (!differences.isEmpty()) {
        DIFFERENCES.put(key, differences);
      }
      assertThat(differences)
          .as("%s now matches OpenSearch: remove it from %s", key, KnownDifferences.FILE)
          .isNotEmpty();
      return;
    }
    RESULTS.put(
        key, differences.isEmpty() ? "PASS" : "FAIL " + differences.size() + " difference(s)");
    if (!differences.isEmpty()) {
      DIFFERENCES.put(key, differences);
    }
    assertThat(differences)
        .as("%s — %s: OpenSearch 3.8.0 and Duet differ", key, c.name())
        .isEmpty();
  }

  /** OpenSearch 3.8.0, started (or found running) for the first case that needs it. */
  private static synchronized CaseRunner runner() throws IOException {
    if (runner == null) {
      opensearch = start(OpenSearchOracle::ensureRunning);
      runner = new CaseRunner(opensearch.node(), duet.node(), TARGET.resolve("compat-replies"));
    }
    return runner;
  }

  /** The k-NN oracle (OpenSearch 3.5.0 with the k-NN plugin), started for the first k-NN case. */
  private static synchronized CaseRunner knnRunner() throws IOException {
    if (knnRunner == null) {
      knnOpenSearch = start(OpenSearchOracle::ensureKnn);
      knnRunner =
          new CaseRunner(knnOpenSearch.node(), duet.node(), TARGET.resolve("compat-replies"));
    }
    return knnRunner;
  }

  private static OpenSearchOracle start(OracleStart start) throws IOException {
    try {
      return start.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private interface OracleStart {
    OpenSearchOracle run() throws IOException, InterruptedException;
  }

  private static void writeReport() throws IOException {
    if (RESULTS.isEmpty()) {
      return;
    }
    long passed = RESULTS.values().stream().filter("PASS"::equals).count();
    long known = RESULTS.values().stream().filter(v -> v.startsWith("KNOWN")).count();
    StringBuilder report = new StringBuilder();
    report.append(
        String.format(
            "compatibility suite: %d/%d passed, %d known differences (%s)%n",
            passed, RESULTS.size(), known, KnownDifferences.FILE));
    RESULTS.forEach((k, v) -> report.append(String.format("%-60s %s%n", k, v)));
    String summary = report.toString();
    DIFFERENCES.forEach(
        (k, list) -> {
          report.append(String.format("%n%s%n", k));
          list.forEach(d -> report.append("  ").append(d).append(System.lineSeparator()));
        });
    Files.createDirectories(TARGET);
    Path file = TARGET.resolve("compat-report.txt").toAbsolutePath();
    Files.writeString(file, report);
    log.info(
        "\n{}\ndifferences in full: {}, replies in {}",
        summary,
        file,
        TARGET.resolve("compat-replies").toAbsolutePath());
  }

  private static String oneLine(String s) {
    if (s == null) {
      return "";
    }
    String line = s.replaceAll("\\s+", " ");
    return line.length() > 200 ? line.substring(0, 200) + "…" : line;
  }
}
