package dev.duet.engine.mapping;

import static java.time.temporal.ChronoField.AMPM_OF_DAY;
import static java.time.temporal.ChronoField.CLOCK_HOUR_OF_AMPM;
import static java.time.temporal.ChronoField.DAY_OF_MONTH;
import static java.time.temporal.ChronoField.HOUR_OF_AMPM;
import static java.time.temporal.ChronoField.HOUR_OF_DAY;
import static java.time.temporal.ChronoField.MINUTE_OF_HOUR;
import static java.time.temporal.ChronoField.MONTH_OF_YEAR;
import static java.time.temporal.ChronoField.NANO_OF_SECOND;
import static java.time.temporal.ChronoField.OFFSET_SECONDS;
import static java.time.temporal.ChronoField.SECOND_OF_MINUTE;
import static java.time.temporal.ChronoField.YEAR;
import static java.time.temporal.ChronoField.YEAR_OF_ERA;

import dev.duet.engine.error.DuetException;
import java.text.ParsePosition;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OpenSearch date {@code format} ({@code strict_date_optional_time||epoch_millis}, Java patterns
 * such as {@code yyyy/MM/dd}): parses a date to epoch milliseconds, rounding missing fields up when
 * a range bound asks for it, as OpenSearch's date math parser does.
 */
public final class DateFormats {
  public static final String DEFAULT = "strict_date_optional_time||epoch_millis";

  /** The second of OpenSearch's dynamic date formats, and how a field detected by it is mapped. */
  public static final String DYNAMIC_SLASH_FORMAT = "yyyy/MM/dd HH:mm:ss||yyyy/MM/dd";

  private static final Map<String, DateFormats> CACHE = new ConcurrentHashMap<>();
  private static final String ISO = "iso"; // parsed by IsoDates

  private final String format;
  private final List<Object>
      parsers; // DateTimeFormatter, or a String naming iso or an epoch parser

  private DateFormats(String format, List<Object> parsers) {
    this.format = format;
    this.parsers = parsers;
  }

  /** The parsers of a format string; 400 {@code mapper_parsing_exception} if it is not valid. */
  public static DateFormats of(String format) {
    String key = format == null ? DEFAULT : format;
    DateFormats cached = CACHE.get(key);
    if (cached != null) {
      return cached;
    }
    List<Object> parsers = new ArrayList<>();
    for (String part : key.split("\\|\\|")) {
      parsers.add(parserFor(part.trim()));
    }
    DateFormats created = new DateFormats(key, List.copyOf(parsers));
    CACHE.putIfAbsent(key, created);
    return created;
  }

  public String format() {
    return format;
  }

  /**
   * Epoch millis of {@code text}. With {@code roundUp}, fields the text leaves out take their
   * largest value ({@code 2020-01-01} → the day's last millisecond), as for {@code lte}/{@code gt}.
   */
  public long parseMillis(String text, boolean roundUp) {
    return parseMillis(text, roundUp, null);
  }

  /**
   * Epoch millis of {@code text}, a date without an offset of its own read in {@code zone} (UTC
   * when null), as a range query's {@code time_zone} asks; epoch values are not affected.
   */
  public long parseMillis(String text, boolean roundUp, ZoneId zone) {
    Long millis = tryParse(text, roundUp, zone);
    if (millis == null) {
      throw new DuetException(
          400,
          "illegal_argument_exception",
          "failed to parse date field [" + text + "] with format [" + format + "]",
          Map.of(),
          new DuetException(
              400, "date_time_parse_exception", "Failed to parse with all enclosed parsers"));
    }
    return millis;
  }

  /** Epoch millis of {@code text}, or null when no parser of this format accepts it. */
  public Long tryParse(String text, boolean roundUp) {
    return tryParse(text, roundUp, null);
  }

  private Long tryParse(String text, boolean roundUp, ZoneId zone) {
    for (Object parser : parsers) {
      Long millis;
      if (ISO.equals(parser)) {
        millis = IsoDates.parse(text, roundUp, zone);
      } else if (parser instanceof DateTimeFormatter f) {
        millis = parseWith(f, text, roundUp, zone);
      } else {
        millis = parseEpoch((String) parser, text);
        if (millis != null && zone != null) {
          millis = inZone(millis, zone);
        }
      }
      if (millis != null) {
        return millis;
      }
    }
    return null;
  }

  /**
   * The mapping OpenSearch's date detection gives a dynamic string field, or null when the string
   * is not a date: {@code {"type":"date"}} or the slash format with its print format.
   */
  public static FieldMapping detect(String text) {
    // A date needs at least year, month and day; bare numbers stay text, as in OpenSearch.
    if (text.length() < 7 || text.length() > 40 || !Character.isDigit(text.charAt(0))) {
      return null;
    }
    if (text.charAt(4) == '-' && IsoDates.parse(text, false) != null) {
      return FieldMapping.of("date");
    }
    if (text.length() >= 10
        && text.charAt(4) == '/'
        && of(DYNAMIC_SLASH_FORMAT).tryParse(text, false) != null) {
      return new FieldMapping(
          "date",
          Map.of(
              "format",
              DYNAMIC_SLASH_FORMAT + "||epoch_millis",
              "print_format",
              "yyyy/MM/dd HH:mm:ss"),
          Map.of(),
          Map.of());
    }
    return null;
  }

  private static Object parserFor(String name) {
    switch (name) {
      case "strict_date_optional_time", "date_optional_time", "strict_date_optional_time_nanos" -> {
        return ISO;
      }
      case "epoch_millis", "epoch_second" -> {
        return name;
      }
      case "strict_date", "date" -> {
        return DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT);
      }
      case "strict_date_time", "date_time" -> {
        return DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT);
      }
      case "strict_date_hour_minute_second", "date_hour_minute_second" -> {
        return DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT);
      }
      case "basic_date" -> {
        return DateTimeFormatter.ofPattern("uuuuMMdd", Locale.ROOT);
      }
      case "strict_year", "year" -> {
        return DateTimeFormatter.ofPattern("uuuu", Locale.ROOT);
      }
      case "strict_year_month", "year_month" -> {
        return DateTimeFormatter.ofPattern("uuuu-MM", Locale.ROOT);
      }
      default -> {
        try {
          return DateTimeFormatter.ofPattern(name, Locale.ROOT);
        } catch (IllegalArgumentException e) {
          throw new DuetException(
              400, "mapper_parsing_exception", "Invalid format: [" + name + "]: " + e.getMessage());
        }
      }
    }
  }

  private static Long parseEpoch(String kind, String text) {
    int i = 0;
    int n = text.length();
    if (n == 0) {
      return null;
    }
    if (text.charAt(0) == '-') {
      i = 1;
    }
    int dot = -1;
    for (int j = i; j < n; j++) {
      char c = text.charAt(j);
      if (c == '.' && dot < 0) {
        dot = j;
      } else if (c < '0' || c > '9') {
        return null;
      }
    }
    if (n == i || dot == i) {
      return null;
    }
    try {
      double value = Double.parseDouble(text);
      if (kind.equals("epoch_second")) {
        return (long) Math.floor(value * 1000);
      }
      return dot < 0 ? Long.parseLong(text) : (long) Math.floor(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * An epoch value under a {@code time_zone}: OpenSearch reads it as a wall-clock time in the zone,
   * so {@code 1577836800000} with {@code -05:00} is 2020-01-01T05:00:00Z.
   */
  private static long inZone(long millis, ZoneId zone) {
    java.time.LocalDateTime local =
        java.time.LocalDateTime.ofEpochSecond(
            Math.floorDiv(millis, 1000L),
            (int) Math.floorMod(millis, 1000L) * 1_000_000,
            ZoneOffset.UTC);
    return millis - zone.getRules().getOffset(local).getTotalSeconds() * 1000L;
  }

  private static Long parseWith(
      DateTimeFormatter formatter, String text, boolean roundUp, ZoneId zone) {
    ParsePosition position = new ParsePosition(0);
    TemporalAccessor parsed = formatter.parseUnresolved(text, position);
    if (parsed == null || position.getErrorIndex() >= 0 || position.getIndex() != text.length()) {
      return null;
    }
    try {
      return toMillis(parsed, roundUp, zone);
    } catch (DateTimeException | ArithmeticException e) {
      return null;
    }
  }

  private static long toMillis(TemporalAccessor t, boolean roundUp, ZoneId zone) {
    int year;
    if (t.isSupported(YEAR)) {
      year = (int) t.getLong(YEAR);
    } else if (t.isSupported(YEAR_OF_ERA)) {
      year = (int) t.getLong(YEAR_OF_ERA);
    } else {
      year = 1970;
    }
    int month = field(t, MONTH_OF_YEAR, 1, 12, roundUp);
    LocalDate firstOfMonth = LocalDate.of(year, month, 1);
    int day =
        t.isSupported(DAY_OF_MONTH)
            ? (int) t.getLong(DAY_OF_MONTH)
            : roundUp ? firstOfMonth.lengthOfMonth() : 1;
    LocalDate date = LocalDate.of(year, month, day);
    int hour;
    if (t.isSupported(HOUR_OF_DAY)) {
      hour = (int) t.getLong(HOUR_OF_DAY);
    } else if (t.isSupported(CLOCK_HOUR_OF_AMPM) || t.isSupported(HOUR_OF_AMPM)) {
      int h =
          t.isSupported(HOUR_OF_AMPM)
              ? (int) t.getLong(HOUR_OF_AMPM)
              : (int) t.getLong(CLOCK_HOUR_OF_AMPM) % 12;
      hour = h + (t.isSupported(AMPM_OF_DAY) ? (int) t.getLong(AMPM_OF_DAY) * 12 : 0);
    } else {
      hour = roundUp ? 23 : 0;
    }
    int minute = field(t, MINUTE_OF_HOUR, 0, 59, roundUp);
    int second = field(t, SECOND_OF_MINUTE, 0, 59, roundUp);
    int nano = field(t, NANO_OF_SECOND, 0, 999_999_999, roundUp);
    HOUR_OF_DAY.checkValidValue(hour);
    MINUTE_OF_HOUR.checkValidValue(minute);
    SECOND_OF_MINUTE.checkValidValue(second);
    java.time.LocalDateTime local = date.atTime(hour, minute, second);
    ZoneOffset offset;
    if (t.isSupported(OFFSET_SECONDS)) {
      offset = ZoneOffset.ofTotalSeconds((int) t.getLong(OFFSET_SECONDS));
    } else {
      offset = zone == null ? ZoneOffset.UTC : zone.getRules().getOffset(local);
    }
    long epochSecond = local.toEpochSecond(offset);
    return Math.addExact(Math.multiplyExact(epochSecond, 1000L), nano / 1_000_000);
  }

  private static int field(
      TemporalAccessor t, ChronoField field, int low, int high, boolean roundUp) {
    if (t.isSupported(field)) {
      return (int) t.getLong(field);
    }
    return roundUp ? high : low;
  }
}
