package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes alias requests: the {@code actions} of {@code POST /_aliases}, the body of {@code PUT
 * /{index}/_alias/{name}} and the {@code aliases} of {@code PUT /{index}}. A cold path, so it reads
 * neutral maps.
 */
public final class AliasesRequestDecoder {
  private AliasesRequestDecoder() {}

  /** {@code POST /_aliases}. */
  public static List<AliasAction> actions(byte[] data, int offset, int length) throws IOException {
    Map<String, Object> body = readObject(data, offset, length);
    List<AliasAction> out = new ArrayList<>();
    for (Map.Entry<String, Object> e : body.entrySet()) {
      if (!e.getKey().equals("actions")) {
        throw DuetException.badRequest(
            "x_content_parse_exception", "[aliases] unknown field [" + e.getKey() + "]");
      }
      if (e.getValue() == null) {
        throw DuetException.badRequest(
            "x_content_parse_exception",
            "[aliases] actions doesn't support values of type: VALUE_NULL");
      }
      List<?> actions = e.getValue() instanceof List<?> list ? list : List.of(e.getValue());
      for (Object action : actions) {
        out.add(action(action));
      }
    }
    return out;
  }

  /**
   * {@code PUT /{index}/_alias/{name}} (either path part may be missing) with its optional body as
   * one add action: the body's {@code index} and {@code alias} override the path's, and a field
   * OpenSearch does not know is refused, as OpenSearch refuses it.
   */
  public static AliasAction.Add put(String indices, String alias, byte[] data, int off, int len)
      throws IOException {
    Map<String, Object> body = len == 0 ? Map.of() : readObject(data, off, len);
    for (Map.Entry<String, Object> e : body.entrySet()) {
      String field = e.getKey();
      boolean known =
          switch (field) {
            case "index", "alias", "routing", "index_routing", "search_routing" ->
                !(e.getValue() instanceof Map<?, ?> || e.getValue() instanceof List<?>);
            case "indexRouting", "index-routing", "searchRouting", "search-routing" ->
                !(e.getValue() instanceof Map<?, ?> || e.getValue() instanceof List<?>);
            case "is_write_index", "is_hidden" -> !(e.getValue() instanceof Map<?, ?>);
            case "filter" -> e.getValue() instanceof Map<?, ?>;
            default -> false;
          };
      if (!known) {
        throw DuetException.illegalArgument("unknown field [" + field + "]");
      }
    }
    if (body.get("index") != null) {
      indices = String.valueOf(body.get("index"));
    }
    if (body.get("alias") != null) {
      alias = String.valueOf(body.get("alias"));
    }
    List<String> targets = indices == null ? List.of() : split(indices);
    if (targets.isEmpty()) {
      throw DuetException.illegalArgument("[indices] can't be empty");
    }
    if (alias == null || alias.isBlank()) {
      throw DuetException.illegalArgument("[alias] can't be empty string");
    }
    Map<String, Object> spec = new LinkedHashMap<>(body);
    for (String dashed : List.of("indexRouting", "index-routing")) {
      if (spec.get(dashed) != null) {
        spec.put("index_routing", spec.get(dashed));
      }
    }
    for (String dashed : List.of("searchRouting", "search-routing")) {
      if (spec.get(dashed) != null) {
        spec.put("search_routing", spec.get(dashed));
      }
    }
    return new AliasAction.Add(targets, List.of(alias), template(alias, spec), false);
  }

  /** The {@code aliases} object of a create-index body, by alias name. */
  public static Map<String, AliasMetadata> aliases(Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      throw DuetException.badRequest(
          "parse_exception",
          "Failed to parse aliases: expected an object but found [" + value + "]");
    }
    Map<String, AliasMetadata> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String name = String.valueOf(e.getKey());
      Map<?, ?> spec = e.getValue() instanceof Map<?, ?> m ? m : Map.of();
      out.put(name, template(name, spec));
    }
    return out;
  }

  private static AliasAction action(Object node) {
    if (!(node instanceof Map<?, ?> map) || map.size() != 1) {
      throw DuetException.badRequest(
          "x_content_parse_exception", "[alias_action] expected exactly one action");
    }
    Map.Entry<?, ?> only = map.entrySet().iterator().next();
    String type = String.valueOf(only.getKey());
    Map<?, ?> spec = only.getValue() instanceof Map<?, ?> m ? m : Map.of();
    List<String> indices = names(spec, "index", "indices");
    switch (type) {
      case "add" -> {
        List<String> aliases = names(spec, "alias", "aliases");
        requireAliases(aliases);
        requireIndices(indices);
        return new AliasAction.Add(
            indices, aliases, template(aliases.get(0), spec), Boolean.TRUE.equals(mustExist(spec)));
      }
      case "remove" -> {
        List<String> aliases = names(spec, "alias", "aliases");
        requireAliases(aliases);
        requireIndices(indices);
        return new AliasAction.Remove(indices, aliases, mustExist(spec));
      }
      case "remove_index" -> {
        requireIndices(indices);
        return new AliasAction.RemoveIndex(indices);
      }
      default ->
          throw DuetException.badRequest(
              "x_content_parse_exception", "[alias_action] unknown field [" + type + "]");
    }
  }

  @SuppressWarnings("unchecked")
  private static AliasMetadata template(String alias, Map<?, ?> spec) {
    Map<String, Object> filter = null;
    String indexRouting = null;
    String searchRouting = null;
    Boolean isWriteIndex = null;
    Boolean isHidden = null;
    for (Map.Entry<?, ?> e : spec.entrySet()) {
      Object v = e.getValue();
      switch (String.valueOf(e.getKey())) {
        case "filter" -> {
          if (v instanceof Map<?, ?> m && !m.isEmpty()) {
            filter = (Map<String, Object>) m;
          }
        }
        case "routing" -> {
          indexRouting = String.valueOf(v);
          searchRouting = String.valueOf(v);
        }
        case "index_routing" -> indexRouting = String.valueOf(v);
        case "search_routing" -> searchRouting = String.valueOf(v);
        case "is_write_index" -> isWriteIndex = bool(v);
        case "is_hidden" -> isHidden = bool(v);
        default -> {} // index, alias, must_exist: read elsewhere
      }
    }
    return new AliasMetadata(alias, filter, indexRouting, searchRouting, isWriteIndex, isHidden);
  }

  private static Boolean mustExist(Map<?, ?> spec) {
    Object v = spec.get("must_exist");
    return v == null ? null : bool(v);
  }

  private static Boolean bool(Object v) {
    String s = String.valueOf(v);
    if (s.equals("true") || s.equals("false")) {
      return Boolean.valueOf(s);
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + s + "] as only [true] or [false] are allowed.");
  }

  private static List<String> names(Map<?, ?> spec, String one, String many) {
    List<String> out = new ArrayList<>();
    Object single = spec.get(one);
    if (single != null) {
      out.add(String.valueOf(single));
      if (out.getLast().isEmpty()) {
        throw parseFailure("[" + one + "] can't be empty string");
      }
    }
    Object list = spec.get(many);
    if (list instanceof List<?> l) {
      if (l.isEmpty()) {
        throw parseFailure("[" + many + "] can't be empty");
      }
      l.forEach(x -> out.add(String.valueOf(x)));
    } else if (list != null) {
      out.add(String.valueOf(list));
    }
    if (out.contains("")) {
      throw parseFailure("[" + many + "] can't contain empty string");
    }
    return out;
  }

  /** OpenSearch's refusal of an empty name in an alias action: never "every index". */
  private static DuetException parseFailure(String why) {
    return new DuetException(
        400,
        "x_content_parse_exception",
        "[aliases] failed to parse field [actions]",
        Map.of(),
        DuetException.illegalArgument(why));
  }

  private static void requireAliases(List<String> aliases) {
    if (aliases.isEmpty()) {
      throw new DuetException(
          400,
          "x_content_parse_exception",
          "[aliases] failed to parse field [actions]",
          Map.of(),
          DuetException.illegalArgument("One of [alias] or [aliases] is required"));
    }
  }

  private static void requireIndices(List<String> indices) {
    if (indices.isEmpty()) {
      throw new DuetException(
          400,
          "x_content_parse_exception",
          "[aliases] failed to parse field [actions]",
          Map.of(),
          DuetException.illegalArgument("One of [index] or [indices] is required"));
    }
  }

  private static List<String> split(String names) {
    List<String> out = new ArrayList<>();
    for (String s : names.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> readObject(byte[] data, int offset, int length)
      throws IOException {
    if (length == 0) {
      throw DuetException.badRequest("parse_exception", "request body is required");
    }
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
