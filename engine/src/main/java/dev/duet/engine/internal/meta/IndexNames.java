package dev.duet.engine.internal.meta;

import dev.duet.engine.error.DuetException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** OpenSearch's rules for index names; {@link IndexResolver} resolves expressions. */
public final class IndexNames {
  private static final String INVALID_CHARS = " \"*\\<|,>/?";
  // How OpenSearch prints its set of invalid file-name characters in the error reason.
  private static final String INVALID_CHARS_TEXT = "[ , \", *, \\, <, |, ,, >, /, ?]";
  private static final int MAX_NAME_BYTES = 255;

  private IndexNames() {}

  /** Throws 400 {@code invalid_index_name_exception} with OpenSearch's reason if it is refused. */
  public static void validate(String name) {
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

  public static DuetException invalid(String name, String why) {
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
