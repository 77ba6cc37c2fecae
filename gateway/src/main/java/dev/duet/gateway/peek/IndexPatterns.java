package dev.duet.gateway.peek;

import java.util.ArrayList;
import java.util.List;

/**
 * Index-name globbing for authorization. A tenant's pattern grants a requested expression only if
 * it grants every index the expression could ever name: a {@code *} in the request is matched by a
 * {@code *} in the pattern alone, so {@code a-*} grants {@code a-logs} and {@code a-l*} but not
 * {@code *} or {@code a*}.
 */
public final class IndexPatterns {
  private IndexPatterns() {}

  /**
   * Splits a comma-separated index expression; an empty one, or {@code _all}, means every index and
   * becomes {@code *}.
   */
  public static List<String> split(String expression) {
    List<String> out = new ArrayList<>();
    if (expression == null || expression.isEmpty()) {
      out.add("*");
      return out;
    }
    for (String part : expression.split(",", -1)) {
      out.add(part.isEmpty() || part.equals("_all") ? "*" : part);
    }
    return out;
  }

  /** Whether any of {@code patterns} grants {@code requested}. */
  public static boolean anyCovers(List<String> patterns, String requested) {
    String name = requested.isEmpty() || requested.equals("_all") ? "*" : requested;
    for (String pattern : patterns) {
      if (covers(pattern, name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Glob match of {@code requested} against {@code pattern} where a pattern {@code *} matches any
   * run of characters (wildcards included) and any other pattern character matches only itself —
   * never a requested {@code *}.
   */
  public static boolean covers(String pattern, String requested) {
    int p = 0;
    int r = 0;
    int starP = -1;
    int starR = 0;
    while (r < requested.length()) {
      if (p < pattern.length() && pattern.charAt(p) == '*') {
        starP = p++;
        starR = r;
      } else if (p < pattern.length()
          && pattern.charAt(p) == requested.charAt(r)
          && requested.charAt(r) != '*') {
        p++;
        r++;
      } else if (starP >= 0) {
        p = starP + 1;
        r = ++starR;
      } else {
        return false;
      }
    }
    while (p < pattern.length() && pattern.charAt(p) == '*') {
      p++;
    }
    return p == pattern.length();
  }
}
