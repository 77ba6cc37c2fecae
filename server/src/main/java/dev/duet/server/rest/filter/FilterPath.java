package dev.duet.server.rest.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code filter_path} entry as a chain of segments, matched one property name at a time: a
 * literal name, a simple pattern with {@code *} (any part of one name, {@code *} alone any one
 * name) or {@code **} (one or more levels). {@code \.} is a dot inside a name, as in a {@code _cat}
 * column like {@code docs\.count}.
 */
final class FilterPath {
  /** What follows the last segment: reaching it means the path matched. */
  private static final FilterPath END = new FilterPath("", null);

  private final String segment;
  private final FilterPath next;
  private final boolean anyName;
  private final boolean anyDepth;

  private FilterPath(String segment, FilterPath next) {
    this.segment = segment;
    this.next = next;
    this.anyName = segment.equals("*");
    this.anyDepth = segment.equals("**");
  }

  /** The trimmed, non-empty paths among {@code filters}, compiled; empty ones are dropped. */
  static List<FilterPath> compile(List<String> filters) {
    List<FilterPath> paths = new ArrayList<>(filters.size());
    for (String filter : filters) {
      String trimmed = filter.trim();
      if (!trimmed.isEmpty()) {
        paths.add(parse(trimmed));
      }
    }
    return paths;
  }

  private static FilterPath parse(String path) {
    int end = path.length();
    for (int i = 0; i < end; i++) {
      char c = path.charAt(i);
      if (c == '\\' && i + 1 < end && path.charAt(i + 1) == '.') {
        i++;
      } else if (c == '.') {
        return new FilterPath(unescape(path.substring(0, i)), parse(path.substring(i + 1)));
      }
    }
    return new FilterPath(unescape(path), END);
  }

  private static String unescape(String segment) {
    return segment.replace("\\.", ".");
  }

  /** What is left of the path once this segment matched {@code name}; null when it does not. */
  FilterPath matchProperty(String name) {
    if (next != null && (anyName || anyDepth || simpleMatch(segment, name))) {
      return next;
    }
    return null;
  }

  /** True when nothing is left of the path: the property just matched is selected whole. */
  boolean matches() {
    return next == null;
  }

  /** {@code **} stays in play below the property it matched, since it spans any depth. */
  boolean isAnyDepth() {
    return anyDepth;
  }

  /** A pattern where each {@code *} stands for any run of characters, others for themselves. */
  static boolean simpleMatch(String pattern, String name) {
    int star = pattern.indexOf('*');
    if (star < 0) {
      return pattern.equals(name);
    }
    if (!name.startsWith(pattern.substring(0, star))) {
      return false;
    }
    // Each middle part at its leftmost place after the previous one, then the tail at the end.
    int at = star;
    String rest = pattern.substring(star + 1);
    for (int nextStar = rest.indexOf('*'); nextStar >= 0; nextStar = rest.indexOf('*')) {
      String part = rest.substring(0, nextStar);
      int found = name.indexOf(part, at);
      if (found < 0) {
        return false;
      }
      at = found + part.length();
      rest = rest.substring(nextStar + 1);
    }
    return name.length() - rest.length() >= at && name.endsWith(rest);
  }
}
