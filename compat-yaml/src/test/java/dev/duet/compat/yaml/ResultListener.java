package dev.duet.compat.yaml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.runner.Description;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * Records each YAML test's outcome (pass, fail with the first failing step, or skipped with the
 * reason) under its suite id ({@code folder/file/test name}), and at the end of the run writes
 * them and the report ({@link Report}).
 */
public final class ResultListener extends RunListener {

  private static final Map<String, Result> RESULTS = new LinkedHashMap<>();

  @Override
  public void testStarted(Description description) {
    String id = id(description);
    if (id != null) {
      synchronized (RESULTS) {
        RESULTS.put(id, new Result(id, Status.PASS, ""));
      }
    }
  }

  @Override
  public void testFailure(Failure failure) {
    record(failure, Status.FAIL);
  }

  @Override
  public void testAssumptionFailure(Failure failure) {
    record(failure, Status.SKIP);
  }

  @Override
  public void testIgnored(Description description) {
    String id = id(description);
    if (id != null) {
      synchronized (RESULTS) {
        RESULTS.put(id, new Result(id, Status.SKIP, "ignored"));
      }
    }
  }

  private static void record(Failure failure, Status status) {
    String id = id(failure.getDescription());
    if (id == null) {
      return;
    }
    synchronized (RESULTS) {
      Result previous = RESULTS.get(id);
      if (previous != null && previous.status() != Status.PASS) {
        return; // the first failure is the one that counts
      }
      String message = failure.getMessage();
      if (message == null) {
        message = failure.getException().getClass().getName();
      }
      RESULTS.put(id, new Result(id, status, message));
    }
  }

  /** {@code test {yaml=index/10_with_id/Index with ID}} → {@code index/10_with_id/Index with ID}. */
  static String id(Description description) {
    String name = description.getMethodName();
    if (name == null) {
      return null;
    }
    int start = name.indexOf("yaml=");
    if (start < 0 || !name.endsWith("}")) {
      return null;
    }
    return name.substring(start + "yaml=".length(), name.length() - 1);
  }

  /** Writes this run's results and the report; called once, after the last test. */
  public static void finish() throws IOException {
    String target = System.getProperty("yaml.target", "opensearch-3.8.0");
    Path outDir = Path.of(System.getProperty("yaml.out", "target"));
    Path results = outDir.resolve("yaml-results").resolve(target + ".tsv");
    Files.createDirectories(results.getParent());
    StringBuilder out = new StringBuilder();
    synchronized (RESULTS) {
      for (Result result : RESULTS.values()) {
        out.append(result.toLine()).append('\n');
      }
    }
    Files.writeString(results, out, StandardCharsets.UTF_8);
    Report.main(new String[0]);
  }
}
