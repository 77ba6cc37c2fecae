package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.checkSingleField;
import static dev.duet.server.rest.codec.QueryErrors.doesNotSupport;
import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The two body shapes most queries share, read by streaming with OpenSearch's parse errors: a
 * single-field body ({@code {"title": "x"}} or {@code {"title": {"query": "x", ...}}}) and a flat
 * options body ({@code {"query": "x", "fields": [...]}}). Options are scalars (or, in flat bodies,
 * arrays of scalars) checked against the names the query takes.
 */
final class QueryBodies {
  private QueryBodies() {}

  /** A single-field body: the field, its value, and its other options (boost included). */
  record FieldBody(String field, Object value, Map<String, Object> options) {
    float boost() {
      Float b = floatOrNull(options, "boost");
      return b == null ? 1f : b;
    }

    String string(String key) {
      Object v = options.get(key);
      return v == null ? null : String.valueOf(v);
    }

    int integer(String key, int otherwise) {
      return QueryBodies.integer(options, key, otherwise);
    }

    boolean bool(String key, boolean otherwise) {
      return QueryBodies.bool(options, key, otherwise);
    }
  }

  /**
   * Reads {@code {"field": value}} or {@code {"field": {valueKey: value, option: ...}}}; {@code
   * valueKeys} are the names the value may go by (the first is canonical).
   */
  static FieldBody fieldBody(JsonParser p, String query, Set<String> valueKeys, Set<String> options)
      throws IOException {
    String fieldName = null;
    Object value = null;
    Map<String, Object> opts = new HashMap<>();
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        checkSingleField(p, query, fieldName, current);
        fieldName = current;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          if (t == JsonToken.FIELD_NAME) {
            current = p.currentName();
          } else if (t.isScalarValue()) {
            if (valueKeys.contains(current)) {
              value = Json.scalar(p);
            } else if (current.equals("boost")) {
              opts.put("boost", QueryErrors.floatValue(p));
            } else if (current.equals("_name")) {
              QueryNames.name(p.getText());
            } else if (options.contains(current)) {
              opts.put(current, Json.scalar(p));
            } else {
              throw doesNotSupport(p, query, current);
            }
          } else {
            throw unknownToken(p, query, t, current);
          }
        }
      } else if (t.isScalarValue() && ("boost".equals(current) || "_name".equals(current))) {
        if ("boost".equals(current)) {
          opts.put("boost", QueryErrors.floatValue(p));
        } else {
          QueryNames.name(p.getText());
        }
      } else if (t.isScalarValue()) {
        checkSingleField(p, query, fieldName, current);
        fieldName = current;
        value = Json.scalar(p);
      } else {
        throw unknownToken(p, query, t, current);
      }
    }
    return new FieldBody(fieldName, value, opts);
  }

  /**
   * Reads a flat body of scalar options and arrays of scalars; {@code boost} and {@code _name} are
   * always accepted.
   */
  static Map<String, Object> flatBody(
      JsonParser p, String query, Set<String> scalars, Set<String> arrays) throws IOException {
    Map<String, Object> out = new HashMap<>();
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_ARRAY && arrays.contains(current)) {
        List<Object> values = new ArrayList<>();
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
          if (!t.isScalarValue()) {
            throw unknownToken(p, query, t, current);
          }
          values.add(Json.scalar(p));
        }
        out.put(current, values);
      } else if (t.isScalarValue()) {
        if (current.equals("boost")) {
          out.put("boost", QueryErrors.floatValue(p));
        } else if (current.equals("_name")) {
          QueryNames.name(p.getText());
        } else if (scalars.contains(current) || arrays.contains(current)) {
          out.put(current, Json.scalar(p));
        } else {
          throw doesNotSupport(p, query, current);
        }
      } else {
        throw t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT
            ? doesNotSupport(p, query, current)
            : unknownToken(p, query, t, current);
      }
    }
    return out;
  }

  static float boost(Map<String, Object> body) {
    Float b = floatOrNull(body, "boost");
    return b == null ? 1f : b;
  }

  static int integer(Map<String, Object> body, String key, int otherwise) {
    Object v = body.get(key);
    if (v == null) {
      return otherwise;
    }
    if (v instanceof Number n) {
      return n.intValue();
    }
    try {
      return Integer.parseInt(String.valueOf(v).trim());
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("For input string: \"" + v + "\"");
    }
  }

  static boolean bool(Map<String, Object> body, String key, boolean otherwise) {
    Object v = body.get(key);
    if (v == null) {
      return otherwise;
    }
    if (v instanceof Boolean b) {
      return b;
    }
    String s = String.valueOf(v);
    if (s.equals("true") || s.equals("false")) {
      return s.equals("true");
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + s + "] as only [true] or [false] are allowed.");
  }

  static Float floatOrNull(Map<String, Object> body, String key) {
    Double v = doubleOrNull(body, key);
    return v == null ? null : v.floatValue();
  }

  /** A number, or its text as OpenSearch accepts it; anything else (a boolean) is a 400. */
  static Double doubleOrNull(Map<String, Object> body, String key) {
    Object v = body.get(key);
    if (v == null) {
      return null;
    }
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(String.valueOf(v));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("For input string: \"" + v + "\"");
    }
  }

  /** A required value: OpenSearch's parse error when the body gave none. */
  static void require(JsonParser p, Object value, String reason) {
    if (value == null) {
      throw error(p, reason);
    }
  }
}
