package dev.duet.server.rest;

import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.QueryParams;
import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.codec.Suggestions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The query parameters OpenSearch 3.8 accepts on each route, from {@code opensearch-params.txt}
 * (measured against it), and OpenSearch's 400 for any other: {@code request [/idx/_search] contains
 * unrecognized parameter: [foo]}, with its "did you mean" suggestions. Duet accepts every name
 * OpenSearch accepts, even those it ignores, so that no OpenSearch client call is refused.
 */
public final class AcceptedParams {
  private static final String RESOURCE = "opensearch-params.txt";

  /** Key {@code "GET /_search"}. */
  private final Map<String, Route> routes;

  private AcceptedParams(Map<String, Route> routes) {
    this.routes = routes;
  }

  /** The table shipped with the server. */
  public static AcceptedParams load() {
    try (InputStream in = AcceptedParams.class.getResourceAsStream(RESOURCE)) {
      requireNonNull(in, RESOURCE);
      return parse(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What OpenSearch accepts on {@code method pattern}; empty when the table does not know it. */
  public Set<String> accepted(HttpMethod method, String pattern) {
    Route route = routes.get(method + " " + pattern);
    return route == null ? Set.of() : route.accepted;
  }

  /** Whether the table has a line for this route. */
  public boolean knows(HttpMethod method, String pattern) {
    return routes.containsKey(method + " " + pattern);
  }

  /**
   * Throws OpenSearch's 400 when {@code params} holds a name the route does not accept. {@code
   * path} is the request's path as sent, for the message.
   */
  public void check(HttpMethod method, String pattern, String path, QueryParams params) {
    Route route = routes.get(method + " " + pattern);
    if (route == null || params.isEmpty()) {
      return;
    }
    SortedSet<String> unknown = null;
    for (String name : params.names()) {
      if (!route.accepted.contains(name)) {
        if (unknown == null) {
          unknown = new TreeSet<>();
        }
        unknown.add(name);
      }
    }
    if (unknown == null) {
      return;
    }
    // OpenSearch suggests from the names its handler read: those read on every call, and the
    // conditional ones this request gave.
    Set<String> candidates = new HashSet<>(route.alwaysRead);
    for (String name : params.names()) {
      if (route.accepted.contains(name)) {
        candidates.add(name);
      }
    }
    throw DuetException.illegalArgument(message(path, unknown, candidates));
  }

  static String message(String path, SortedSet<String> unknown, Set<String> candidates) {
    return message(path, unknown, candidates, "parameter");
  }

  /**
   * OpenSearch's message for unrecognized names of a kind ({@code parameter}, or {@code metric} of
   * {@code _stats}), each with its "did you mean".
   */
  static String message(
      String path, SortedSet<String> unknown, Set<String> candidates, String kind) {
    StringBuilder b =
        new StringBuilder("request [").append(path).append("] contains unrecognized ");
    b.append(kind).append(unknown.size() > 1 ? "s: " : ": ");
    boolean first = true;
    for (String name : unknown) {
      if (!first) {
        b.append(", ");
      }
      first = false;
      b.append('[').append(name).append(']');
      List<String> close = Suggestions.closest(name, candidates);
      if (close.size() == 1) {
        b.append(" -> did you mean [").append(close.get(0)).append("]?");
      } else if (!close.isEmpty()) {
        b.append(" -> did you mean any of ").append(close).append('?');
      }
    }
    return b.toString();
  }

  static AcceptedParams parse(BufferedReader reader) throws IOException {
    Map<String, Route> routes = new HashMap<>();
    String line;
    while ((line = reader.readLine()) != null) {
      line = line.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int eq = line.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException(
            RESOURCE + ": " + line + " (expected: METHOD /path = names)");
      }
      String names = line.substring(eq + 1);
      int bar = names.indexOf('|');
      Set<String> accepted = new HashSet<>();
      Set<String> always = new HashSet<>();
      for (String name : words(bar < 0 ? names : names.substring(0, bar))) {
        boolean conditional = name.endsWith("?");
        String bare = conditional ? name.substring(0, name.length() - 1) : name;
        accepted.add(bare);
        if (!conditional) {
          always.add(bare);
        }
      }
      // Duet's own names: accepted, but never offered as suggestions (OpenSearch does not read
      // them).
      if (bar >= 0) {
        accepted.addAll(words(names.substring(bar + 1)));
      }
      String key = line.substring(0, eq).strip();
      if (routes.put(key, new Route(Set.copyOf(accepted), Set.copyOf(always))) != null) {
        throw new IllegalArgumentException(RESOURCE + ": duplicate route " + key);
      }
    }
    return new AcceptedParams(Map.copyOf(routes));
  }

  private static List<String> words(String text) {
    List<String> out = new ArrayList<>();
    for (String w : text.strip().split("\\s+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  private record Route(Set<String> accepted, Set<String> alwaysRead) {}
}
