package dev.duet.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One measured workload: what each request does, how many clients send requests concurrently (a
 * closed loop: each sends its next request when the previous one is answered) and into which index.
 */
public record Scenario(
    String name, String title, Kind kind, int clients, int docsPerRequest, String index) {

  /** What a request of the scenario does. */
  public enum Kind {
    /** A bulk request of {@code docsPerRequest} index operations. */
    BULK,
    /** A {@code match} query, size 10, over a pre-loaded index. */
    SEARCH
  }

  public Scenario {
    if (clients < 1) {
      throw new IllegalArgumentException("clients: " + clients + " (expected: >= 1)");
    }
  }

  /**
   * The scenarios named in {@code csv}: {@code writes} (sequential and concurrent single-document
   * writes), {@code bulk}, {@code search}, or the individual names {@code writes-seq} and {@code
   * writes-cN}.
   */
  public static List<Scenario> parse(String csv, int concurrentClients, int bulkSize) {
    List<Scenario> scenarios = new ArrayList<>();
    for (String raw : csv.split(",")) {
      String name = raw.trim().toLowerCase(Locale.ROOT);
      switch (name) {
        case "" -> {}
        case "writes" -> {
          scenarios.add(sequentialWrites());
          scenarios.add(concurrentWrites(concurrentClients));
        }
        case "writes-seq" -> scenarios.add(sequentialWrites());
        case "bulk" -> scenarios.add(bulk(bulkSize));
        case "search" -> scenarios.add(search());
        default -> {
          if (name.startsWith("writes-c")) {
            scenarios.add(concurrentWrites(parseClients(name)));
          } else {
            throw new IllegalArgumentException(
                "scenario: " + raw + " (expected: writes, writes-seq, writes-cN, bulk, search)");
          }
        }
      }
    }
    if (scenarios.isEmpty()) {
      throw new IllegalArgumentException("scenarios: '" + csv + "' (expected: at least one)");
    }
    return scenarios;
  }

  static Scenario sequentialWrites() {
    return new Scenario(
        "writes-seq",
        "Single-document writes (bulk of one), 1 client",
        Kind.BULK,
        1,
        1,
        "bench-writes-seq");
  }

  static Scenario concurrentWrites(int clients) {
    return new Scenario(
        "writes-c" + clients,
        "Single-document writes (bulk of one), " + clients + " concurrent clients",
        Kind.BULK,
        clients,
        1,
        "bench-writes-c" + clients);
  }

  static Scenario bulk(int size) {
    return new Scenario(
        "bulk",
        "Bulk ingest, batches of " + size + " documents, 1 client",
        Kind.BULK,
        1,
        size,
        "bench-bulk");
  }

  static Scenario search() {
    return new Scenario(
        "search",
        "Text search (match query on a text field, size 10), 1 client",
        Kind.SEARCH,
        1,
        0,
        "bench-search");
  }

  private static int parseClients(String name) {
    try {
      return Integer.parseInt(name.substring("writes-c".length()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "scenario: " + name + " (expected: writes-cN, N a number)");
    }
  }
}
