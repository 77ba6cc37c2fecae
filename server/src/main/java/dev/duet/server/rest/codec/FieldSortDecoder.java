package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.NestedSort;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;

/**
 * A field sort's {@code mode} and {@code nested} options, with OpenSearch's parse errors: each
 * failure wrapped as "[field_sort] failed to parse field [...]" at the value.
 */
final class FieldSortDecoder {
  private FieldSortDecoder() {}

  /** {@code mode}: min, max, sum, avg or median; the parser is on the value. */
  static String mode(JsonParser p) throws IOException {
    String mode = p.getText();
    return switch (mode.toLowerCase(Locale.ROOT)) {
      case "min", "max", "sum", "avg", "median" -> mode.toLowerCase(Locale.ROOT);
      default ->
          throw failedToParse(
              p, "mode", DuetException.illegalArgument("Unknown SortMode [" + mode + "]"));
    };
  }

  /** {@code nested}: path, filter, max_children and a deeper nested; the parser is on its start. */
  static NestedSort nested(JsonParser p) throws IOException {
    try {
      return nestedObject(p);
    } catch (DuetException e) {
      throw failedToParse(p, "nested", e);
    }
  }

  private static NestedSort nestedObject(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw DuetException.illegalArgument(
          "malformed nested sort format, only start object is allowed");
    }
    String path = null;
    Query filter = null;
    Integer maxChildren = null;
    NestedSort nested = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      p.nextToken();
      switch (key) {
        case "path" -> path = p.getText();
        case "filter" -> filter = QueryDecoder.parse(p);
        case "max_children" -> maxChildren = p.getValueAsInt();
        case "nested" -> nested = nestedObject(p);
        default ->
            throw DuetException.illegalArgument(
                "malformed nested sort format, unknown field name [" + key + "]");
      }
    }
    return new NestedSort(path, filter, maxChildren, nested);
  }

  private static DuetException failedToParse(JsonParser p, String field, DuetException cause) {
    return new DuetException(
        400,
        "x_content_parse_exception",
        Json.location(p) + " [field_sort] failed to parse field [" + field + "]",
        Map.of(),
        cause);
  }
}
