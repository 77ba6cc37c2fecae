package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's {@code integer}: whole numbers from {@code Integer.MIN_VALUE} to {@code
 * Integer.MAX_VALUE}.
 */
final class IntegerType extends WholeNumberType {
  static final String NAME = "integer";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long min() {
    return Integer.MIN_VALUE;
  }

  @Override
  long max() {
    return Integer.MAX_VALUE;
  }

  @Override
  String article() {
    return "an integer";
  }

  @Override
  public Query bitmapQuery(String name, FieldMapping field, String bitmap, QueryContext context) {
    long[] set = Bitmaps.ints(bitmap, context);
    return set.length == 0 ? new MatchNoDocsQuery("empty bitmap") : setQuery(name, field, set);
  }

  @Override
  long readInteger(JsonParser p) throws IOException {
    return p.getIntValue(); // Jackson's own range error, as OpenSearch reports it
  }
}
