package dev.duet.gateway.observe;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/**
 * W3C trace context for one hop through the gateway: the caller's trace id (or a new one when the
 * caller sent none or a malformed one), and a new span id for the gateway's hop, which becomes the
 * parent the upstream sees.
 */
public record TraceParent(String traceId, String parentSpanId, String spanId, String flags) {
  public static final String HEADER = "traceparent";
  private static final Pattern FORMAT =
      Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})");
  private static final String ZERO_TRACE = "0".repeat(32);
  private static final String ZERO_SPAN = "0".repeat(16);

  /** Continues the caller's trace from its {@code traceparent} header, or starts one. */
  public static TraceParent continueOrStart(String header) {
    if (header != null) {
      var m = FORMAT.matcher(header.trim());
      if (m.matches() && !m.group(1).equals(ZERO_TRACE) && !m.group(2).equals(ZERO_SPAN)) {
        return new TraceParent(m.group(1), m.group(2), randomHex(8), m.group(3));
      }
    }
    return new TraceParent(randomHex(16), null, randomHex(8), "01");
  }

  /** The header to send upstream: same trace, the gateway's span as parent. */
  public String header() {
    return "00-" + traceId + "-" + spanId + "-" + flags;
  }

  private static String randomHex(int bytes) {
    byte[] b = new byte[bytes];
    ThreadLocalRandom.current().nextBytes(b);
    b[0] |= 1; // never all zeros, which W3C reserves as invalid
    return HexFormat.of().formatHex(b);
  }
}
