package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FloatField;
import org.apache.lucene.document.FloatPoint;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.NumericUtils;

/** OpenSearch's {@code float}: finite floats as float points and sortable-int doc values. */
class FloatType extends NumberType {
  static final String NAME = "float";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.FLOAT;
  }

  /** A JSON value as the float this type keeps. */
  float parse(JsonParser p, JsonToken t) throws IOException {
    double v = Numbers.parseDouble(p, t, name());
    if (Float.isInfinite((float) v)) {
      throw DuetException.illegalArgument(
          "[" + name() + "] supports only finite values, but got [" + (float) v + "]");
    }
    return (float) v;
  }

  /** A query's value as the float this type compares. */
  float queryValue(Object value, QueryContext context) {
    return (float) Numbers.toDouble(value, context);
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    float v = parse(p, t);
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    if (indexed && docValues) {
      out.add(new FloatField(path, v, Field.Store.NO));
    } else if (indexed) {
      out.add(new FloatPoint(path, v));
    } else if (docValues) {
      out.add(new SortedNumericDocValuesField(path, NumericUtils.floatToSortableInt(v)));
    }
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    float v = queryValue(value, context);
    return range(name, field, v, v);
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
    float lo = lower == null ? Float.NEGATIVE_INFINITY : (float) Numbers.toDouble(lower, context);
    float hi = upper == null ? Float.POSITIVE_INFINITY : (float) Numbers.toDouble(upper, context);
    lo = includeLower || lower == null ? lo : Math.nextUp(lo);
    hi = includeUpper || upper == null ? hi : Math.nextDown(hi);
    return range(name, field, lo, hi);
  }

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return ValueFormats.number(NumericUtils.sortableIntToFloat((int) raw), format);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return Float.parseFloat(value.toString());
  }

  /** The query for floats in {@code [lo, hi]}, on points, doc values or both. */
  static Query range(String name, FieldMapping field, float lo, float hi) {
    boolean indexed = indexed(field);
    if (indexed && docValues(field)) {
      return FloatField.newRangeQuery(name, lo, hi);
    }
    if (indexed) {
      return FloatPoint.newRangeQuery(name, lo, hi);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(
        name, NumericUtils.floatToSortableInt(lo), NumericUtils.floatToSortableInt(hi));
  }
}
