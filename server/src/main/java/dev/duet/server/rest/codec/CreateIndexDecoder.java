package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes the body of {@code PUT /{index}}: {@code settings} in any of OpenSearch's forms (flat
 * {@code index.x}, nested {@code {"index":{"x":..}}}, bare {@code x}) into un-prefixed keys, and
 * {@code mappings} through {@link Mapping#fromMap}. A cold path, so it reads neutral maps.
 */
public final class CreateIndexDecoder {
  private CreateIndexDecoder() {}

  /** What the body asks for. */
  public record CreateIndexBody(
      IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {}

  public static CreateIndexBody decode(byte[] data, int offset, int length) throws IOException {
    if (length == 0) {
      return new CreateIndexBody(IndexSettings.DEFAULTS, Mapping.EMPTY, Map.of());
    }
    return fromMap(readObject(data, offset, length));
  }

  /** What a create-index body, already read into its neutral map form, asks for. */
  public static CreateIndexBody fromMap(Map<String, Object> body) {
    IndexSettings settings = IndexSettings.DEFAULTS;
    Mapping mapping = Mapping.EMPTY;
    Map<String, AliasMetadata> aliases = Map.of();
    if (body.containsKey("settings")) {
      // Settings first: the mapping may name analyzers they define.
      settings = settings(body.get("settings"));
    }
    for (Map.Entry<String, Object> e : body.entrySet()) {
      switch (e.getKey()) {
        case "settings" -> {}
        case "mappings" -> mapping = mapping(e.getValue(), settings);
        case "aliases" -> aliases = AliasesRequestDecoder.aliases(e.getValue());
        default ->
            throw DuetException.badRequest(
                "parse_exception", "unknown key [" + e.getKey() + "] for create index");
      }
    }
    return new CreateIndexBody(settings, mapping, aliases);
  }

  /** Flattens settings to the engine's un-prefixed keys with string values. */
  public static IndexSettings settings(Object value) {
    if (value == null) {
      return IndexSettings.DEFAULTS;
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw DuetException.badRequest(
          "parse_exception",
          "Failed to parse settings: expected an object but found [" + value + "]");
    }
    Map<String, String> flat = new LinkedHashMap<>();
    Map<String, List<String>> lists = new LinkedHashMap<>();
    flatten("", map, flat, lists);
    Map<String, String> unprefixed = new LinkedHashMap<>();
    Map<String, List<String>> unprefixedLists = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : flat.entrySet()) {
      String key = e.getKey().startsWith("index.") ? e.getKey().substring(6) : e.getKey();
      unprefixed.put(key, e.getValue());
      List<String> list = lists.get(e.getKey());
      if (list != null) {
        unprefixedLists.put(key, list);
      }
    }
    return new IndexSettings(unprefixed, unprefixedLists);
  }

  /**
   * The body of {@code PUT /{index}/_mapping} as a neutral map, which the engine merges; a body
   * wrapped in the {@code _doc} type is a 400, as in OpenSearch 2 and later.
   */
  public static Map<String, Object> mappingUpdate(byte[] data, int offset, int length)
      throws IOException {
    Map<String, Object> map = AliasesRequestDecoder.readObject(data, offset, length);
    if (map.size() == 1 && map.containsKey("_doc")) {
      throw DuetException.illegalArgument("Types cannot be provided in put mapping requests");
    }
    return map;
  }

  /**
   * The body of {@code PUT /{index}/_settings}: flat keys with {@code index.} (a {@code settings}
   * wrapper is accepted, as OpenSearch does); JSON null resets a setting, so it is kept as null.
   */
  @SuppressWarnings("unchecked")
  public static Map<String, String> settingsUpdate(byte[] data, int offset, int length)
      throws IOException {
    Map<String, Object> map = AliasesRequestDecoder.readObject(data, offset, length);
    if (map.size() == 1 && map.get("settings") instanceof Map<?, ?> inner) {
      map = (Map<String, Object>) inner;
    }
    Map<String, String> flat = new LinkedHashMap<>();
    flattenWithNulls("", map, flat);
    return flat;
  }

  private static void flattenWithNulls(String prefix, Map<?, ?> map, Map<String, String> out) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = prefix + e.getKey();
      Object v = e.getValue();
      if (v instanceof Map<?, ?> nested) {
        flattenWithNulls(key + ".", nested, out);
      } else if (v instanceof List<?> list) {
        out.put(key, String.join(",", list.stream().map(String::valueOf).toList()));
      } else {
        out.put(key, v == null ? null : String.valueOf(v));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Mapping mapping(Object value, IndexSettings settings) {
    if (value == null) {
      return Mapping.EMPTY;
    }
    if (!(value instanceof Map<?, ?>)) {
      throw DuetException.badRequest(
          "mapper_parsing_exception", "Failed to parse mapping: mappings must be an object");
    }
    Map<String, Object> map = (Map<String, Object>) value;
    // Type-wrapped mappings ({"_doc":{"properties":..}}) are still accepted by OpenSearch.
    if (map.size() == 1 && map.get("_doc") instanceof Map<?, ?> inner) {
      map = (Map<String, Object>) inner;
    }
    return Mapping.fromMap(map, defined(settings, "analyzer"), defined(settings, "normalizer"));
  }

  /** The names {@code analysis.<kind>.<name>.*} settings define. */
  private static java.util.Set<String> defined(IndexSettings settings, String kind) {
    java.util.Set<String> names = new java.util.HashSet<>();
    String prefix = "analysis." + kind + ".";
    for (String key : settings.values().keySet()) {
      if (key.startsWith(prefix)) {
        int dot = key.indexOf('.', prefix.length());
        names.add(dot < 0 ? key.substring(prefix.length()) : key.substring(prefix.length(), dot));
      }
    }
    return names;
  }

  private static void flatten(
      String prefix, Map<?, ?> map, Map<String, String> out, Map<String, List<String>> lists) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = prefix + e.getKey();
      Object v = e.getValue();
      if (v instanceof Map<?, ?> nested) {
        flatten(key + ".", nested, out, lists);
      } else if (v instanceof List<?> list) {
        List<String> elements = list.stream().map(String::valueOf).toList();
        lists.put(key, elements);
        out.put(key, String.join(",", elements));
      } else if (v != null) {
        out.put(key, String.valueOf(v));
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> readObject(byte[] data, int offset, int length)
      throws IOException {
    try (JsonParser p = Json.parser(data, offset, length)) {
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_OBJECT) {
        throw DuetException.badRequest(
            "parse_exception",
            "Failed to derive xcontent; expected START_OBJECT but found ["
                + Json.tokenName(t)
                + "]");
      }
      Map<String, Object> map = (Map<String, Object>) Json.readValue(p);
      p.nextToken();
      return map;
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
  }
}
