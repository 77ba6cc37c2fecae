package dev.duet.engine.internal.ingest;

import java.util.Locale;

/** {@code bytes}: a human size ({@code 1kb}, {@code 2.5mb}) as its number of bytes. */
public final class BytesProcessor extends StringFieldProcessor {
  private BytesProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new BytesProcessor(config);
  }

  @Override
  Object process(String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    String[][] units = {
      {"pb", "1125899906842624"},
      {"tb", "1099511627776"},
      {"gb", "1073741824"},
      {"mb", "1048576"},
      {"kb", "1024"},
      {"p", "1125899906842624"},
      {"t", "1099511627776"},
      {"g", "1073741824"},
      {"m", "1048576"},
      {"k", "1024"},
      {"b", "1"}
    };
    for (String[] unit : units) {
      if (text.endsWith(unit[0])) {
        String number = text.substring(0, text.length() - unit[0].length()).trim();
        long multiplier = Long.parseLong(unit[1]);
        try {
          return Long.parseLong(number) * multiplier;
        } catch (NumberFormatException e) {
          try {
            double d = Double.parseDouble(number);
            return (long) (d * multiplier);
          } catch (NumberFormatException e2) {
            throw new IllegalArgumentException("failed to parse [" + value + "]", e2);
          }
        }
      }
    }
    if (text.equals("-1") || text.equals("0")) {
      return Long.parseLong(text);
    }
    throw new IllegalArgumentException(
        "failed to parse setting [Ingest Field] with value ["
            + value
            + "] as a size in bytes: unit is missing or unrecognized");
  }
}
