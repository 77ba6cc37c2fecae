package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One processor's configuration, read property by property with OpenSearch's {@code
 * ConfigurationUtils} errors ({@code parse_exception} naming the processor type, tag and property);
 * a property left unread at the end is refused, as OpenSearch refuses it.
 */
public final class ProcessorConfig {
  private final String type;
  private final String tag;
  private final Map<String, Object> config;

  public ProcessorConfig(String type, String tag, Map<String, Object> config) {
    this.type = type;
    this.tag = tag;
    this.config = new LinkedHashMap<>(config);
  }

  public String type() {
    return type;
  }

  public String tag() {
    return tag;
  }

  /** A required string (numbers and booleans are taken as their text, as OpenSearch takes them). */
  public String string(String name) {
    String value = optionalString(name);
    if (value == null) {
      throw missing(name);
    }
    return value;
  }

  public String optionalString(String name) {
    Object value = config.remove(name);
    if (value == null) {
      return null;
    }
    if (value instanceof String s) {
      return s;
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    throw error(name, "property isn't a string, but of type [" + value.getClass().getName() + "]");
  }

  public String string(String name, String defaultValue) {
    String value = optionalString(name);
    return value == null ? defaultValue : value;
  }

  public boolean bool(String name, boolean defaultValue) {
    Object value = config.remove(name);
    if (value == null) {
      return defaultValue;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    String text = value.toString();
    if (text.equals("true")) {
      return true;
    }
    if (text.equals("false")) {
      return false;
    }
    throw error(name, "property isn't a boolean, but of type [" + value.getClass().getName() + "]");
  }

  /** Any value (a {@code set}'s {@code value}); null when absent. */
  public Object object(String name) {
    return config.remove(name);
  }

  /** Whether the property is present (unread). */
  public boolean has(String name) {
    return config.containsKey(name);
  }

  /** A list of strings; a single string is a list of one when {@code single}. */
  public List<String> optionalStrings(String name, boolean single) {
    Object value = config.remove(name);
    if (value == null) {
      return null;
    }
    if (value instanceof String s && single) {
      return List.of(s);
    }
    if (!(value instanceof List<?> list)) {
      throw error(name, "property isn't a list, but of type [" + value.getClass().getName() + "]");
    }
    List<String> out = new ArrayList<>(list.size());
    for (Object o : list) {
      out.add(String.valueOf(o));
    }
    return out;
  }

  public List<String> strings(String name) {
    List<String> value = optionalStrings(name, false);
    if (value == null) {
      throw missing(name);
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> optionalMap(String name) {
    Object value = config.remove(name);
    if (value == null) {
      return null;
    }
    if (!(value instanceof Map<?, ?>)) {
      throw error(name, "property isn't a map, but of type [" + value.getClass().getName() + "]");
    }
    return (Map<String, Object>) value;
  }

  public Map<String, Object> map(String name) {
    Map<String, Object> value = optionalMap(name);
    if (value == null) {
      throw missing(name);
    }
    return value;
  }

  /** Refuses the properties nobody read. */
  public void checkAllRead() {
    if (!config.isEmpty()) {
      throw parseException(
          "processor ["
              + type
              + "] doesn't support one or more provided configuration parameters "
              + config.keySet().toString(),
          type,
          tag,
          null);
    }
  }

  /** {@code [name] required property is missing}. */
  public DuetException missing(String name) {
    return error(name, "required property is missing");
  }

  /** {@code [name] <message>}, a {@code parse_exception} about one property. */
  public DuetException error(String name, String message) {
    return parseException("[" + name + "] " + message, type, tag, name);
  }

  /** OpenSearch's {@code newConfigurationException}. */
  public static DuetException parseException(
      String reason, String type, String tag, String property) {
    Map<String, String> meta = new LinkedHashMap<>();
    if (type != null) {
      meta.put("processor_type", type);
    }
    if (tag != null) {
      meta.put("processor_tag", tag);
    }
    if (property != null) {
      meta.put("property_name", property);
    }
    return new DuetException(400, "parse_exception", reason, meta, null);
  }
}
