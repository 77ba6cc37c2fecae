package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's {@code long}: whole numbers from {@code Long.MIN_VALUE} to {@code Long.MAX_VALUE}.
 */
final class LongType extends WholeNumberType {
  static final String NAME = "long";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long min() {
    return Long.MIN_VALUE;
  }

  @Override
  long max() {
    return Long.MAX_VALUE;
  }

  @Override
  String article() {
    return "a long";
  }

  @Override
  public Query bitmapQuery(String name, FieldMapping field, String bitmap, QueryContext context) {
    long[] set = Bitmaps.longs(bitmap, context);
    return set.length == 0 ? new MatchNoDocsQuery("empty bitmap") : setQuery(name, field, set);
  }

  @Override
  long readInteger(JsonParser p) throws IOException {
    return p.getLongValue();
  }

  @Override
  DuetException notANumber(String reason) {
    return DuetException.illegalArgument(reason);
  }
}
