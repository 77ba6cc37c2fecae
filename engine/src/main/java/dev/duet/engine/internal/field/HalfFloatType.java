package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import org.apache.lucene.sandbox.document.HalfFloatPoint;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.NumericUtils;

/**
 * OpenSearch's {@code half_float}: a float rounded to 16-bit precision (values past ±65504 are
 * refused), kept as the float it rounds to; a query's value is rounded the same way, and range
 * bounds move to the half floats just inside them, as OpenSearch's {@code HalfFloatPoint} queries
 * do. Aggregations and {@code docvalue_fields} show the value widened to a double.
 */
final class HalfFloatType extends FloatType {
  static final String NAME = "half_float";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  float parse(JsonParser p, JsonToken t) throws IOException {
    float v = (float) Numbers.parseDouble(p, t, NAME);
    float rounded = round(v);
    if (Float.isInfinite(rounded)) {
      throw DuetException.illegalArgument(
          "[" + NAME + "] supports only finite values, but got [" + v + "]");
    }
    return rounded;
  }

  @Override
  public boolean sortsIndex() {
    return false; // OpenSearch refuses half floats as an index sort
  }

  @Override
  float queryValue(Object value, QueryContext context) {
    return round((float) Numbers.toDouble(value, context));
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    float lo = Float.NEGATIVE_INFINITY;
    float hi = Float.POSITIVE_INFINITY;
    if (lower != null) {
      lo = (float) Numbers.toDouble(lower, context);
      lo = HalfFloatPoint.nextUp(includeLower ? HalfFloatPoint.nextDown(lo) : lo);
    }
    if (upper != null) {
      hi = (float) Numbers.toDouble(upper, context);
      hi = HalfFloatPoint.nextDown(includeUpper ? HalfFloatPoint.nextUp(hi) : hi);
    }
    return range(name, field, lo, hi);
  }

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return ValueFormats.number((double) NumericUtils.sortableIntToFloat((int) raw), format);
  }

  private static float round(float v) {
    return HalfFloatPoint.sortableShortToHalfFloat(HalfFloatPoint.halfFloatToSortableShort(v));
  }
}
