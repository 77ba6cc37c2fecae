package dev.duet.engine.internal.document;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Document ids and index uuids as OpenSearch makes them: auto ids are 20-character URL-safe base64
 * of 15 bytes (sequence, time, a per-process node id) laid out so that ids made close together
 * share prefixes; index uuids are 22-character random base64.
 */
public final class TimeBasedIds {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final byte[] NODE = randomBytes(6);
  private static final AtomicInteger SEQUENCE = new AtomicInteger(RANDOM.nextInt());
  private static final AtomicLong LAST_TIMESTAMP = new AtomicLong();

  private TimeBasedIds() {}

  public static String nextId() {
    int sequenceId = SEQUENCE.incrementAndGet() & 0xffffff;
    long timestamp =
        LAST_TIMESTAMP.updateAndGet(
            last -> {
              long now = System.currentTimeMillis();
              long next = Math.max(last, now);
              return sequenceId == 0 ? next + 1 : next;
            });
    byte[] b = new byte[15];
    int i = 0;
    b[i++] = (byte) sequenceId;
    b[i++] = (byte) (sequenceId >>> 16);
    b[i++] = (byte) (timestamp >>> 16);
    b[i++] = (byte) (timestamp >>> 24);
    b[i++] = (byte) (timestamp >>> 32);
    b[i++] = (byte) (timestamp >>> 40);
    System.arraycopy(NODE, 0, b, i, NODE.length);
    i += NODE.length;
    b[i++] = (byte) (timestamp >>> 8);
    b[i++] = (byte) (sequenceId >>> 8);
    b[i] = (byte) timestamp;
    return ENCODER.encodeToString(b);
  }

  public static String indexUuid() {
    byte[] b = randomBytes(16);
    b[6] &= 0x0f; // version 4, as a random UUID
    b[6] |= 0x40;
    b[8] &= 0x3f;
    b[8] |= (byte) 0x80;
    return ENCODER.encodeToString(b);
  }

  private static byte[] randomBytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }
}
