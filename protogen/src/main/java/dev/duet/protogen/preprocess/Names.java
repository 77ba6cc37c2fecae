package dev.duet.protogen.preprocess;

import java.util.Locale;

/** Turns OpenAPI names (JSON properties, schema and operation names) into valid proto names. */
public final class Names {
  private Names() {}

  /**
   * A proto field name: snake_case; {@code _source} → {@code x_source}, {@code a.b} → {@code a_b}.
   */
  public static String field(String raw) {
    String s = snake(raw);
    if (s.isEmpty()) {
      return "x";
    }
    // A leading underscore or digit is not a valid (or not a conventional) field name start.
    if (s.charAt(0) == '_' || Character.isDigit(s.charAt(0))) {
      s = "x" + (s.charAt(0) == '_' ? "" : "_") + s;
    }
    return s;
  }

  /** A proto message, enum or service name: PascalCase from any separators. */
  public static String type(String raw) {
    StringBuilder out = new StringBuilder();
    boolean upperNext = true;
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (!isAsciiLetterOrDigit(c)) {
        upperNext = true;
        continue;
      }
      out.append(upperNext ? Character.toUpperCase(c) : c);
      upperNext = false;
    }
    if (out.isEmpty()) {
      return "X";
    }
    if (Character.isDigit(out.charAt(0))) {
      out.insert(0, 'X');
    }
    return out.toString();
  }

  /** UPPER_SNAKE_CASE, the style of enum values and their prefixes. */
  public static String upperSnake(String raw) {
    String s = snake(raw).toUpperCase(Locale.ROOT);
    while (s.startsWith("_")) {
      s = s.substring(1);
    }
    return s;
  }

  /** The JSON name protoc derives for a field: lowerCamelCase of the field name. */
  public static String defaultJsonName(String fieldName) {
    StringBuilder out = new StringBuilder();
    boolean upperNext = false;
    for (int i = 0; i < fieldName.length(); i++) {
      char c = fieldName.charAt(i);
      if (c == '_') {
        upperNext = true;
      } else {
        out.append(upperNext ? Character.toUpperCase(c) : c);
        upperNext = false;
      }
    }
    return out.toString();
  }

  private static String snake(String raw) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (Character.isUpperCase(c) && c < 128) {
        char prev = i > 0 ? raw.charAt(i - 1) : '_';
        char next = i + 1 < raw.length() ? raw.charAt(i + 1) : '_';
        boolean boundary =
            Character.isLowerCase(prev)
                || Character.isDigit(prev)
                || (Character.isUpperCase(prev) && Character.isLowerCase(next));
        if (i > 0 && boundary && out.length() > 0 && out.charAt(out.length() - 1) != '_') {
          out.append('_');
        }
        out.append(Character.toLowerCase(c));
      } else if (isAsciiLetterOrDigit(c)) {
        out.append(c);
      } else if (out.isEmpty() || out.charAt(out.length() - 1) != '_') {
        out.append('_');
      }
    }
    int end = out.length();
    while (end > 1 && out.charAt(end - 1) == '_') {
      end--;
    }
    return out.substring(0, end).equals("_") ? "" : out.substring(0, end);
  }

  private static boolean isAsciiLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
}
