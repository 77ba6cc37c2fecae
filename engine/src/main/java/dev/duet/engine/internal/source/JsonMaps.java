package dev.duet.engine.internal.source;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Neutral-map JSON for the small documents the engine keeps about itself (index metadata) and for
 * error previews; never used on the document hot path.
 */
public final class JsonMaps {
  // Duplicate keys are an error, as in OpenSearch (strict duplicate detection).
  public static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private JsonMaps() {}

  public static byte[] write(Object value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.useDefaultPrettyPrinter();
      write(g, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** As {@link #write}, without whitespace: for sources handed back to clients. */
  public static byte[] writeCompact(Object value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      write(g, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  public static Object read(byte[] bytes) throws IOException {
    try (JsonParser p = JSON.createParser(bytes)) {
      return read(p, p.nextToken());
    }
  }

  /** Reads the value starting at the current token {@code t}. */
  public static Object read(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          map.put(name, read(p, p.nextToken()));
        }
        return map;
      }
      case START_ARRAY -> {
        List<Object> list = new ArrayList<>();
        JsonToken e;
        while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
          list.add(read(p, e));
        }
        return list;
      }
      case VALUE_STRING -> {
        return p.getText();
      }
      case VALUE_NUMBER_INT -> {
        return p.getNumberValue();
      }
      case VALUE_NUMBER_FLOAT -> {
        return p.getDoubleValue();
      }
      case VALUE_TRUE -> {
        return Boolean.TRUE;
      }
      case VALUE_FALSE -> {
        return Boolean.FALSE;
      }
      default -> {
        return null;
      }
    }
  }

  private static void write(JsonGenerator g, Object value) throws IOException {
    if (value instanceof Map<?, ?> map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        g.writeFieldName(String.valueOf(e.getKey()));
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (value instanceof List<?> list) {
      g.writeStartArray();
      for (Object o : list) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (value instanceof String s) {
      g.writeString(s);
    } else if (value instanceof Integer || value instanceof Long) {
      g.writeNumber(((Number) value).longValue());
    } else if (value instanceof Float f) {
      g.writeNumber(f); // 1.1f as 1.1, as OpenSearch writes an ingest processor's floats
    } else if (value instanceof java.math.BigInteger b) {
      g.writeNumber(b);
    } else if (value instanceof Number n) {
      g.writeNumber(n.doubleValue());
    } else if (value instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (value == null) {
      g.writeNull();
    } else {
      g.writeString(value.toString());
    }
  }
}
