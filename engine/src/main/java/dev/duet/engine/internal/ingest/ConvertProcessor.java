package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code convert}: a value (or each of a list's) to integer, long, float, double, boolean, string,
 * ip or auto.
 */
public final class ConvertProcessor extends BaseProcessor {
  private static final List<String> TYPES =
      List.of("integer", "long", "float", "double", "boolean", "string", "auto", "ip");

  private final String field;
  private final String target;
  private final String to;
  private final boolean ignoreMissing;

  private ConvertProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    String type = config.string("type");
    if (!TYPES.contains(type.toLowerCase(Locale.ROOT))) {
      throw config.error("type", "type [" + type + "] not supported, cannot convert field.");
    }
    this.to = type.toLowerCase(Locale.ROOT);
    this.target = config.string("target_field", field);
    this.ignoreMissing = config.bool("ignore_missing", false);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new ConvertProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    Object value = doc.get(field, ignoreMissing);
    if (value == null && ignoreMissing) {
      return doc;
    }
    if (value == null) {
      throw new IllegalArgumentException(
          "Field [" + field + "] is null, cannot be converted to type [" + to + "]");
    }
    Object out;
    if (value instanceof List<?> list) {
      List<Object> values = new ArrayList<>(list.size());
      for (Object v : list) {
        values.add(convert(v));
      }
      out = values;
    } else {
      out = convert(value);
    }
    doc.set(target, out);
    return doc;
  }

  private Object convert(Object value) {
    String text = value.toString();
    switch (to) {
      case "integer":
        try {
          return text.startsWith("0x") || text.startsWith("-0x")
              ? Integer.decode(text)
              : Integer.parseInt(text);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("unable to convert [" + text + "] to integer", e);
        }
      case "long":
        try {
          return text.startsWith("0x") || text.startsWith("-0x")
              ? Long.decode(text)
              : Long.parseLong(text);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("unable to convert [" + text + "] to long", e);
        }
      case "float":
        try {
          return Float.parseFloat(text);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("unable to convert [" + text + "] to float", e);
        }
      case "double":
        try {
          return Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("unable to convert [" + text + "] to double", e);
        }
      case "boolean":
        if (text.equalsIgnoreCase("true")) {
          return true;
        }
        if (text.equalsIgnoreCase("false")) {
          return false;
        }
        throw new IllegalArgumentException(
            "[" + text + "] is not a boolean value, cannot convert to boolean");
      case "string":
        return text;
      case "ip":
        if (!isIp(text)) {
          throw new IllegalArgumentException("[" + text + "] is not a valid ip address");
        }
        return text;
      default:
        return auto(value);
    }
  }

  private static boolean isIp(String text) {
    try {
      return com.google.common.net.InetAddresses.isInetAddress(text);
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static Object auto(Object value) {
    if (!(value instanceof String text)) {
      return value;
    }
    if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(text);
    }
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      // next
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      // next
    }
    try {
      float f = Float.parseFloat(text);
      if (!Float.isInfinite(f) && Float.toString(f).equals(text)) {
        return f;
      }
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return text;
    }
  }
}
