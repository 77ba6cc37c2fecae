package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code completion} section of {@code _stats}: the size of the completion fields' suggesters,
 * and per field those the {@code completion_fields} (else {@code fields}) patterns name.
 *
 * @param sizeInBytes every completion field's suggester size
 * @param fields the sizes of the fields the patterns match, or null when no pattern was given
 */
record CompletionStatsJson(long sizeInBytes, Map<String, Long> fields) {
  static final CompletionStatsJson NONE = new CompletionStatsJson(0, null);

  /** One index's sizes as the patterns (null: none given) select them. */
  static CompletionStatsJson of(Map<String, Long> sizes, List<String> patterns) {
    long total = 0;
    Map<String, Long> fields = patterns == null ? null : new TreeMap<>();
    for (Map.Entry<String, Long> e : sizes.entrySet()) {
      total += e.getValue();
      if (fields != null && patterns.stream().anyMatch(p -> simpleMatch(p, e.getKey()))) {
        fields.put(e.getKey(), e.getValue());
      }
    }
    return new CompletionStatsJson(total, fields);
  }

  /** The sum of two indices' sections ({@code _all}). */
  CompletionStatsJson plus(CompletionStatsJson other) {
    if (fields == null && other.fields == null) {
      return new CompletionStatsJson(sizeInBytes + other.sizeInBytes, null);
    }
    Map<String, Long> merged = new TreeMap<>();
    if (fields != null) {
      merged.putAll(fields);
    }
    if (other.fields != null) {
      other.fields.forEach((k, v) -> merged.merge(k, v, Long::sum));
    }
    return new CompletionStatsJson(sizeInBytes + other.sizeInBytes, merged);
  }

  void write(JsonGenerator g, boolean human) throws IOException {
    g.writeObjectFieldStart("completion");
    if (human) {
      g.writeStringField("size", ClusterHandlers.size(sizeInBytes, false));
    }
    g.writeNumberField("size_in_bytes", sizeInBytes);
    if (fields != null) {
      g.writeObjectFieldStart("fields");
      for (Map.Entry<String, Long> e : fields.entrySet()) {
        g.writeObjectFieldStart(e.getKey());
        if (human) {
          g.writeStringField("size", ClusterHandlers.size(e.getValue(), false));
        }
        g.writeNumberField("size_in_bytes", e.getValue());
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  /** OpenSearch's {@code Regex.simpleMatch}: {@code *} matches any run of characters. */
  static boolean simpleMatch(String pattern, String value) {
    if (!pattern.contains("*")) {
      return pattern.equals(value);
    }
    String[] parts = pattern.split("\\*", -1);
    int at = 0;
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (i == 0) {
        if (!value.startsWith(part)) {
          return false;
        }
        at = part.length();
      } else if (i == parts.length - 1) {
        return value.length() - part.length() >= at && value.endsWith(part);
      } else {
        int found = value.indexOf(part, at);
        if (found < 0) {
          return false;
        }
        at = found + part.length();
      }
    }
    return true;
  }
}
