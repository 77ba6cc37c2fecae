package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;

/**
 * How OpenSearch renders a value as a string in aggregations ({@code key_as_string}, {@code
 * value_as_string}): dates by the request's or the field's format in the time zone, booleans as
 * {@code true}/{@code false}, numbers by a {@link DecimalFormat} pattern when one was asked;
 * otherwise there is no string form.
 */
abstract class ValueFormat {
  /** OpenSearch's rendering of {@code strict_date_optional_time}: always millis and an offset. */
  private static final DateTimeFormatter ISO =
      new DateTimeFormatterBuilder()
          .appendPattern("uuuu-MM-dd'T'HH:mm:ss.SSS")
          .appendOffset("+HH:MM", "Z")
          .toFormatter(Locale.ROOT);

  /** The root locale with weeks starting on Monday. */
  private static final Locale ISO_WEEK = Locale.forLanguageTag("und-u-fw-mon");

  static final ValueFormat RAW =
      new ValueFormat() {
        @Override
        String format(double value) {
          return null;
        }
      };

  static final ValueFormat BOOLEAN =
      new ValueFormat() {
        @Override
        String format(double value) {
          return value != 0 ? "true" : "false";
        }
      };

  /**
   * {@code unsigned_long}'s format: OpenSearch writes its values' string forms, as doubles, where a
   * plain number has none ({@code value_as_string}, a histogram's {@code key_as_string}).
   */
  static final ValueFormat UNSIGNED =
      new ValueFormat() {
        @Override
        String format(double value) {
          return Double.toString(value);
        }
      };

  /** The string form of a value; null when this format writes none. */
  abstract String format(double value);

  static ValueFormat of(FieldSource source, FieldMapping field, String format, String timeZone) {
    if (source == FieldSource.DATE) {
      String pattern = format;
      if (pattern == null) {
        Object own = field == null ? null : field.params().get("format");
        pattern = own == null ? DateFormats.DEFAULT : own.toString();
      }
      return date(pattern, zone(timeZone));
    }
    if (source == FieldSource.BOOLEAN) {
      return BOOLEAN;
    }
    if (source == FieldSource.UNSIGNED && format == null) {
      return UNSIGNED;
    }
    return format == null ? RAW : decimal(format);
  }

  static ZoneId zone(String timeZone) {
    if (timeZone == null) {
      return ZoneOffset.UTC;
    }
    try {
      return ZoneId.of(timeZone);
    } catch (DateTimeException e) {
      throw DuetException.illegalArgument("Unknown time-zone ID: " + timeZone);
    }
  }

  static ValueFormat date(String pattern, ZoneId zone) {
    String first = pattern.split("\\|\\|")[0].trim();
    if (first.equals("epoch_millis")) {
      return new ValueFormat() {
        @Override
        String format(double value) {
          return Long.toString((long) value);
        }
      };
    }
    if (first.equals("epoch_second")) {
      return new ValueFormat() {
        @Override
        String format(double value) {
          long millis = (long) value;
          return millis % 1000 == 0
              ? Long.toString(millis / 1000)
              : java.math.BigDecimal.valueOf(millis, 3).stripTrailingZeros().toPlainString();
        }
      };
    }
    DateTimeFormatter formatter =
        switch (first) {
          case "strict_date_optional_time",
              "date_optional_time",
              "strict_date_time",
              "date_time",
              "iso8601" ->
              ISO;
          case "strict_date", "date" -> DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT);
          // Localized week fields (e, c) count from Monday, as OpenSearch's ISO week does.
          default ->
              DateTimeFormatter.ofPattern(
                  first,
                  first.indexOf('e') >= 0 || first.indexOf('c') >= 0 ? ISO_WEEK : Locale.ROOT);
        };
    DateTimeFormatter zoned = formatter.withZone(zone);
    return new ValueFormat() {
      @Override
      String format(double value) {
        return zoned.format(Instant.ofEpochMilli((long) value));
      }
    };
  }

  private static ValueFormat decimal(String pattern) {
    DecimalFormat decimal =
        new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT));
    return new ValueFormat() {
      @Override
      String format(double value) {
        synchronized (decimal) {
          return decimal.format(value);
        }
      }
    };
  }
}
