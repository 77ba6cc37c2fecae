package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.NumericUtils;

/** OpenSearch's {@code double}: finite doubles as double points and sortable-long doc values. */
final class DoubleType extends NumberType {
  static final String NAME = "double";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean pointsEncodeDocValues() {
    return true;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.DOUBLE;
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
    double v = Numbers.parseDouble(p, t, NAME);
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    if (indexed && docValues) {
      out.add(new DoubleField(path, v, Field.Store.NO));
    } else if (indexed) {
      out.add(new DoublePoint(path, v));
    } else if (docValues) {
      out.add(new SortedNumericDocValuesField(path, NumericUtils.doubleToSortableLong(v)));
    }
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    double v = Numbers.toDouble(value, context);
    return range(name, field, v, v);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    if (!indexed(field)) {
      return null;
    }
    double[] doubles = new double[values.size()];
    for (int i = 0; i < doubles.length; i++) {
      doubles[i] = Numbers.toDouble(values.get(i), context);
    }
    return docValues(field)
        ? DoubleField.newSetQuery(name, doubles)
        : DoublePoint.newSetQuery(name, doubles);
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
    double lo = lower == null ? Double.NEGATIVE_INFINITY : Numbers.toDouble(lower, context);
    double hi = upper == null ? Double.POSITIVE_INFINITY : Numbers.toDouble(upper, context);
    lo = includeLower || lower == null ? lo : Math.nextUp(lo);
    hi = includeUpper || upper == null ? hi : Math.nextDown(hi);
    return range(name, field, lo, hi);
  }

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return ValueFormats.number(NumericUtils.sortableLongToDouble(raw), format);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return Double.parseDouble(value.toString());
  }

  private static Query range(String name, FieldMapping field, double lo, double hi) {
    boolean indexed = indexed(field);
    if (indexed && docValues(field)) {
      return DoubleField.newRangeQuery(name, lo, hi);
    }
    if (indexed) {
      return DoublePoint.newRangeQuery(name, lo, hi);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(
        name, NumericUtils.doubleToSortableLong(lo), NumericUtils.doubleToSortableLong(hi));
  }
}
