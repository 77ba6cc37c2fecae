package dev.duet.bench.run;

import dev.duet.bench.client.AggregationQuery;
import dev.duet.bench.client.TextQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One measured workload: what each request does, how many clients send requests concurrently (a
 * closed loop: each sends its next request when the previous one is answered), into which index,
 * and for writes the index's translog durability.
 */
public record Scenario(
    String name,
    String title,
    Kind kind,
    int clients,
    int docsPerRequest,
    String index,
    Durability durability,
    AggregationQuery aggregation,
    TextQuery textQuery) {

  /** What a request of the scenario does. */
  public enum Kind {
    /** A bulk request of {@code docsPerRequest} index operations. */
    BULK,
    /** A text search ({@link TextQuery}), size 10, over a pre-loaded index. */
    SEARCH,
    /** An aggregation search ({@code size: 0}) over the pre-loaded index. */
    AGGREGATE
  }

  /**
   * {@code index.translog.durability} of a write scenario's index: {@code request} fsyncs the
   * translog before each write is acknowledged (OpenSearch's default), {@code async} every 5 s.
   */
  public enum Durability {
    REQUEST,
    ASYNC;

    /** The setting's value, as OpenSearch spells it. */
    public String setting() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a comma-separated list such as {@code request,async}. */
    public static List<Durability> parseList(String csv) {
      List<Durability> parsed = new ArrayList<>();
      for (String raw : csv.split(",")) {
        String value = raw.trim().toLowerCase(Locale.ROOT);
        switch (value) {
          case "" -> {}
          case "request" -> parsed.add(REQUEST);
          case "async" -> parsed.add(ASYNC);
          default ->
              throw new IllegalArgumentException(
                  "durability: " + raw + " (expected: request, async)");
        }
      }
      if (parsed.isEmpty()) {
        throw new IllegalArgumentException("durability: '" + csv + "' (expected: at least one)");
      }
      return List.copyOf(parsed);
    }
  }

  public Scenario {
    if (kind == Kind.BULK && durability == null) {
      throw new IllegalArgumentException("durability: null (expected: set for a write scenario)");
    }
    if (clients < 1) {
      throw new IllegalArgumentException("clients: " + clients + " (expected: >= 1)");
    }
  }

  /**
   * The scenarios named in {@code csv}: {@code writes} (sequential and concurrent single-document
   * writes), {@code bulk}, {@code search}, or the individual names {@code writes-seq} and {@code
   * writes-cN}. Each write scenario is run once per durability in {@code durabilities}, in that
   * order; a scenario with {@code async} durability has {@code -async} appended to its name.
   */
  public static List<Scenario> parse(
      String csv, int concurrentClients, int bulkSize, List<Durability> durabilities) {
    List<Scenario> scenarios = new ArrayList<>();
    for (String raw : csv.split(",")) {
      String name = raw.trim().toLowerCase(Locale.ROOT);
      switch (name) {
        case "" -> {}
        case "writes" -> {
          durabilities.forEach(d -> scenarios.add(sequentialWrites(d)));
          durabilities.forEach(d -> scenarios.add(concurrentWrites(concurrentClients, d)));
        }
        case "writes-seq" -> durabilities.forEach(d -> scenarios.add(sequentialWrites(d)));
        case "bulk" -> durabilities.forEach(d -> scenarios.add(bulk(bulkSize, d)));
        case "searches" -> {
          for (TextQuery q : TextQuery.values()) {
            scenarios.add(search(q));
          }
        }
        case "aggs" -> {
          for (AggregationQuery q : AggregationQuery.values()) {
            scenarios.add(aggregate(q));
          }
        }
        default -> {
          if (TextQuery.forScenario(name) != null) {
            scenarios.add(search(TextQuery.forScenario(name)));
          } else if (AggregationQuery.forScenario(name) != null) {
            scenarios.add(aggregate(AggregationQuery.forScenario(name)));
          } else if (name.startsWith("writes-c")) {
            int clients = parseClients(name);
            durabilities.forEach(d -> scenarios.add(concurrentWrites(clients, d)));
          } else {
            throw new IllegalArgumentException(
                "scenario: "
                    + raw
                    + " (expected: writes, writes-seq, writes-cN, bulk, search, search-bool,"
                    + " search-phrase, searches, aggs, agg-*)");
          }
        }
      }
    }
    if (scenarios.isEmpty()) {
      throw new IllegalArgumentException("scenarios: '" + csv + "' (expected: at least one)");
    }
    return scenarios;
  }

  static Scenario sequentialWrites(Durability durability) {
    return write("writes-seq", "Single-document writes (bulk of one), 1 client", 1, 1, durability);
  }

  static Scenario concurrentWrites(int clients, Durability durability) {
    return write(
        "writes-c" + clients,
        "Single-document writes (bulk of one), " + clients + " concurrent clients",
        clients,
        1,
        durability);
  }

  static Scenario bulk(int size, Durability durability) {
    return write(
        "bulk", "Bulk ingest, batches of " + size + " documents, 1 client", 1, size, durability);
  }

  private static Scenario write(
      String name, String title, int clients, int docsPerRequest, Durability durability) {
    String suffix = durability == Durability.REQUEST ? "" : "-" + durability.setting();
    return new Scenario(
        name + suffix,
        title + ", translog durability " + durability.setting(),
        Kind.BULK,
        clients,
        docsPerRequest,
        "bench-" + name + suffix,
        durability,
        null,
        null);
  }

  /** A text search scenario; all share the index {@code bench-search}, loaded once. */
  static Scenario search(TextQuery query) {
    return new Scenario(
        query.scenario(),
        "Text search: " + query.title() + ", size 10, 1 client",
        Kind.SEARCH,
        1,
        0,
        "bench-search",
        null,
        null,
        query);
  }

  /**
   * An aggregation scenario; all share the index {@code bench-aggs}, loaded once. Over gRPC only
   * where the 1.6.0 schema can express the aggregation.
   */
  static Scenario aggregate(AggregationQuery query) {
    return new Scenario(
        query.scenario(),
        "Aggregation: " + query.title() + ", 1 client",
        Kind.AGGREGATE,
        1,
        0,
        "bench-aggs",
        null,
        query,
        null);
  }

  /**
   * This scenario on an index named with {@code prefix} instead of {@code bench-} (so that runs on
   * a shared server keep to their own indices).
   */
  public Scenario withIndexPrefix(String prefix) {
    String renamed = prefix + (index.startsWith("bench-") ? index.substring(6) : index);
    return new Scenario(
        name, title, kind, clients, docsPerRequest, renamed, durability, aggregation, textQuery);
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
