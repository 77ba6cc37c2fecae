package dev.duet.server.fuzz;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The failures of one fuzz run, grouped by class (status, error type, method and route) so that one
 * bug met a thousand times shows once beside the others; each class keeps its first and its
 * shortest example, which replay on their own.
 */
final class Findings {
  private static final int MAX_EXAMPLE_CHARS = 2_000;
  private static final int MAX_ROUTES = 60;
  private static final long SLOW_MILLIS = 2_000;

  private final String campaign;
  private final Map<String, Group> groups = new LinkedHashMap<>();
  private final Map<String, long[]> slow = new LinkedHashMap<>();
  private int requests;
  private long totalMillis;

  Findings(String campaign) {
    this.campaign = campaign;
  }

  synchronized void countRequest() {
    requests++;
  }

  /** Notes how long a request of {@code route} took; the summary lists the slow routes. */
  synchronized void took(String route, long millis) {
    totalMillis += millis;
    if (millis >= SLOW_MILLIS) {
      long[] countAndMax = slow.computeIfAbsent(route, k -> new long[2]);
      countAndMax[0]++;
      countAndMax[1] = Math.max(countAndMax[1], millis);
    }
  }

  synchronized int requests() {
    return requests;
  }

  /**
   * Records one failure of class {@code failureClass}; {@code example} is the request and answer.
   */
  synchronized void add(String failureClass, String example) {
    add(failureClass, example, null);
  }

  /** As {@link #add(String, String)}, noting {@code where} (a route) among the class's routes. */
  synchronized void add(String failureClass, String example, String where) {
    String clipped = clip(example);
    Group group = groups.computeIfAbsent(failureClass, k -> new Group(clipped, requests));
    group.count++;
    if (where != null && group.where.size() < MAX_ROUTES) {
      group.where.add(where);
    }
    if (clipped.length() < group.shortest.length()) {
      group.shortest = clipped;
    }
  }

  synchronized boolean isEmpty() {
    return groups.isEmpty();
  }

  synchronized List<String> classes() {
    return new ArrayList<>(groups.keySet());
  }

  /** The report: one block per class, most frequent first. */
  synchronized String summary(String seed) {
    StringBuilder out = new StringBuilder();
    out.append(campaign)
        .append(": ")
        .append(groups.size())
        .append(" failure classes in ")
        .append(requests)
        .append(" requests, ")
        .append(totalMillis / 1000)
        .append(" s waiting for answers (seed ")
        .append(seed)
        .append("; replay with -Dfuzz.seed=")
        .append(seed)
        .append(")\n");
    List<Map.Entry<String, Group>> sorted = new ArrayList<>(groups.entrySet());
    sorted.sort(Comparator.comparingInt((Map.Entry<String, Group> e) -> -e.getValue().count));
    int n = 0;
    for (Map.Entry<String, Group> e : sorted) {
      Group g = e.getValue();
      out.append("\n[")
          .append(++n)
          .append("] ")
          .append(e.getKey())
          .append("  x")
          .append(g.count)
          .append(" (first at request #")
          .append(g.firstAt)
          .append(")\n  shortest: ")
          .append(g.shortest.replace("\n", "\n    "))
          .append('\n');
      if (!g.where.isEmpty()) {
        out.append("  on: ").append(String.join(", ", g.where)).append('\n');
      }
      if (!g.first.equals(g.shortest)) {
        out.append("  first:    ").append(g.first.replace("\n", "\n    ")).append('\n');
      }
    }
    if (!slow.isEmpty()) {
      out.append("\nslow but answered (>= ").append(SLOW_MILLIS).append(" ms; not a failure):\n");
      slow.forEach(
          (route, cm) ->
              out.append("  ")
                  .append(route)
                  .append(": x")
                  .append(cm[0])
                  .append(", max ")
                  .append(cm[1])
                  .append(" ms\n"));
    }
    return out.toString();
  }

  private static String clip(String s) {
    if (s.length() <= MAX_EXAMPLE_CHARS) {
      return s;
    }
    return s.substring(0, MAX_EXAMPLE_CHARS) + "…(" + s.length() + " chars)";
  }

  private static final class Group {
    final String first;
    final int firstAt;
    final java.util.Set<String> where = new java.util.TreeSet<>();
    String shortest;
    int count;

    Group(String first, int firstAt) {
      this.first = first;
      this.shortest = first;
      this.firstAt = firstAt;
    }
  }
}
