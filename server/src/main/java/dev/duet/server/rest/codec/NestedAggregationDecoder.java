package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.Aggregation;
import dev.duet.server.rest.codec.AggregationsDecoder.Pending;
import java.io.IOException;

/**
 * {@code nested} ({@code path} required) and {@code reverse_nested} ({@code path} optional), with
 * OpenSearch's hand-written parser's errors rather than the object parser's.
 */
final class NestedAggregationDecoder {
  private NestedAggregationDecoder() {}

  static Pending parse(JsonParser p, String type, String name) throws IOException {
    String path = null;
    String field = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        field = p.currentName();
      } else if (t == JsonToken.VALUE_STRING && "path".equals(field)) {
        path = p.getText();
      } else if (t == JsonToken.VALUE_STRING) {
        throw QueryErrors.error(
            p, "Unknown key for a VALUE_STRING in [" + name + "]: [" + field + "].");
      } else {
        throw QueryErrors.error(p, "Unexpected token " + Json.tokenName(t) + " in [" + name + "].");
      }
    }
    if (type.equals("nested")) {
      if (path == null) {
        throw QueryErrors.error(p, "Missing [path] field for nested aggregation [" + name + "]");
      }
      String nestedPath = path;
      return subs -> new Aggregation.Nested(name, nestedPath, subs);
    }
    String reversePath = path;
    return subs -> new Aggregation.ReverseNested(name, reversePath, subs);
  }
}
