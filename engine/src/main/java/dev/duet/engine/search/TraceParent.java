package dev.duet.engine.search;

import java.util.function.Supplier;

/**
 * A caller's W3C trace context ({@code traceparent}: {@code version-traceid-parentid-flags}),
 * accepted on both protocols (an HTTP header, gRPC metadata) and carried into the slow log. As the
 * W3C spec says, a malformed value is ignored ({@link #parse} gives null), never an error. The
 * transport wraps its engine call in {@link #whileTraced}; the engine reads it on the same thread.
 *
 * @param traceId 32 lowercase hex digits, not all zero
 * @param parentId 16 lowercase hex digits, not all zero
 * @param flags 2 hex digits ({@code 01}: sampled)
 */
public record TraceParent(String version, String traceId, String parentId, String flags) {
  /** The header's (and the gRPC metadata key's) name. */
  public static final String HEADER = "traceparent";

  private static final ThreadLocal<TraceParent> CURRENT = new ThreadLocal<>();

  /**
   * The trace context of {@code header}, or null when it is absent or malformed: a version other
   * than two lowercase hex digits or {@code ff}; version {@code 00} not exactly 55 characters, a
   * later version shorter or not followed by {@code -}; ids not lowercase hex of their length or
   * all zeros; flags not two hex digits.
   */
  public static TraceParent parse(String header) {
    if (header == null) {
      return null;
    }
    String h = header.strip();
    if (h.length() < 55
        || h.charAt(2) != '-'
        || h.charAt(35) != '-'
        || h.charAt(52) != '-'
        || !hex(h, 0, 2)
        || !hex(h, 3, 35)
        || !hex(h, 36, 52)
        || !hex(h, 53, 55)) {
      return null;
    }
    String version = h.substring(0, 2);
    if (version.equals("ff")
        || version.equals("00") && h.length() != 55
        || h.length() > 55 && h.charAt(55) != '-') {
      return null;
    }
    String traceId = h.substring(3, 35);
    String parentId = h.substring(36, 52);
    if (traceId.chars().allMatch(c -> c == '0') || parentId.chars().allMatch(c -> c == '0')) {
      return null;
    }
    return new TraceParent(version, traceId, parentId, h.substring(53, 55));
  }

  /** Runs {@code call} with {@code trace} (null: none) as this thread's trace context. */
  public static <T> T whileTraced(TraceParent trace, Supplier<T> call) {
    if (trace == null && CURRENT.get() == null) {
      return call.get();
    }
    TraceParent previous = CURRENT.get();
    CURRENT.set(trace);
    try {
      return call.get();
    } finally {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    }
  }

  /** The trace context of the engine call running on this thread; null outside one or without. */
  public static TraceParent current() {
    return CURRENT.get();
  }

  /** The header value, as it would be sent on. */
  public String header() {
    return version + "-" + traceId + "-" + parentId + "-" + flags;
  }

  private static boolean hex(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
        return false;
      }
    }
    return true;
  }
}
