package dev.duet.engine.internal;

import dev.duet.engine.error.DuetException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** OpenSearch's rules for index names, and resolution of index expressions to concrete names. */
final class IndexNames {
  private static final String INVALID_CHARS = " \"*\\<|,>/?";
  // How OpenSearch prints its set of invalid file-name characters in the error reason.
  private static final String INVALID_CHARS_TEXT = "[ , \", *, \\, <, |, ,, >, /, ?]";
  private static final int MAX_NAME_BYTES = 255;

  private IndexNames() {}

  /** Throws 400 {@code invalid_index_name_exception} with OpenSearch's reason if it is refused. */
  static void validate(String name) {
    for (int i = 0; i < name.length(); i++) {
      if (INVALID_CHARS.indexOf(name.charAt(i)) >= 0) {
        throw invalid(name, "must not contain the following characters " + INVALID_CHARS_TEXT);
      }
    }
    if (name.contains("#")) {
      throw invalid(name, "must not contain '#'");
    }
    if (name.contains(":")) {
      throw invalid(name, "must not contain ':'");
    }
    if (name.isEmpty()) {
      throw invalid(name, "must not be empty");
    }
    if (name.charAt(0) == '_' || name.charAt(0) == '-' || name.charAt(0) == '+') {
      throw invalid(name, "must not start with '_', '-', or '+'");
    }
    int bytes = name.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_NAME_BYTES) {
      throw invalid(name, "index name is too long, (" + bytes + " > " + MAX_NAME_BYTES + ")");
    }
    if (name.equals(".") || name.equals("..")) {
      throw invalid(name, "must not be '.' or '..'");
    }
    if (!name.toLowerCase(Locale.ROOT).equals(name)) {
      throw invalid(name, "must be lowercase");
    }
  }

  /**
   * The concrete names an expression list names, in order of first mention: {@code _all} and {@code
   * *} are every index, wildcards match any number (including none), {@code -pattern} removes what
   * earlier parts added, and a concrete name that does not exist is a 404.
   */
  static List<String> resolve(Collection<String> expressions, Collection<String> existing) {
    if (expressions.size() == 1) {
      // The common case, one concrete name, without splitting or sorting anything.
      String only = expressions.iterator().next();
      if (only.indexOf(',') < 0
          && only.indexOf('*') < 0
          && !only.startsWith("-")
          && !only.equals("_all")
          && existing.contains(only)) {
        return List.of(only);
      }
    }
    List<String> parts = new ArrayList<>();
    for (String expression : expressions) {
      for (String part : expression.split(",")) {
        String trimmed = part.trim();
        if (!trimmed.isEmpty()) {
          parts.add(trimmed);
        }
      }
    }
    List<String> sorted = existing.stream().sorted().toList();
    if (parts.isEmpty()) {
      return sorted;
    }
    Set<String> out = new LinkedHashSet<>();
    boolean sawWildcard = false;
    for (String part : parts) {
      if (part.equals("_all") || part.equals("*")) {
        out.addAll(sorted);
        sawWildcard = true;
      } else if (part.startsWith("-") && sawWildcard) {
        String pattern = part.substring(1);
        out.removeIf(name -> Wildcards.matches(pattern, name));
      } else if (part.indexOf('*') >= 0) {
        sawWildcard = true;
        for (String name : sorted) {
          if (Wildcards.matches(part, name)) {
            out.add(name);
          }
        }
      } else if (existing.contains(part)) {
        out.add(part);
      } else {
        throw DuetException.indexNotFound(part);
      }
    }
    return List.copyOf(out);
  }

  static DuetException invalid(String name, String why) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("index_uuid", "_na_");
    return new DuetException(
        400,
        "invalid_index_name_exception",
        "Invalid index name [" + name + "], " + why,
        meta,
        null);
  }
}
