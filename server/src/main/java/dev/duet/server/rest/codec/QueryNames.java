package dev.duet.server.rest.codec;

import java.util.ArrayDeque;

/**
 * The {@code _name} of the query being decoded: {@link QueryDecoder#parse} opens a slot for each
 * query object it reads, the decoder of that query's body puts the name it meets there, and parse
 * wraps the query it built in {@link dev.duet.engine.search.Query.Named}. Queries nest, so the
 * slots are a stack, one per decoding thread.
 */
final class QueryNames {
  private static final ThreadLocal<ArrayDeque<String[]>> SLOTS =
      ThreadLocal.withInitial(ArrayDeque::new);

  private QueryNames() {}

  static void open() {
    SLOTS.get().push(new String[1]);
  }

  /** Closes the innermost slot; the name put in it, or null. */
  static String close() {
    return SLOTS.get().pop()[0];
  }

  /** The innermost query being decoded is named {@code name}. */
  static void name(Object name) {
    String[] slot = SLOTS.get().peek();
    if (slot != null && name != null) {
      slot[0] = String.valueOf(name);
    }
  }
}
