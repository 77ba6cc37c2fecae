package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's {@code date_nanos}: a date kept to the nanosecond as epoch nanoseconds in long
 * points and doc values, so only dates from 1970 to 2262-04-11T23:47:16.854775807 fit. Sort values
 * are the nanoseconds; {@code docvalue_fields} formats show them at the format's precision ({@code
 * epoch_millis} with a fraction); aggregations see epoch millis, as OpenSearch's date histogram on
 * a {@code date_nanos} field does. Queries take date math, to the millisecond.
 */
final class DateNanosType extends FieldType {
  static final String NAME = "date_nanos";
  private static final String DEFAULT_FORMAT = "strict_date_optional_time_nanos||epoch_millis";
  private static final java.util.regex.Pattern FRACTION =
      java.util.regex.Pattern.compile("[T ]\\d{1,2}:\\d{2}:\\d{2}[.,](\\d+)");
  private static final java.util.regex.Pattern EPOCH_FRACTION =
      java.util.regex.Pattern.compile("^-?\\d+\\.(\\d+)$");
  private static final DateTimeFormatter ISO_MILLIS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSX", Locale.ROOT)
          .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter ISO_NANOS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSSX", Locale.ROOT)
          .withZone(ZoneOffset.UTC);
  private static final Set<String> PARAMETERS =
      Set.of("format", "print_format", "null_value", "ignore_malformed", "boost", "locale");

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
        "locale",
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
    DateFormats.of(millisFormat(format)); // a format it cannot read is refused with the mapping
    return format;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.DATE_NANOS;
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
    WholeNumberType.addLong(out, path, field, parse(p.getText(), field));
  }

  @Override
  public Long searchAfterValue(String text, FieldMapping field) {
    try {
      return parse(text, field);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Epoch nanoseconds of a document's date, refused outside the range nanoseconds can hold. */
  static long parse(String text, FieldMapping field) {
    DateFormats formats = formats(field, null);
    long millis = formats.parseMillis(text, false);
    if (millis < 0) {
      throw DuetException.illegalArgument(
          "date["
              + text
              + "] is before the epoch in 1970 and cannot be stored in nanosecond resolution");
    }
    long fraction = nanosOfMilli(text);
    if (millis > Long.MAX_VALUE / 1_000_000 || millis * 1_000_000 > Long.MAX_VALUE - fraction) {
      throw DuetException.illegalArgument(
          "date["
              + text
              + "] is after 2262-04-11T23:47:16.854775807 and cannot be stored in nanosecond"
              + " resolution");
    }
    return millis * 1_000_000 + fraction;
  }

  /** The nanoseconds past the millisecond that a date's text gives (0 when it gives none). */
  private static long nanosOfMilli(String text) {
    Matcher m = FRACTION.matcher(text);
    String digits = null;
    if (m.find()) {
      digits = m.group(1);
    } else {
      Matcher e = EPOCH_FRACTION.matcher(text.trim());
      if (e.matches()) {
        // epoch_millis with a fraction: the fraction's digits are of a millisecond
        String d = (e.group(1) + "000000").substring(0, 6);
        return Long.parseLong(d);
      }
    }
    if (digits == null || digits.length() <= 3) {
      return 0;
    }
    String nanos = (digits + "000000000").substring(0, 9);
    return Long.parseLong(nanos.substring(3));
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
      long millis = millis(formats, lower, !includeLower, context);
      lo = includeLower ? toNanos(millis, false) : toNanos(millis, true) + 1;
    }
    if (upper != null) {
      long millis = millis(formats, upper, includeUpper, context);
      hi = includeUpper ? toNanos(millis, true) : toNanos(millis, false) - 1;
    }
    return WholeNumberType.longRange(name, field, lo, hi);
  }

  /** A millisecond as nanoseconds: its first, or its last ({@code end}), clamped to the range. */
  private static long toNanos(long millis, boolean end) {
    if (millis < 0) {
      return end ? -1 : 0;
    }
    if (millis > Long.MAX_VALUE / 1_000_000) {
      return Long.MAX_VALUE;
    }
    return millis * 1_000_000 + (end ? 999_999 : 0);
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
    long at;
    try {
      at = parse(String.valueOf(origin), field);
    } catch (DuetException e) {
      throw context.failure("failed to create query: " + e.reason(), e);
    }
    return org.apache.lucene.document.LongField.newDistanceFeatureQuery(
        name, boost, at, Math.max(1, TimeValues.nanos(pivot, context)));
  }

  private static long millis(
      DateFormats formats, Object value, boolean roundUp, QueryContext context) {
    if (value instanceof Number n && formats.format().contains("epoch_millis")) {
      return n.longValue();
    }
    String text = String.valueOf(value);
    try {
      return context.parseDateMath(text, formats, roundUp);
    } catch (DuetException e) {
      throw new DuetException(
          400, "parse_exception", e.reason() + ": [" + e.reason() + "]", Map.of(), e);
    }
  }

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return format(raw, field, format);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return format(parse(String.valueOf(value), field), field, format);
  }

  @Override
  public boolean formatsSourceValues() {
    return true;
  }

  /** Epoch nanoseconds as the request's format (or the field's) shows them. */
  static String format(long nanos, FieldMapping field, String format) {
    String pattern = format;
    if (pattern == null || pattern.equals("use_field_mapping")) {
      Object own = field.params().get("format");
      // OpenSearch shows a date_nanos of the default format to the millisecond.
      pattern = own == null ? "strict_date_optional_time" : own.toString();
    }
    String first = pattern.split("\\|\\|")[0].trim();
    Instant instant = Instant.ofEpochSecond(nanos / 1_000_000_000L, nanos % 1_000_000_000L);
    return switch (first) {
      case "epoch_millis" -> {
        long millis = nanos / 1_000_000;
        long rest = nanos % 1_000_000;
        if (rest == 0) {
          yield Long.toString(millis);
        }
        String fraction = String.format(Locale.ROOT, "%06d", rest).replaceAll("0+$", "");
        yield millis + "." + fraction;
      }
      case "epoch_second" -> Long.toString(nanos / 1_000_000_000L);
      case "strict_date_optional_time", "date_optional_time", "strict_date_time", "date_time" ->
          ISO_MILLIS.format(instant);
      case "strict_date_optional_time_nanos", "date_optional_time_nanos" ->
          ISO_NANOS.format(instant);
      default -> {
        try {
          yield DateTimeFormatter.ofPattern(first, Locale.ROOT)
              .withZone(ZoneOffset.UTC)
              .format(instant);
        } catch (IllegalArgumentException e) {
          throw DuetException.illegalArgument("Invalid format: [" + first + "]: " + e.getMessage());
        }
      }
    };
  }

  /** The request's format if it gives one, else the field's own, read to the millisecond. */
  private static DateFormats formats(FieldMapping field, String format) {
    Object own = field.params().get("format");
    String f = format != null ? format : own == null ? DEFAULT_FORMAT : own.toString();
    return DateFormats.of(millisFormat(f));
  }

  /** A nanosecond format as the millisecond parser reads it (the ISO parser takes any fraction). */
  private static String millisFormat(String format) {
    return format
        .replace("strict_date_optional_time_nanos", "strict_date_optional_time")
        .replace("date_optional_time_nanos", "date_optional_time");
  }
}
