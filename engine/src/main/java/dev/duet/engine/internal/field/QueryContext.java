package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;

/**
 * What building a query on a field needs from the index and the request (the role of OpenSearch's
 * {@code QueryShardContext}): normalizers, the request's clock for date math, and the index's
 * {@code query_shard_exception}.
 */
public interface QueryContext {
  /** A keyword value through the field's {@code normalizer}; the value itself when it has none. */
  String normalize(String field, String value);

  /**
   * Date math ({@code now-1d/d}, a date with {@code ||+1M}) in epoch millis, rounded up or down;
   * {@code now} is the request's clock.
   */
  long parseDateMath(String text, DateFormats formats, boolean roundUp);

  /** OpenSearch's {@code query_shard_exception} for this index, with its cause (or null). */
  DuetException failure(String reason, DuetException cause);
}
