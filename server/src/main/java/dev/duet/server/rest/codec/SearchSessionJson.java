package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.PointInTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The bodies of {@code _search/point_in_time} and {@code _search/scroll}, read and written in
 * OpenSearch's shapes.
 */
public final class SearchSessionJson {
  private SearchSessionJson() {}

  /** A scroll request body's values; null when absent. */
  public record ScrollBody(String scrollId, String scroll) {}

  /** {@code {"scroll_id": "...", "scroll": "1m"}}; unknown keys are OpenSearch's 400. */
  public static ScrollBody scrollBody(byte[] body, int offset, int length) throws IOException {
    String scrollId = null;
    String scroll = null;
    if (length == 0) {
      return new ScrollBody(null, null);
    }
    try (JsonParser p = Json.parser(body, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw DuetException.illegalArgument("Malformed content, must start with an object");
      }
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        t = p.nextToken();
        if (field.equals("scroll_id") && t == JsonToken.VALUE_STRING) {
          scrollId = p.getText();
        } else if (field.equals("scroll") && t == JsonToken.VALUE_STRING) {
          scroll = p.getText();
        } else {
          throw DuetException.illegalArgument(
              "Unknown parameter ["
                  + field
                  + "] in request body or parameter is of the wrong type["
                  + Json.tokenName(t)
                  + "] ");
        }
      }
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
    return new ScrollBody(scrollId, scroll);
  }

  /** The ids under {@code key} ({@code pit_id}, {@code scroll_id}): one string or a list. */
  public static List<String> ids(byte[] body, int offset, int length, String key)
      throws IOException {
    List<String> ids = new ArrayList<>();
    if (length == 0) {
      return ids;
    }
    try (JsonParser p = Json.parser(body, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw DuetException.illegalArgument("Malformed content, must start with an object");
      }
      JsonToken t;
      while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        t = p.nextToken();
        if (!field.equals(key)) {
          throw DuetException.illegalArgument("Unknown parameter [" + field + "] in request body");
        }
        if (t == JsonToken.VALUE_STRING) {
          ids.add(p.getText());
        } else if (t == JsonToken.START_ARRAY) {
          while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.VALUE_STRING) {
              throw DuetException.illegalArgument(
                  key + " array element should only contain " + key);
            }
            ids.add(p.getText());
          }
        } else {
          throw DuetException.illegalArgument(key + " should be a string or an array of strings");
        }
      }
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
    return ids;
  }

  public static void createdPit(PointInTime pit, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("pit_id", pit.id());
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", pit.totalShards());
    g.writeNumberField("successful", pit.totalShards());
    g.writeNumberField("skipped", 0);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeNumberField("creation_time", pit.creationTime());
    g.writeEndObject();
  }

  public static void deletedPits(List<String> ids, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("pits");
    for (String id : ids) {
      g.writeStartObject();
      g.writeBooleanField("successful", true);
      g.writeStringField("pit_id", id);
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  public static void pits(List<PointInTime> pits, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("pits");
    for (PointInTime pit : pits) {
      g.writeStartObject();
      g.writeStringField("pit_id", pit.id());
      g.writeNumberField("creation_time", pit.creationTime());
      g.writeNumberField("keep_alive", pit.keepAliveMillis());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  public static void clearedScrolls(int freed, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeBooleanField("succeeded", true);
    g.writeNumberField("num_freed", freed);
    g.writeEndObject();
  }
}
