package dev.duet.server.rest;

import com.linecorp.armeria.common.HttpMethod;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Matches a method and path to a handler the way OpenSearch's RestController and PathTrie do: at
 * each path segment a literal wins over a variable ({@code /_bulk} never reaches {@code /{index}}),
 * a variable is tried only where no literal route continues; a path that exists only with other
 * methods is a 405 naming them; a path that matches nothing is a 400.
 */
public final class RestRouter {
  /** OpenSearch lists allowed methods in the order of its RestRequest.Method enum. */
  private static final List<HttpMethod> METHOD_ORDER =
      List.of(
          HttpMethod.GET,
          HttpMethod.POST,
          HttpMethod.PUT,
          HttpMethod.DELETE,
          HttpMethod.OPTIONS,
          HttpMethod.HEAD,
          HttpMethod.PATCH,
          HttpMethod.TRACE,
          HttpMethod.CONNECT);

  private final Node root = new Node();
  private final List<Route> routes = new ArrayList<>();

  /** One registered method and path pattern, as written in {@link RestRoutes}. */
  public record Route(HttpMethod method, String pattern) {}

  /** Registers {@code handler} for a path pattern such as {@code /{index}/_doc/{id}}. */
  public RestRouter add(String pattern, RestHandler handler, HttpMethod... methods) {
    Node node = root;
    for (String segment : split(pattern)) {
      if (segment.startsWith("{") && segment.endsWith("}")) {
        String name = segment.substring(1, segment.length() - 1);
        if (node.variable == null) {
          node.variable = new Node();
          node.variableName = name;
        } else if (!node.variableName.equals(name)) {
          throw new IllegalArgumentException(
              "pattern: " + pattern + " (expected: variable {" + node.variableName + "} here)");
        }
        node = node.variable;
      } else {
        node = node.literals.computeIfAbsent(segment, s -> new Node());
      }
    }
    node.pattern = pattern;
    for (HttpMethod m : methods) {
      if (node.handlers.put(m, handler) != null) {
        throw new IllegalArgumentException("duplicate route: " + m + " " + pattern);
      }
      routes.add(new Route(m, pattern));
    }
    return this;
  }

  /** The outcome of routing: a handler with its path variables, or a routing failure. */
  public sealed interface Match {
    /** {@code pattern} is the route as registered, e.g. {@code /{index}/_doc/{id}}. */
    record Found(RestHandler handler, Map<String, String> pathParams, String pattern)
        implements Match {}

    record MethodNotAllowed(List<HttpMethod> allowed) implements Match {}

    record NotFound() implements Match {}
  }

  /** Every registered route, in registration order (read-only; the spec test compares it). */
  public List<Route> routes() {
    return List.copyOf(routes);
  }

  /** Routes a decoded path. */
  public Match route(HttpMethod method, String path) {
    List<Candidate> candidates = new ArrayList<>(2);
    collect(root, split(path), 0, Map.of(), candidates);
    Set<HttpMethod> allowed = EnumSet.noneOf(HttpMethod.class);
    for (Candidate c : candidates) {
      RestHandler handler = c.node.handlers.get(method);
      if (handler != null) {
        return new Match.Found(handler, c.vars, c.node.pattern);
      }
      allowed.addAll(c.node.handlers.keySet());
    }
    if (allowed.isEmpty()) {
      return new Match.NotFound();
    }
    List<HttpMethod> ordered = new ArrayList<>();
    for (HttpMethod m : METHOD_ORDER) {
      if (allowed.contains(m)) {
        ordered.add(m);
      }
    }
    return new Match.MethodNotAllowed(ordered);
  }

  private static void collect(
      Node node, String[] path, int i, Map<String, String> vars, List<Candidate> out) {
    if (i == path.length) {
      if (!node.handlers.isEmpty()) {
        out.add(new Candidate(node, vars));
      }
      return;
    }
    Node literal = node.literals.get(path[i]);
    if (literal != null) {
      collect(literal, path, i + 1, vars, out);
    }
    // Like OpenSearch's PathTrie: a variable is used where no literal continues the path, or where
    // the literal is only an intermediate node (no handlers of its own).
    if (node.variable != null
        && !path[i].isEmpty()
        && (literal == null || literal.handlers.isEmpty())) {
      Map<String, String> withVar = new HashMap<>(vars);
      withVar.put(node.variableName, path[i]);
      collect(node.variable, path, i + 1, withVar, out);
    }
  }

  private static String[] split(String path) {
    int start = 0;
    int end = path.length();
    while (start < end && path.charAt(start) == '/') {
      start++;
    }
    while (end > start && path.charAt(end - 1) == '/') {
      end--;
    }
    if (start == end) {
      return new String[0];
    }
    return path.substring(start, end).split("/", -1);
  }

  private record Candidate(Node node, Map<String, String> vars) {}

  private static final class Node {
    final Map<String, Node> literals = new HashMap<>();
    final Map<HttpMethod, RestHandler> handlers = new EnumMap<>(HttpMethod.class);
    Node variable;
    String variableName;
    String pattern;
  }
}
