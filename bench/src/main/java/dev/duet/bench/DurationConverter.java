package dev.duet.bench;

import java.time.Duration;
import java.util.Locale;
import picocli.CommandLine;

/** Parses the command line's durations: {@code 500ms}, {@code 20s}, {@code 2m}, or seconds. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    try {
      if (text.endsWith("ms")) {
        return nonNegative(Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2))));
      }
      if (text.endsWith("s")) {
        return nonNegative(
            Duration.ofSeconds(Long.parseLong(text.substring(0, text.length() - 1))));
      }
      if (text.endsWith("m")) {
        return nonNegative(
            Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1))));
      }
      return nonNegative(Duration.ofSeconds(Long.parseLong(text)));
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException(
          "duration: " + value + " (expected: e.g. 500ms, 20s, 2m)");
    }
  }

  private static Duration nonNegative(Duration duration) {
    if (duration.isNegative()) {
      throw new CommandLine.TypeConversionException("duration: " + duration + " (expected: >= 0)");
    }
    return duration;
  }
}
