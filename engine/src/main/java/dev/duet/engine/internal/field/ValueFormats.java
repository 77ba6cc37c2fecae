package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;

/**
 * How a hit shows a date or number: dates by the request's {@code format} or the field's own (its
 * first pattern; {@code strict_date_optional_time} always with millis and an offset), numbers as
 * numbers unless a decimal pattern is asked.
 */
final class ValueFormats {
  private static final DateTimeFormatter ISO =
      new DateTimeFormatterBuilder()
          .appendPattern("uuuu-MM-dd'T'HH:mm:ss.SSS")
          .appendOffset("+HH:MM", "Z")
          .toFormatter(Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  private ValueFormats() {}

  /** A date's epoch millis as the format (or the field's) shows it. */
  static String date(long millis, FieldMapping field, String format) {
    String pattern = format;
    if (pattern == null || pattern.equals("use_field_mapping")) {
      Object own = field.params().get("format");
      pattern = own == null ? DateFormats.DEFAULT : own.toString();
    }
    String first = pattern.split("\\|\\|")[0].trim();
    return switch (first) {
      case "epoch_millis" -> Long.toString(millis);
      case "epoch_second" -> Long.toString(Math.floorDiv(millis, 1000));
      case "strict_date_optional_time", "date_optional_time", "strict_date_time", "date_time" ->
          ISO.format(Instant.ofEpochMilli(millis));
      default -> {
        try {
          yield DateTimeFormatter.ofPattern(first, Locale.ROOT)
              .withZone(ZoneOffset.UTC)
              .format(Instant.ofEpochMilli(millis));
        } catch (IllegalArgumentException e) {
          throw DuetException.illegalArgument("Invalid format: [" + first + "]: " + e.getMessage());
        }
      }
    };
  }

  /** A number as itself, or through a {@link DecimalFormat} pattern. */
  static Object number(double value, String format) {
    return format == null || format.equals("use_field_mapping")
        ? (Object) value
        : decimal(value, format);
  }

  /** A float as itself, or through a {@link DecimalFormat} pattern. */
  static Object number(float value, String format) {
    return format == null || format.equals("use_field_mapping")
        ? (Object) value
        : decimal(value, format);
  }

  private static String decimal(double value, String pattern) {
    return new DecimalFormat(pattern, DecimalFormatSymbols.getInstance(Locale.ROOT)).format(value);
  }
}
