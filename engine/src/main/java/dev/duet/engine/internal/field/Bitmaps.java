package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.longlong.LongIterator;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The base64 serialized RoaringBitmaps of {@code terms} with {@code value_type: bitmap}: 32-bit
 * ones for {@code integer} fields, 64-bit ones (the portable format) for {@code long} fields, read
 * as OpenSearch reads them.
 */
final class Bitmaps {
  private Bitmaps() {}

  /** The integers of a 32-bit bitmap, sorted as signed numbers. */
  static long[] ints(String base64, QueryContext context) {
    RoaringBitmap bitmap = new RoaringBitmap();
    try {
      bitmap.deserialize(ByteBuffer.wrap(Base64.getDecoder().decode(base64)));
    } catch (IOException | RuntimeException e) {
      throw failure("Failed to deserialize the bitmap.", context);
    }
    long[] set = new long[bitmap.getCardinality()];
    int i = 0;
    for (int v : bitmap) {
      set[i++] = v;
    }
    Arrays.sort(set); // the bitmap iterates unsigned: negative integers come last
    return set;
  }

  /** The longs of a 64-bit bitmap, sorted as signed numbers. */
  static long[] longs(String base64, QueryContext context) {
    Roaring64NavigableMap bitmap = new Roaring64NavigableMap();
    try {
      byte[] bytes = Base64.getDecoder().decode(base64);
      bitmap.deserializePortable(new DataInputStream(new ByteArrayInputStream(bytes)));
    } catch (IOException | RuntimeException e) {
      throw failure("Failed to deserialize the 64-bit bitmap.", context);
    }
    long cardinality = bitmap.getLongCardinality();
    if (cardinality > Integer.MAX_VALUE - 8) {
      throw failure("Failed to deserialize the 64-bit bitmap.", context);
    }
    long[] set = new long[(int) cardinality];
    int i = 0;
    for (LongIterator it = bitmap.getLongIterator(); it.hasNext(); ) {
      set[i++] = it.next();
    }
    Arrays.sort(set);
    return set;
  }

  private static DuetException failure(String reason, QueryContext context) {
    return context.failure(
        "failed to create query: " + reason, DuetException.illegalArgument(reason));
  }
}
