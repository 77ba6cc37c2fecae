package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Compares an OpenSearch response with Duet's, field by field, and lists every difference with its
 * path.
 *
 * <p>Paths are dotted ({@code hits.hits.0._id}); in patterns {@code *} matches one segment (a key
 * or an array index) and {@code **} any number of segments (so {@code **.index_uuid} is that key at
 * any depth). An ignored path must be present on both sides or on neither (a field Duet forgets is
 * still a difference), but its value is not compared. A patterned path is like an ignored one, but
 * each side's value must match the pattern's regular expression (e.g. a uuid's shape, or a {@code
 * 3.} version number). Arrays at unordered paths are compared as multisets. Numbers compare by
 * value, floating point within a relative 1e-6, because scores cross float/double conversions on
 * the gRPC path.
 */
final class JsonDiff {
  static final TextNode IGNORED = TextNode.valueOf("<ignored>");
  private static final double RELATIVE_TOLERANCE = 1e-6;

  private final List<Pattern> ignore;
  private final List<Pattern> optional;
  private final List<Pattern> unordered;
  private final List<Map.Entry<Pattern, Pattern>> patterns;

  /**
   * @param ignore paths whose values are not compared (but must be present on both sides or none)
   * @param optional paths whose values are not compared and which either side may leave out
   * @param unordered paths of arrays compared as multisets
   * @param patterns paths whose values must, on each side, match a regular expression
   */
  JsonDiff(
      List<String> ignore,
      List<String> optional,
      List<String> unordered,
      Map<String, String> patterns) {
    this.ignore = ignore.stream().map(JsonDiff::compile).toList();
    this.optional = optional.stream().map(JsonDiff::compile).toList();
    this.unordered = unordered.stream().map(JsonDiff::compile).toList();
    this.patterns =
        patterns.entrySet().stream()
            .map(e -> Map.entry(compile(e.getKey()), Pattern.compile(e.getValue())))
            .toList();
  }

  /** One difference: where, what OpenSearch said, what Duet said ({@code null} when absent). */
  record Difference(String path, JsonNode expected, JsonNode actual) {
    @Override
    public String toString() {
      return path + ": OpenSearch " + show(expected) + ", Duet " + show(actual);
    }

    private static String show(JsonNode node) {
      if (node == null) {
        return "<missing>";
      }
      String s = node.toString();
      return s.length() > 400 ? s.substring(0, 400) + "…" : s;
    }
  }

  List<Difference> diff(JsonNode expected, JsonNode actual) {
    List<Difference> out = new ArrayList<>();
    compare(normalize(expected, ""), normalize(actual, ""), "", out);
    return out;
  }

  /** Replaces ignored values with a marker and sorts unordered arrays, on a copy. */
  private JsonNode normalize(JsonNode node, String path) {
    if (node == null) {
      return null;
    }
    if (!path.isEmpty() && matchesAny(ignore, path)) {
      return IGNORED;
    }
    if (node.isValueNode()) {
      for (Map.Entry<Pattern, Pattern> p : patterns) {
        if (p.getKey().matcher(path).matches()) {
          return p.getValue().matcher(node.asText()).find()
              ? TextNode.valueOf("<matches /" + p.getValue() + "/>")
              : node;
        }
      }
    }
    if (node.isObject()) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        String child = join(path, e.getKey());
        if (!matchesAny(optional, child)) {
          copy.set(e.getKey(), normalize(e.getValue(), child));
        }
      }
      return copy;
    }
    if (node.isArray()) {
      List<JsonNode> items = new ArrayList<>();
      for (int i = 0; i < node.size(); i++) {
        items.add(normalize(node.get(i), join(path, Integer.toString(i))));
      }
      if (matchesAny(unordered, path)) {
        items.sort(Comparator.comparing(JsonDiff::canonical));
      }
      ArrayNode copy = JsonNodeFactory.instance.arrayNode();
      items.forEach(copy::add);
      return copy;
    }
    return node;
  }

  /** The node as text with object keys sorted, so that key order does not decide array order. */
  private static String canonical(JsonNode node) {
    if (node.isObject()) {
      StringBuilder out = new StringBuilder("{");
      Set<String> keys = new TreeSet<>();
      node.fieldNames().forEachRemaining(keys::add);
      keys.forEach(k -> out.append(k).append(':').append(canonical(node.get(k))).append(','));
      return out.append('}').toString();
    }
    if (node.isArray()) {
      StringBuilder out = new StringBuilder("[");
      node.forEach(n -> out.append(canonical(n)).append(','));
      return out.append(']').toString();
    }
    return node.toString();
  }

  private static void compare(JsonNode e, JsonNode a, String path, List<Difference> out) {
    if (e == null || a == null) {
      if (e != a) {
        out.add(new Difference(path, e, a));
      }
      return;
    }
    if (e.isObject() && a.isObject()) {
      Set<String> keys = new TreeSet<>();
      e.fieldNames().forEachRemaining(keys::add);
      a.fieldNames().forEachRemaining(keys::add);
      for (String key : keys) {
        compare(e.get(key), a.get(key), join(path, key), out);
      }
      return;
    }
    if (e.isArray() && a.isArray()) {
      if (e.size() != a.size()) {
        out.add(
            new Difference(
                path + " (array size)", IntNode.valueOf(e.size()), IntNode.valueOf(a.size())));
      }
      // Element by element even when the sizes differ: the extra or missing elements show as such.
      for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
        compare(e.get(i), a.get(i), join(path, Integer.toString(i)), out);
      }
      return;
    }
    if (!sameValue(e, a)) {
      out.add(new Difference(path.isEmpty() ? "(root)" : path, e, a));
    }
  }

  private static boolean sameValue(JsonNode e, JsonNode a) {
    if (e.isNumber() && a.isNumber()) {
      if (e.isIntegralNumber() && a.isIntegralNumber()) {
        return e.bigIntegerValue().equals(a.bigIntegerValue());
      }
      double x = e.doubleValue();
      double y = a.doubleValue();
      return x == y || Math.abs(x - y) <= RELATIVE_TOLERANCE * Math.max(Math.abs(x), Math.abs(y));
    }
    return e.equals(a);
  }

  private static String join(String path, String segment) {
    return path.isEmpty() ? segment : path + "." + segment;
  }

  /**
   * A path pattern as a regular expression over the dotted path. Matching the joined path rather
   * than its segments lets keys that contain dots ({@code store.size} in {@code _cat} output) be
   * written as they are.
   */
  static Pattern compile(String pattern) {
    StringBuilder regex = new StringBuilder();
    int i = 0;
    while (i < pattern.length()) {
      if (pattern.startsWith("**.", i)) {
        regex.append("(?:.*\\.)?");
        i += 3;
      } else if (pattern.startsWith("**", i)) {
        regex.append(".*");
        i += 2;
      } else if (pattern.charAt(i) == '*') {
        regex.append("[^.]*");
        i++;
      } else {
        int next = pattern.indexOf('*', i);
        int stop = next < 0 ? pattern.length() : next;
        regex.append(Pattern.quote(pattern.substring(i, stop)));
        i = stop;
      }
    }
    return Pattern.compile(regex.toString());
  }

  private static boolean matchesAny(List<Pattern> patterns, String path) {
    for (Pattern pattern : patterns) {
      if (pattern.matcher(path).matches()) {
        return true;
      }
    }
    return false;
  }
}
