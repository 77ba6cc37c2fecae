package dev.duet.gateway.peek;

import dev.duet.gateway.config.GatewayConfig.Action;
import dev.duet.gateway.error.RequestRefused;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the operation out of a REST request: the action from the method and the endpoint, the
 * indices from the path and, for {@code _bulk} and {@code _msearch}, from every action or header
 * line ({@link NdjsonPeeker}); a search's size and from from the query string and the body.
 * Endpoints it does not know need {@code admin} on every index.
 */
public final class RestPeeker {
  private RestPeeker() {}

  /**
   * @param method the HTTP method
   * @param rawPath the path as sent, percent-encoded, without the query string
   * @param sizeParam the {@code size} query parameter or {@code null}
   * @param fromParam the {@code from} query parameter or {@code null}
   * @param body the request body (empty when none)
   */
  public static Operation peek(
      String method, String rawPath, String sizeParam, String fromParam, byte[] body) {
    List<String> segments = segments(rawPath);
    boolean read = method.equals("GET") || method.equals("HEAD");
    if (segments.isEmpty()) {
      return Operation.of("info", null, List.of()); // GET /: what clients check first
    }
    String first = segments.get(0);
    if (first.startsWith("_")) {
      return clusterLevel(first, segments, read, sizeParam, fromParam, body);
    }
    List<String> indices = IndexPatterns.split(first);
    if (segments.size() == 1) {
      return Operation.of(
          read ? "get_index" : "index_admin", read ? Action.SEARCH : Action.ADMIN, indices);
    }
    String endpoint = segments.get(1);
    return switch (endpoint) {
      case "_doc" ->
          Operation.of(read ? "get" : "doc_write", read ? Action.SEARCH : Action.WRITE, indices);
      case "_create", "_update", "_update_by_query", "_delete_by_query", "_refresh", "_flush" ->
          Operation.of(endpoint.substring(1), Action.WRITE, indices);
      case "_search" -> search(indices, sizeParam, fromParam, body);
      case "_source", "_count", "_explain", "_validate", "_termvectors", "_field_caps" ->
          Operation.of(endpoint.substring(1), Action.SEARCH, indices);
      case "_mget" -> NdjsonPeeker.mget(first, body);
      case "_bulk" -> NdjsonPeeker.bulk(first, body);
      case "_msearch" -> NdjsonPeeker.msearch(first, body);
      case "_mapping", "_mappings", "_settings", "_stats", "_segments", "_recovery" ->
          Operation.of(endpoint.substring(1), read ? Action.SEARCH : Action.ADMIN, indices);
      case "_open", "_close", "_forcemerge", "_cache" ->
          Operation.of(endpoint.substring(1), Action.ADMIN, indices);
      // Endpoints the gateway does not know may name other indices in their bodies (as
      // _mtermvectors does): only tenants granted every index. A fixed name keeps metric tags few.
      default -> Operation.of("other", Action.ADMIN, List.of("*"));
    };
  }

  private static Operation clusterLevel(
      String first,
      List<String> segments,
      boolean read,
      String sizeParam,
      String fromParam,
      byte[] body) {
    List<String> all = List.of("*");
    return switch (first) {
      case "_bulk" -> NdjsonPeeker.bulk(null, body);
      case "_msearch" -> NdjsonPeeker.msearch(null, body);
      case "_search" ->
          segments.size() == 1
              ? search(all, sizeParam, fromParam, body)
              // scroll ids name no index the gateway can see: only tenants granted everything
              : Operation.of("scroll", Action.SEARCH, all);
      case "_count" -> Operation.of("count", Action.SEARCH, all);
      case "_mget" -> NdjsonPeeker.mget(null, body);
      case "_reindex" -> ReindexPeeker.reindex(body);
      case "_refresh", "_flush" -> Operation.of(first.substring(1), Action.WRITE, all);
      case "_stats" -> Operation.of("stats", read ? Action.SEARCH : Action.ADMIN, all);
      case "_forcemerge" -> Operation.of("forcemerge", Action.ADMIN, all);
      case "_segments" -> Operation.of("segments", Action.SEARCH, all);
      case "_cluster" -> {
        if (segments.size() >= 2 && segments.get(1).equals("health") && read) {
          yield segments.size() == 2
              ? Operation.of("cluster_health", null, List.of())
              : Operation.of("cluster_health", Action.SEARCH, IndexPatterns.split(segments.get(2)));
        }
        yield Operation.of("cluster", Action.ADMIN, all);
      }
      case "_cat" -> {
        String table = segments.size() >= 2 && read ? segments.get(1) : "";
        if (table.equals("indices") || table.equals("count") || table.equals("segments")) {
          // Counting reads the indices' documents, as _count does; segments as _segments.
          yield Operation.of(
              "cat_" + table,
              Action.SEARCH,
              segments.size() == 2 ? all : IndexPatterns.split(segments.get(2)));
        }
        if (table.equals("health") && segments.size() == 2) {
          yield Operation.of("cat_health", null, List.of()); // as _cluster/health
        }
        yield Operation.of("cat", Action.ADMIN, all);
      }
      default -> Operation.of("other", Action.ADMIN, all);
    };
  }

  private static Operation search(
      List<String> indices, String sizeParam, String fromParam, byte[] body) {
    long[] sizeFrom = NdjsonPeeker.searchBodySizeFrom(body, 0, body.length);
    long size = sizeParam != null ? number(sizeParam, "size") : sizeFrom[0];
    long from = fromParam != null ? number(fromParam, "from") : sizeFrom[1];
    return new Operation("search", Action.SEARCH, indices, 0, size, from);
  }

  private static long number(String value, String name) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return -1; // not a number: the upstream answers that, in its own words
    }
  }

  /**
   * The path's segments, each percent-decoded after splitting (as the upstream does, so that an
   * encoded {@code /} stays inside its segment). Empty segments are refused rather than guessed.
   */
  static List<String> segments(String rawPath) {
    List<String> out = new ArrayList<>();
    String path = rawPath.startsWith("/") ? rawPath.substring(1) : rawPath;
    if (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    if (path.isEmpty()) {
      return out;
    }
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty()) {
        throw RequestRefused.badRequest("empty path segment in [" + rawPath + "]");
      }
      String decoded;
      try {
        decoded = URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw RequestRefused.badRequest("malformed path [" + rawPath + "]: " + e.getMessage());
      }
      if (decoded.equals(".") || decoded.equals("..")) {
        // Whoever resolves it (a proxy, the upstream) would see another path than the gateway.
        throw RequestRefused.badRequest("relative path segment in [" + rawPath + "]");
      }
      out.add(decoded);
    }
    return out;
  }
}
