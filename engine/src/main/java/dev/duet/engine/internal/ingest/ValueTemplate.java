package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A string with OpenSearch's mustache references to the document ({@code {{field}}}, {@code
 * {{{field}}}}, {@code {{_ingest.timestamp}}}, {@code {{_source.field}}}), as the {@code set}
 * processor's value and most field names may be. A missing field renders as nothing, as mustache
 * renders it.
 */
public final class ValueTemplate {
  private final String text;
  private final boolean literal;

  private ValueTemplate(String text) {
    this.text = text;
    this.literal = !text.contains("{{");
  }

  public static ValueTemplate of(String text) {
    return new ValueTemplate(text);
  }

  public String render(IngestDocument doc) {
    if (literal) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      int open = text.indexOf("{{", i);
      if (open < 0) {
        out.append(text, i, text.length());
        break;
      }
      out.append(text, i, open);
      boolean triple = text.startsWith("{{{", open);
      int start = open + (triple ? 3 : 2);
      int close = text.indexOf(triple ? "}}}" : "}}", start);
      if (close < 0) {
        out.append(text, open, text.length());
        break;
      }
      String name = text.substring(start, close).trim();
      Object value = doc.get(name, true);
      if (value != null) {
        out.append(value instanceof Map<?, ?> || value instanceof List<?> ? json(value) : value);
      }
      i = close + (triple ? 3 : 2);
    }
    return out.toString();
  }

  private static String json(Object value) {
    return new String(
        dev.duet.engine.internal.source.JsonMaps.writeCompact(value),
        java.nio.charset.StandardCharsets.UTF_8);
  }

  /** A value whose strings (at any depth) are templates, rendered anew for each document. */
  public static Object renderDeep(Object value, IngestDocument doc) {
    if (value instanceof String s) {
      return of(s).render(doc);
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> out = new LinkedHashMap<>();
      map.forEach((k, v) -> out.put(of(String.valueOf(k)).render(doc), renderDeep(v, doc)));
      return out;
    }
    if (value instanceof List<?> list) {
      List<Object> out = new ArrayList<>(list.size());
      list.forEach(v -> out.add(renderDeep(v, doc)));
      return out;
    }
    return value;
  }
}
