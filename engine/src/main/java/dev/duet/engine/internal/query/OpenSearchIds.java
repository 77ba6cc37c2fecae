package dev.duet.engine.internal.query;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.lucene.util.BytesRef;

/**
 * OpenSearch's binary form of an {@code _id} ({@code Uid.encodeId}), which its slices hash:
 * URL-safe base64 without padding is decoded, digits are packed two per byte, anything else is
 * UTF-8, each with a marker byte where the forms could collide.
 */
public final class OpenSearchIds {
  private static final int UTF8 = 0xff;
  private static final int NUMERIC = 0xfe;
  private static final int BASE64_ESCAPE = 0xfd;

  private OpenSearchIds() {}

  static BytesRef encode(String id) {
    if (isUrlBase64WithoutPadding(id)) {
      byte[] decoded = Base64.getUrlDecoder().decode(id);
      if (decoded.length > 0 && Byte.toUnsignedInt(decoded[0]) >= BASE64_ESCAPE) {
        byte[] escaped = new byte[decoded.length + 1];
        escaped[0] = (byte) BASE64_ESCAPE;
        System.arraycopy(decoded, 0, escaped, 1, decoded.length);
        return new BytesRef(escaped);
      }
      return new BytesRef(decoded);
    }
    if (isPositiveNumeric(id)) {
      byte[] packed = new byte[1 + (id.length() + 1) / 2];
      packed[0] = (byte) NUMERIC;
      for (int i = 0; i < id.length(); i += 2) {
        int high = id.charAt(i) - '0';
        int low = i + 1 == id.length() ? 0x0f : id.charAt(i + 1) - '0';
        packed[1 + i / 2] = (byte) ((high << 4) | low);
      }
      return new BytesRef(packed);
    }
    byte[] utf8 = id.getBytes(StandardCharsets.UTF_8);
    byte[] marked = new byte[utf8.length + 1];
    marked[0] = (byte) UTF8;
    System.arraycopy(utf8, 0, marked, 1, utf8.length);
    return new BytesRef(marked);
  }

  private static boolean isPositiveNumeric(String id) {
    if (id.isEmpty()) {
      return false;
    }
    for (int i = 0; i < id.length(); i++) {
      char c = id.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code id} decodes as base64 and encodes back to itself (no dropped bits). */
  private static boolean isUrlBase64WithoutPadding(String id) {
    int length = id.length();
    switch (length & 0x03) {
      case 0 -> {}
      case 1 -> {
        return false;
      }
      case 2 -> {
        char last = id.charAt(length - 1);
        if (last != 'A' && last != 'Q' && last != 'g' && last != 'w') {
          return false;
        }
      }
      default -> {
        if ("AEIMQUYcgkosw048".indexOf(id.charAt(length - 1)) < 0) {
          return false;
        }
      }
    }
    for (int i = 0; i < length; i++) {
      char c = id.charAt(i);
      boolean base64 =
          c >= 'A' && c <= 'Z'
              || c >= 'a' && c <= 'z'
              || c >= '0' && c <= '9'
              || c == '-'
              || c == '_';
      if (!base64) {
        return false;
      }
    }
    return true;
  }
}
