package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * {@code date}: a date field parsed by the first of {@code formats} that reads it ({@code ISO8601},
 * {@code UNIX}, {@code UNIX_MS}, {@code TAI64N} or a Java pattern) and written to {@code
 * target_field} ({@code @timestamp}) in {@code output_format}.
 */
public final class DateProcessor extends BaseProcessor {
  private final String field;
  private final String target;
  private final List<String> formats;
  private final List<Function<String, ZonedDateTime>> parsers = new ArrayList<>();
  private final DateTimeFormatter output;

  private DateProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    this.target = config.string("target_field", "@timestamp");
    this.formats = config.strings("formats");
    // OpenSearch stores an unknown time zone and fails each document on it, not the pipeline.
    ZoneId zone = zone(config.string("timezone", "UTC"));
    Locale locale = Locale.forLanguageTag(config.string("locale", "ENGLISH").replace('_', '-'));
    if (locale.getLanguage().isEmpty() || locale.toLanguageTag().equals("und")) {
      locale = Locale.ENGLISH;
    }
    String outputFormat = config.string("output_format", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX");
    try {
      this.output = DateTimeFormatter.ofPattern(outputFormat, locale);
    } catch (IllegalArgumentException e) {
      throw config.error("output_format", "invalid output format [" + outputFormat + "]");
    }
    if (zone != null) {
      for (String format : formats) {
        parsers.add(parser(format, zone, locale));
      }
    }
  }

  private static ZoneId zone(String id) {
    try {
      return ZoneId.of(id);
    } catch (DateTimeException e) {
      return null;
    }
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new DateProcessor(config);
  }

  private static Function<String, ZonedDateTime> parser(String format, ZoneId zone, Locale locale) {
    switch (format) {
      case "ISO8601":
        return text -> {
          TemporalAccessor t =
              DateTimeFormatter.ISO_DATE_TIME.parseBest(
                  text, ZonedDateTime::from, LocalDateTime::from);
          return t instanceof ZonedDateTime z ? z : ((LocalDateTime) t).atZone(zone);
        };
      case "UNIX":
        return text -> Instant.ofEpochMilli((long) (Double.parseDouble(text) * 1000)).atZone(zone);
      case "UNIX_MS":
        return text -> Instant.ofEpochMilli(Long.parseLong(text)).atZone(zone);
      case "TAI64N":
        return text -> {
          String hex = text.startsWith("@") ? text.substring(1) : text;
          long seconds = Long.parseLong(hex.substring(1, 16), 16);
          long nanos = Long.parseLong(hex.substring(16, 24), 16);
          return Instant.ofEpochSecond(seconds - 10, nanos).atZone(zone);
        };
      default:
        DateTimeFormatter f;
        try {
          f =
              new DateTimeFormatterBuilder()
                  .parseCaseInsensitive()
                  .appendPattern(format)
                  .toFormatter(locale);
        } catch (IllegalArgumentException notAPattern) {
          // A named format (strict_date_optional_time, epoch_millis, ...): the date field's
          // parsers.
          // They read a date without an offset as UTC.
          DateFormats named = named(format);
          if (named == null) {
            throw notAPattern;
          }
          return text -> Instant.ofEpochMilli(named.parseMillis(text, false)).atZone(zone);
        }
        return text -> {
          TemporalAccessor t = f.parse(text);
          ZoneId parsedZone = t.query(TemporalQueries.zone());
          LocalDate date =
              t.isSupported(ChronoField.YEAR)
                  ? LocalDate.of(
                      t.get(ChronoField.YEAR),
                      t.isSupported(ChronoField.MONTH_OF_YEAR)
                          ? t.get(ChronoField.MONTH_OF_YEAR)
                          : 1,
                      t.isSupported(ChronoField.DAY_OF_MONTH) ? t.get(ChronoField.DAY_OF_MONTH) : 1)
                  : LocalDate.of(
                      ZonedDateTime.now(zone).getYear(),
                      t.isSupported(ChronoField.MONTH_OF_YEAR)
                          ? t.get(ChronoField.MONTH_OF_YEAR)
                          : 1,
                      t.isSupported(ChronoField.DAY_OF_MONTH)
                          ? t.get(ChronoField.DAY_OF_MONTH)
                          : 1);
          LocalTime time = t.query(TemporalQueries.localTime());
          return ZonedDateTime.of(
              date,
              time == null ? LocalTime.MIDNIGHT : time,
              parsedZone == null ? zone : parsedZone);
        };
    }
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    Object value = doc.get(field);
    String text = value == null ? null : value.toString();
    if (text != null) {
      for (Function<String, ZonedDateTime> parser : parsers) {
        try {
          ZonedDateTime parsed = parser.apply(text);
          doc.set(target, output.format(parsed));
          return doc;
        } catch (RuntimeException e) {
          // the next format
        }
      }
    }
    throw new IllegalArgumentException("unable to parse date [" + text + "]");
  }

  private static DateFormats named(String format) {
    try {
      return DateFormats.of(format);
    } catch (DuetException e) {
      return null;
    }
  }
}
