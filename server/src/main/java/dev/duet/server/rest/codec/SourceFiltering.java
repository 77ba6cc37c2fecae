package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.SourceFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * Applies {@code _source} includes/excludes to a stored source for {@code GET _doc}, streaming
 * token by token. Patterns use {@code *} wildcards and dotted paths as in OpenSearch; as there, an
 * object kept only for its included children is dropped when none is left, while an object that is
 * itself included stays even when its excludes empty it.
 */
public final class SourceFiltering {
  private SourceFiltering() {}

  public static byte[] filter(byte[] source, SourceFilter filter) throws IOException {
    if (filter.isIdentity()) {
      return source;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(source.length);
    try (JsonParser p = Json.FACTORY.createParser(source);
        JsonGenerator g = Json.FACTORY.createGenerator(out)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return source;
      }
      g.writeStartObject();
      copyFields(p, g, "", filter.includes().isEmpty(), filter);
      g.writeEndObject();
    }
    return out.toByteArray();
  }

  /** Copies the fields of the object the parser is in; returns how many it wrote. */
  private static int copyFields(
      JsonParser p, JsonGenerator g, String prefix, boolean included, SourceFilter filter)
      throws IOException {
    int written = 0;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      String path = prefix.isEmpty() ? name : prefix + "." + name;
      JsonToken value = p.nextToken();
      if (matchesAny(filter.excludes(), path)) {
        p.skipChildren();
        continue;
      }
      boolean fieldIncluded = included || matchesAny(filter.includes(), path);
      if (fieldIncluded && filter.excludes().isEmpty()) {
        g.writeFieldName(name);
        g.copyCurrentStructure(p);
        written++;
      } else if (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY) {
        if (!fieldIncluded && !couldIncludeBelow(filter.includes(), path)) {
          p.skipChildren();
          continue;
        }
        ByteArrayOutputStream nested = new ByteArrayOutputStream();
        try (JsonGenerator ng = Json.FACTORY.createGenerator(nested)) {
          if (copyValue(p, ng, path, fieldIncluded, filter) > 0 || fieldIncluded) {
            ng.flush();
            g.writeFieldName(name);
            g.writeRawValue(
                new String(nested.toByteArray(), java.nio.charset.StandardCharsets.UTF_8));
            written++;
          }
        }
      } else if (fieldIncluded) {
        g.writeFieldName(name);
        g.copyCurrentEvent(p);
        written++;
      }
    }
    return written;
  }

  private static int copyValue(
      JsonParser p, JsonGenerator g, String path, boolean included, SourceFilter filter)
      throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      g.writeStartObject();
      int n = copyFields(p, g, path, included, filter);
      g.writeEndObject();
      return n;
    }
    if (t == JsonToken.START_ARRAY) {
      g.writeStartArray();
      int n = 0;
      while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
          ByteArrayOutputStream nested = new ByteArrayOutputStream();
          try (JsonGenerator ng = Json.FACTORY.createGenerator(nested)) {
            int c = copyValue(p, ng, path, included, filter);
            ng.flush();
            if (c > 0 || included) {
              g.writeRawValue(
                  new String(nested.toByteArray(), java.nio.charset.StandardCharsets.UTF_8));
              n++;
            }
          }
        } else if (included) {
          g.copyCurrentEvent(p);
          n++;
        }
      }
      g.writeEndArray();
      return n;
    }
    if (included) {
      g.copyCurrentEvent(p);
      return 1;
    }
    return 0;
  }

  private static boolean matchesAny(List<String> patterns, String path) {
    for (String pattern : patterns) {
      if (simpleMatch(pattern, path)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some include pattern may select a field under {@code path}. */
  private static boolean couldIncludeBelow(List<String> includes, String path) {
    String below = path + ".";
    for (String pattern : includes) {
      int star = pattern.indexOf('*');
      String fixed = star < 0 ? pattern : pattern.substring(0, star);
      if (star < 0 ? fixed.startsWith(below) : fixed.startsWith(below) || below.startsWith(fixed)) {
        return true;
      }
    }
    return false;
  }

  /** OpenSearch's Regex.simpleMatch: {@code *} matches any run of characters. */
  static boolean simpleMatch(String pattern, String value) {
    int star = pattern.indexOf('*');
    if (star < 0) {
      return pattern.equals(value);
    }
    if (!value.startsWith(pattern.substring(0, star))) {
      return false;
    }
    String rest = pattern.substring(star + 1);
    if (rest.isEmpty()) {
      return true;
    }
    for (int i = star; i <= value.length(); i++) {
      if (simpleMatch(rest, value.substring(i))) {
        return true;
      }
    }
    return false;
  }
}
