package dev.duet.engine.internal.source;

/** OpenSearch's simple wildcard patterns: {@code *} matches any run of characters, nothing else. */
public final class Wildcards {
  private Wildcards() {}

  public static boolean matches(String pattern, String text) {
    return dev.duet.engine.mapping.Patterns.matches(pattern, text);
  }

  /** Whether some path below {@code prefix} (a dotted path) could match the pattern. */
  static boolean couldMatchBelow(String pattern, String prefix) {
    String withDot = prefix + ".";
    int star = pattern.indexOf('*');
    String literal = star < 0 ? pattern : pattern.substring(0, star);
    return literal.startsWith(withDot) || withDot.startsWith(literal) && star >= 0;
  }

  /**
   * The pattern with each run of {@code *} and {@code ?} holding a {@code *} rewritten as its
   * {@code ?}s followed by one {@code *}: the same matches, and an automaton linear in the pattern.
   */
  public static String collapseRuns(String pattern) {
    StringBuilder out = new StringBuilder(pattern.length());
    int i = 0;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if (c == '\\') {
        out.append(pattern, i, Math.min(i + 2, pattern.length()));
        i += 2;
      } else if (c == '*' || c == '?') {
        boolean star = false;
        for (;
            i < pattern.length() && (pattern.charAt(i) == '*' || pattern.charAt(i) == '?');
            i++) {
          if (pattern.charAt(i) == '*') {
            star = true;
          } else {
            out.append('?');
          }
        }
        if (star) {
          out.append('*');
        }
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
