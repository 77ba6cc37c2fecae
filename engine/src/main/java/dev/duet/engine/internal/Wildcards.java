package dev.duet.engine.internal;

/** OpenSearch's simple wildcard patterns: {@code *} matches any run of characters, nothing else. */
final class Wildcards {
  private Wildcards() {}

  static boolean matches(String pattern, String text) {
    return dev.duet.engine.index.Patterns.matches(pattern, text);
  }

  /** Whether some path below {@code prefix} (a dotted path) could match the pattern. */
  static boolean couldMatchBelow(String pattern, String prefix) {
    String withDot = prefix + ".";
    int star = pattern.indexOf('*');
    String literal = star < 0 ? pattern : pattern.substring(0, star);
    return literal.startsWith(withDot) || withDot.startsWith(literal) && star >= 0;
  }
}
