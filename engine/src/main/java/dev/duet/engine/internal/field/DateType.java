package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's {@code date}: values parsed by the field's {@code format} into epoch millis, kept as
 * long points and doc values; queries take date math with rounding; values show in the request's or
 * the field's format.
 */
final class DateType extends FieldType {
  static final String NAME = "date";
  private static final Set<String> PARAMETERS =
      Set.of("format", "print_format", "null_value", "ignore_malformed", "boost");

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
    return List.of(
        "index",
        "doc_values",
        "store",
        "format",
        "print_format",
        "null_value",
        "ignore_malformed",
        "boost");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("index", "doc_values", "store", "format", "null_value");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (!key.equals("format")) {
      return value;
    }
    String format = String.valueOf(value);
    DateFormats.of(format); // a format it cannot read is refused with the mapping
    return format;
  }

  @Override
  public boolean pointsEncodeDocValues() {
    return true;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.DATE;
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
    WholeNumberType.addLong(out, path, field, parse(p, t, field));
  }

  private static long parse(JsonParser p, JsonToken t, FieldMapping field) throws IOException {
    DateFormats formats = formats(field, null);
    if (t == JsonToken.VALUE_NUMBER_INT && formats.format().contains("epoch_millis")) {
      return p.getLongValue();
    }
    if (t == JsonToken.VALUE_NUMBER_FLOAT && formats.format().contains("epoch_millis")) {
      return (long) Math.floor(p.getDoubleValue());
    }
    return formats.parseMillis(p.getText(), false);
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    return rangeQuery(name, field, value, value, true, true, null, context);
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
    DateFormats formats = formats(field, format);
    long lo = Long.MIN_VALUE;
    long hi = Long.MAX_VALUE;
    if (lower != null) {
      lo =
          includeLower
              ? parse(formats, lower, false, context)
              : parse(formats, lower, true, context) + 1;
    }
    if (upper != null) {
      hi =
          includeUpper
              ? parse(formats, upper, true, context)
              : parse(formats, upper, false, context) - 1;
    }
    return WholeNumberType.longRange(name, field, lo, hi);
  }

  @Override
  public Query distanceFeatureQuery(
      String name,
      FieldMapping field,
      Object origin,
      String pivot,
      float boost,
      QueryContext context) {
    requireIndexed(name, field, context);
    long at = parse(formats(field, null), origin, false, context);
    long pivotMillis = Math.max(1, TimeValues.nanos(pivot, context) / 1_000_000);
    return org.apache.lucene.document.LongField.newDistanceFeatureQuery(
        name, boost, at, pivotMillis);
  }

  private static long parse(
      DateFormats formats, Object value, boolean roundUp, QueryContext context) {
    // A number goes through the formats as its text, as OpenSearch's does: 2019 is the year 2019
    // under strict_date_optional_time, before epoch_millis reads it.
    String text = String.valueOf(value);
    try {
      return context.parseDateMath(text, formats, roundUp);
    } catch (DuetException e) {
      if (value instanceof Number n && formats.format().contains("epoch_millis")) {
        return n.longValue();
      }
      throw new DuetException(
          400, "parse_exception", e.reason() + ": [" + e.reason() + "]", Map.of(), e);
    }
  }

  @Override
  public Long searchAfterValue(String text, FieldMapping field) {
    try {
      return formats(field, null).parseMillis(text, false);
    } catch (RuntimeException e) {
      return null;
    }
  }

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return ValueFormats.date(raw, field, format);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    long millis =
        value instanceof Number n
            ? n.longValue()
            : formats(field, null).parseMillis(value.toString(), false);
    return ValueFormats.date(millis, field, format);
  }

  @Override
  public boolean formatsSourceValues() {
    return true;
  }

  /** The request's format if it gives one, else the field's own. */
  static DateFormats formats(FieldMapping field, String format) {
    Object own = field.params().get("format");
    return DateFormats.of(format != null ? format : own == null ? null : own.toString());
  }
}
