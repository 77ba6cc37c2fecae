package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.NumericUtils;

/**
 * OpenSearch's {@code scaled_float}: a double multiplied by the field's {@code scaling_factor}
 * (required, positive) and rounded to a long; term and range queries scale and round their values
 * as OpenSearch does, so they match the same documents.
 *
 * <p>The field keeps the value that scaled long stands for ({@code scaled / scaling_factor}, one
 * double per long) in double points and doc values, not the long itself: Lucene's doc-values range
 * query consults the same-named points assuming one encoding for both, and sorts and aggregations
 * read doc values by {@link DocValuesType} alone, without the field's factor, so both hold what
 * {@code double}'s hold.
 */
final class ScaledFloatType extends NumberType {
  static final String NAME = "scaled_float";
  static final String SCALING_FACTOR = "scaling_factor";

  private static final Set<String> PARAMETERS =
      Set.of("null_value", "coerce", "ignore_malformed", "boost", SCALING_FACTOR);
  private static final List<String> ORDER =
      List.of(
          "index",
          "doc_values",
          "store",
          "ignore_malformed",
          "meta",
          SCALING_FACTOR,
          "coerce",
          "null_value",
          "boost");

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return PARAMETERS;
  }

  @Override
  public List<String> parameterOrder() {
    return ORDER;
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("index", "doc_values", "store", SCALING_FACTOR, "null_value");
  }

  /** Checks only that the required {@code scaling_factor} is there; the common rules parse. */
  @Override
  public FieldMapping parseField(String name, Map<?, ?> node) {
    if (node.get(SCALING_FACTOR) == null) {
      throw DuetException.illegalArgument("Field [" + SCALING_FACTOR + "] is required");
    }
    return null;
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (!key.equals(SCALING_FACTOR)) {
      return value;
    }
    double factor;
    try {
      factor =
          value instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(value));
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "number_format_exception", "For input string: \"" + value + "\"");
    }
    if (!(factor > 0) || Double.isInfinite(factor)) {
      throw DuetException.illegalArgument(
          "[" + SCALING_FACTOR + "] must be a positive number, got [" + factor + "]");
    }
    return factor;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.DOUBLE;
  }

  // ---- indexing

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    double v = value(Math.round(parse(p, t) * factor(field)), field);
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

  private static double parse(JsonParser p, JsonToken t) throws IOException {
    double v;
    if (t == JsonToken.VALUE_STRING) {
      try {
        v = Double.parseDouble(p.getText().trim());
      } catch (NumberFormatException e) {
        throw new DuetException(
            400, "number_format_exception", "For input string: \"" + p.getText() + "\"");
      }
    } else {
      v = p.getDoubleValue(); // Jackson's own error for booleans, as OpenSearch reports it
    }
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      throw DuetException.illegalArgument(
          "[" + NAME + "] only supports finite values, but got [" + v + "]");
    }
    return v;
  }

  // ---- queries

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    long scaled = Math.round(Numbers.toDouble(value, context) * factor(field));
    return range(name, field, scaled, scaled);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    if (!indexed(field)) {
      return null;
    }
    double[] doubles = new double[values.size()];
    for (int i = 0; i < doubles.length; i++) {
      doubles[i] =
          value(Math.round(Numbers.toDouble(values.get(i), context) * factor(field)), field);
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
    // OpenSearch's rounding: the scaled bounds move inwards to the nearest whole scaled values.
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    if (lower != null) {
      double d = Numbers.toDouble(lower, context) * factor(field);
      lo = Math.round(Math.ceil(includeLower ? d : Math.nextUp(d)));
    }
    if (upper != null) {
      double d = Numbers.toDouble(upper, context) * factor(field);
      hi = Math.round(Math.floor(includeUpper ? d : Math.nextDown(d)));
    }
    if (lo > hi) {
      return new MatchNoDocsQuery("empty range");
    }
    return range(name, field, lo, hi);
  }

  // ---- values shown in a hit

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return ValueFormats.number(NumericUtils.sortableLongToDouble(raw), format);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value(Math.round(Double.parseDouble(value.toString()) * factor(field)), field);
  }

  /** The query for scaled values in {@code [lo, hi]}: on points, doc values or both. */
  private static Query range(String name, FieldMapping field, long lo, long hi) {
    double from = lo == Long.MIN_VALUE ? Double.NEGATIVE_INFINITY : value(lo, field);
    double to = hi == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : value(hi, field);
    boolean indexed = indexed(field);
    if (indexed && docValues(field)) {
      return DoubleField.newRangeQuery(name, from, to);
    }
    if (indexed) {
      return DoublePoint.newRangeQuery(name, from, to);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(
        name, NumericUtils.doubleToSortableLong(from), NumericUtils.doubleToSortableLong(to));
  }

  /** The value a scaled long stands for. */
  private static double value(long scaled, FieldMapping field) {
    return scaled / factor(field);
  }

  private static double factor(FieldMapping field) {
    Object f = field.params().get(SCALING_FACTOR);
    return f instanceof Number n ? n.doubleValue() : Double.parseDouble(String.valueOf(f));
  }
}
