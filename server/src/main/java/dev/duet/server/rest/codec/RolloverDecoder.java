package dev.duet.server.rest.codec;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.RolloverRequest;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@code _rollover} body ({@code conditions} beside a create-index body's {@code settings},
 * {@code mappings} and {@code aliases}) into the engine's {@link RolloverRequest}.
 */
public final class RolloverDecoder {
  private RolloverDecoder() {}

  public static RolloverRequest decode(
      String alias, String newIndex, boolean dryRun, byte[] data, int offset, int length)
      throws IOException {
    Map<String, Object> body =
        length == 0
            ? new LinkedHashMap<>()
            : new LinkedHashMap<>(AliasesRequestDecoder.readObject(data, offset, length));
    Object conditions = body.remove("conditions");
    CreateIndexDecoder.CreateIndexBody index = CreateIndexDecoder.fromMap(body);
    return new RolloverRequest(
        alias,
        newIndex,
        conditions(conditions),
        dryRun,
        index.settings(),
        index.mapping(),
        index.aliases());
  }

  private static RolloverRequest.Conditions conditions(Object value) {
    if (value == null) {
      return RolloverRequest.Conditions.NONE;
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw DuetException.parsing("[conditions] must be an object");
    }
    String maxAge = null;
    Long maxDocs = null;
    String maxSize = null;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object v = e.getValue();
      switch (key) {
        case "max_age" -> maxAge = String.valueOf(v);
        case "max_docs" -> {
          try {
            maxDocs = v instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(v));
          } catch (NumberFormatException ex) {
            throw DuetException.parsing("[max_docs] must be a number, found [" + v + "]");
          }
        }
        case "max_size" -> maxSize = String.valueOf(v);
        default -> throw DuetException.parsing("[conditions] unknown field [" + key + "]");
      }
    }
    return new RolloverRequest.Conditions(maxAge, maxDocs, maxSize);
  }
}
