package dev.duet.gateway.peek;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.gateway.config.GatewayConfig.Action;
import dev.duet.gateway.error.RequestRefused;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * A {@code _reindex} body's indices: it reads {@code source.index} (names, wildcards, aliases) and
 * writes {@code dest.index}, so the tenant must hold {@code write} on all of them — a reindex must
 * not copy out of an index the tenant may not see. A body naming no index is checked as every one.
 */
final class ReindexPeeker {
  private static final JsonFactory JSON = new JsonFactory();

  private ReindexPeeker() {}

  static Operation reindex(byte[] body) {
    LinkedHashSet<String> sources = new LinkedHashSet<>();
    String dest = null;
    try (JsonParser p = JSON.createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw RequestRefused.badRequest("_reindex: expected a JSON object body");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if ((field.equals("source") || field.equals("dest"))
            && p.currentToken() == JsonToken.START_OBJECT) {
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken t = p.nextToken();
            if (!key.equals("index")) {
              p.skipChildren();
            } else if (field.equals("dest")) {
              dest = string(p, t);
            } else if (t == JsonToken.START_ARRAY) {
              while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                sources.addAll(IndexPatterns.split(string(p, t)));
              }
            } else {
              sources.addAll(IndexPatterns.split(string(p, t)));
            }
          }
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException e) {
      throw RequestRefused.badRequest("_reindex: cannot read the body: " + e.getMessage());
    }
    List<String> indices = new ArrayList<>(sources);
    if (sources.isEmpty()) {
      indices.add("*");
    }
    indices.add(dest == null ? "*" : dest);
    return Operation.of("reindex", Action.WRITE, indices);
  }

  private static String string(JsonParser p, JsonToken t) throws IOException {
    if (t != JsonToken.VALUE_STRING) {
      throw RequestRefused.badRequest("_reindex: [index] must be a string");
    }
    return p.getText();
  }
}
