package dev.duet.embedded;

import dev.duet.common.SuppressForbidden;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;
import java.util.Locale;

/**
 * A benchmark, not a test: how long an embedded node takes from {@code EmbeddedDuet.start()} to its
 * first answer to {@code GET /}, and to close, in a JVM that has started nodes before (as a test
 * run's second class finds it). Usage: {@code EmbeddedStartTime [warmups=5] [runs=20]}; see
 * docs/benchmarks.md for the command.
 */
final class EmbeddedStartTime {
  private EmbeddedStartTime() {}

  @SuppressForbidden(reason = "a command-line benchmark prints its figures")
  public static void main(String[] args) throws Exception {
    int warmups = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 20;
    HttpClient http = HttpClient.newHttpClient();

    double first = -1;
    for (int i = 0; i < warmups; i++) {
      double[] t = once(http);
      if (i == 0) {
        first = t[0];
      }
    }
    double[] start = new double[runs];
    double[] close = new double[runs];
    for (int i = 0; i < runs; i++) {
      double[] t = once(http);
      start[i] = t[0];
      close[i] = t[1];
    }
    System.out.printf(
        Locale.ROOT,
        "first start in this JVM (cold): %.0f ms%n"
            + "warm, %d runs after %d warm-ups:%n"
            + "  start to first GET / answer: p50 %.0f ms, p90 %.0f ms, min %.0f ms, max %.0f ms%n"
            + "  close (data deleted):        p50 %.0f ms, p90 %.0f ms%n",
        first,
        runs,
        warmups,
        percentile(start, 50),
        percentile(start, 90),
        percentile(start, 0),
        percentile(start, 100),
        percentile(close, 50),
        percentile(close, 90));
  }

  /** One node: milliseconds from start to the first answer, and to close it. */
  private static double[] once(HttpClient http) throws Exception {
    long t0 = System.nanoTime();
    EmbeddedDuet duet = EmbeddedDuet.start();
    HttpResponse<String> answer =
        http.send(
            HttpRequest.newBuilder(URI.create(duet.restUrl() + "/")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    long t1 = System.nanoTime();
    if (answer.statusCode() != 200 || !answer.body().contains("\"distribution\"")) {
      throw new IllegalStateException(
          "GET / answered " + answer.statusCode() + ": " + answer.body());
    }
    duet.close();
    long t2 = System.nanoTime();
    return new double[] {(t1 - t0) / 1e6, (t2 - t1) / 1e6};
  }

  private static double percentile(double[] values, int p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }
}
