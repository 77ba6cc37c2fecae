package dev.duet.engine.internal.source;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The partial-document merge of {@code _update}, with OpenSearch's rules ({@code
 * XContentHelper.update}): objects merge key by key, recursively; any other value (arrays included)
 * replaces the old one; new keys go last. Whether anything changed is what {@code detect_noop}
 * answers.
 */
public final class SourceMerge {
  private SourceMerge() {}

  /** A JSON object's bytes as an ordered map; 400 {@code mapper_parsing_exception} if not one. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> parse(byte[] json) {
    try (JsonParser p = JsonMaps.JSON.createParser(json)) {
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_OBJECT) {
        throw new DuetException(
            400, "mapper_parsing_exception", "failed to parse, document is empty or not an object");
      }
      return (Map<String, Object>) JsonMaps.read(p, t);
    } catch (StreamReadException e) {
      throw new DuetException(
          400, "mapper_parsing_exception", "failed to parse: " + e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Merges {@code changes} into {@code source} in place; true if the result differs (always true
   * for any change when {@code detectChanges} is false, as in OpenSearch).
   */
  @SuppressWarnings("unchecked")
  public static boolean update(
      Map<String, Object> source, Map<String, Object> changes, boolean detectChanges) {
    boolean modified = false;
    for (Map.Entry<String, Object> change : changes.entrySet()) {
      String key = change.getKey();
      if (!source.containsKey(key)) {
        source.put(key, change.getValue());
        modified = true;
        continue;
      }
      Object old = source.get(key);
      if (old instanceof Map && change.getValue() instanceof Map) {
        // OpenSearch stops comparing inside once something changed: the result is the same.
        modified |=
            update(
                (Map<String, Object>) old,
                (Map<String, Object>) change.getValue(),
                detectChanges && !modified);
        continue;
      }
      source.put(key, change.getValue());
      if (modified) {
        continue;
      }
      modified = !detectChanges || !Objects.equals(old, change.getValue());
    }
    return modified;
  }

  /** Compact JSON of a parsed source, keys in map order. */
  public static byte[] write(Map<String, Object> source) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JsonMaps.JSON.createGenerator(out)) {
      writeValue(g, source);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void writeValue(JsonGenerator g, Object value) throws IOException {
    switch (value) {
      case null -> g.writeNull();
      case Map<?, ?> map -> {
        g.writeStartObject();
        for (Map.Entry<?, ?> e : map.entrySet()) {
          g.writeFieldName(String.valueOf(e.getKey()));
          writeValue(g, e.getValue());
        }
        g.writeEndObject();
      }
      case List<?> list -> {
        g.writeStartArray();
        for (Object o : list) {
          writeValue(g, o);
        }
        g.writeEndArray();
      }
      case String s -> g.writeString(s);
      case Integer i -> g.writeNumber(i);
      case Long l -> g.writeNumber(l);
      case java.math.BigInteger b -> g.writeNumber(b);
      case Number n -> g.writeNumber(n.doubleValue());
      case Boolean b -> g.writeBoolean(b);
      default -> g.writeString(value.toString());
    }
  }
}
