package dev.duet.engine.internal.session;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Opaque ids of scrolls and points in time: URL-safe base64 of a kind byte, the context number
 * (which OpenSearch's "No search context found for id [N]" names), a random part so ids cannot be
 * guessed, and the first index's name (which a failure on a missing point in time reports). A
 * string that does not decode is a client's mistake (400), one that decodes but names no open
 * context is a missing context (404), as in OpenSearch.
 */
public final class SessionIds {
  static final byte PIT = 'P';
  static final byte SCROLL = 'S';

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int HEADER = 1 + Long.BYTES + Long.BYTES;

  private SessionIds() {}

  /** A decoded id. */
  record Parsed(byte kind, long context, long secret, String index) {}

  static String encode(byte kind, long context, long secret, String index) {
    byte[] name = index == null ? new byte[0] : index.getBytes(StandardCharsets.UTF_8);
    ByteBuffer buf = ByteBuffer.allocate(HEADER + name.length);
    buf.put(kind).putLong(context).putLong(secret).put(name);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(buf.array());
  }

  static long newSecret() {
    return RANDOM.nextLong();
  }

  /** The id's parts, or null when it is not an id of {@code kind}. */
  static Parsed decode(String id, byte kind) {
    byte[] bytes;
    try {
      bytes = Base64.getUrlDecoder().decode(id);
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (bytes.length < HEADER || bytes[0] != kind) {
      return null;
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes);
    buf.get();
    long context = buf.getLong();
    long secret = buf.getLong();
    String index =
        bytes.length == HEADER
            ? null
            : new String(bytes, HEADER, bytes.length - HEADER, StandardCharsets.UTF_8);
    return new Parsed(kind, context, secret, index);
  }
}
