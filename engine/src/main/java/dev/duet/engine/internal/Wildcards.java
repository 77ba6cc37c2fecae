package dev.duet.engine.internal;

/** OpenSearch's simple wildcard patterns: {@code *} matches any run of characters, nothing else. */
final class Wildcards {
  private Wildcards() {}

  static boolean matches(String pattern, String text) {
    return matches(pattern, 0, text, 0);
  }

  private static boolean matches(String pattern, int p, String text, int t) {
    while (p < pattern.length()) {
      char c = pattern.charAt(p);
      if (c == '*') {
        while (p < pattern.length() && pattern.charAt(p) == '*') {
          p++;
        }
        if (p == pattern.length()) {
          return true;
        }
        for (int i = t; i <= text.length(); i++) {
          if (matches(pattern, p, text, i)) {
            return true;
          }
        }
        return false;
      }
      if (t >= text.length() || text.charAt(t) != c) {
        return false;
      }
      p++;
      t++;
    }
    return t == text.length();
  }

  /** Whether some path below {@code prefix} (a dotted path) could match the pattern. */
  static boolean couldMatchBelow(String pattern, String prefix) {
    String withDot = prefix + ".";
    int star = pattern.indexOf('*');
    String literal = star < 0 ? pattern : pattern.substring(0, star);
    return literal.startsWith(withDot) || withDot.startsWith(literal) && star >= 0;
  }
}
