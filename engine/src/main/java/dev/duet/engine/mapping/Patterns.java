package dev.duet.engine.mapping;

/**
 * OpenSearch's simple wildcard patterns over index, alias and setting names: {@code *} matches any
 * run of characters, nothing else.
 */
public final class Patterns {
  private Patterns() {}

  public static boolean matches(String pattern, String text) {
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
}
