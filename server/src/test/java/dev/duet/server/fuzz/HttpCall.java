package dev.duet.server.fuzz;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * One fuzzed REST request: what is sent, and the route it was built for (the failure class groups
 * by route, since a random path is its own route).
 */
record HttpCall(String method, String path, String contentType, byte[] body, String route) {
  private static final int SHOWN_BODY_BYTES = 1_500;

  /** The request as curl would send it; invalid UTF-8 is shown as {@code \xNN}. */
  @Override
  public String toString() {
    StringBuilder out =
        new StringBuilder("curl -X")
            .append(method)
            .append(" 'localhost:9200")
            .append(path)
            .append('\'');
    if (contentType != null) {
      out.append(" -H 'content-type: ").append(contentType).append('\'');
    }
    if (body != null) {
      out.append(" --data-binary '").append(shown(body)).append('\'');
    }
    return out.toString();
  }

  static String shown(byte[] bytes) {
    int n = Math.min(bytes.length, SHOWN_BODY_BYTES);
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes, 0, n))
              .toString();
    } catch (CharacterCodingException e) {
      StringBuilder hex = new StringBuilder();
      for (int i = 0; i < n; i++) {
        int b = bytes[i] & 0xff;
        if (b >= 0x20 && b < 0x7f) {
          hex.append((char) b);
        } else if (b == '\n') {
          hex.append("\\n");
        } else {
          hex.append(String.format(java.util.Locale.ROOT, "\\x%02x", b));
        }
      }
      text = hex.toString();
    }
    return n < bytes.length ? text + "…(" + bytes.length + " bytes)" : text;
  }
}
