package dev.duet.server.rest.codec;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.ResizeRequest;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes the body of {@code _shrink}, {@code _split} and {@code _clone}: {@code settings} (flat or
 * nested, {@code index.} prefix optional, a JSON null kept as null: it keeps a source setting from
 * being copied), {@code aliases} and {@code max_shard_size}; any other key is OpenSearch's 400.
 */
public final class ResizeDecoder {
  private ResizeDecoder() {}

  public static ResizeRequest decode(
      ResizeRequest.Type type, String source, String target, byte[] data, int offset, int length)
      throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, AliasMetadata> aliases = Map.of();
    String maxShardSize = null;
    if (length > 0) {
      Map<String, Object> body = AliasesRequestDecoder.readObject(data, offset, length);
      for (Map.Entry<String, Object> e : body.entrySet()) {
        switch (e.getKey()) {
          case "settings" -> {
            if (e.getValue() instanceof Map<?, ?> map) {
              flatten("", map, settings);
            } else if (e.getValue() != null) {
              throw DuetException.badRequest(
                  "x_content_parse_exception",
                  "[resize_request] settings doesn't support values of type: VALUE_STRING");
            }
          }
          case "aliases" -> aliases = AliasesRequestDecoder.aliases(e.getValue());
          case "max_shard_size" ->
              maxShardSize = e.getValue() == null ? null : String.valueOf(e.getValue());
          default ->
              throw DuetException.badRequest(
                  "x_content_parse_exception",
                  "[resize_request] unknown field [" + e.getKey() + "]");
        }
      }
    }
    return new ResizeRequest(type, source, target, settings, aliases, maxShardSize);
  }

  private static void flatten(String prefix, Map<?, ?> map, Map<String, String> out) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = prefix + e.getKey();
      Object v = e.getValue();
      if (v instanceof Map<?, ?> nested) {
        flatten(key + ".", nested, out);
        continue;
      }
      String unprefixed = key.startsWith("index.") ? key.substring("index.".length()) : key;
      if (v instanceof List<?> list) {
        out.put(unprefixed, String.join(",", list.stream().map(String::valueOf).toList()));
      } else {
        out.put(unprefixed, v == null ? null : String.valueOf(v));
      }
    }
  }
}
