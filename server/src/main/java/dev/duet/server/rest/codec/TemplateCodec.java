package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndexTemplate;
import dev.duet.engine.index.IndexTemplate.Kind;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Template bodies: {@code PUT _template/{name}} (legacy: {@code index_patterns}, {@code order},
 * {@code settings}, {@code mappings}, {@code aliases}), {@code PUT _index_template/{name}}
 * (composable: {@code template}, {@code composed_of}, {@code priority}) and {@code PUT
 * _component_template/{name}}, decoded into the engine's {@link IndexTemplate}, and written back as
 * OpenSearch's GET answers show them. A cold path, so it reads neutral maps.
 */
public final class TemplateCodec {
  private TemplateCodec() {}

  /** Decodes a template body of the given kind. */
  @SuppressWarnings("unchecked")
  public static IndexTemplate decode(Kind kind, String name, byte[] data, int offset, int length)
      throws IOException {
    Map<String, Object> body =
        length == 0 ? Map.of() : AliasesRequestDecoder.readObject(data, offset, length);
    Map<String, Object> template =
        kind == Kind.LEGACY ? body : (Map<String, Object>) object(body.get("template"), "template");
    IndexSettings settings = null;
    Map<String, Object> mappings = null;
    Map<String, AliasMetadata> aliases = null;
    if (template != null) {
      if (template.containsKey("settings")) {
        settings = CreateIndexDecoder.settings(template.get("settings"));
      }
      if (template.get("mappings") instanceof Map<?, ?> raw) {
        mappings = (Map<String, Object>) raw;
        if (mappings.size() == 1 && mappings.get("_doc") instanceof Map<?, ?> inner) {
          mappings = (Map<String, Object>) inner;
        }
      }
      if (template.containsKey("aliases")) {
        aliases = AliasesRequestDecoder.aliases(template.get("aliases"));
      }
    }
    if (kind == Kind.LEGACY && mappings == null) {
      mappings = Map.of();
    }
    return new IndexTemplate(
        kind,
        name,
        kind == Kind.COMPONENT ? List.of() : strings(body.get("index_patterns")),
        kind == Kind.LEGACY ? number(body.get("order"), 0L) : 0,
        kind == Kind.COMPOSABLE ? number(body.get("priority"), null) : null,
        number(body.get("version"), null),
        (Map<String, Object>) object(body.get("_meta"), "_meta"),
        kind == Kind.COMPOSABLE ? strings(body.get("composed_of")) : List.of(),
        settings,
        mappings,
        aliases);
  }

  /** {@code GET _template}: {@code {name: {order, version, index_patterns, settings, ...}}}. */
  public static void writeLegacy(JsonGenerator g, IndexTemplate t, boolean flatSettings)
      throws IOException {
    g.writeObjectFieldStart(t.name());
    g.writeNumberField("order", t.order());
    if (t.version() != null) {
      g.writeNumberField("version", t.version());
    }
    writeStrings(g, "index_patterns", t.indexPatterns());
    g.writeFieldName("settings");
    writeSettings(g, t.settings(), flatSettings);
    g.writeFieldName("mappings");
    Json.writeValue(g, t.mappings() == null ? Map.of() : t.mappings());
    g.writeFieldName("aliases");
    writeAliases(g, t.aliases());
    g.writeEndObject();
  }

  /** One entry of {@code GET _index_template}'s {@code index_templates} list. */
  public static void writeComposable(JsonGenerator g, IndexTemplate t, boolean flatSettings)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("name", t.name());
    g.writeObjectFieldStart("index_template");
    writeStrings(g, "index_patterns", t.indexPatterns());
    if (t.hasTemplate()) {
      g.writeFieldName("template");
      writeTemplate(g, t.settings(), t.mappings(), t.aliases(), flatSettings);
    }
    writeStrings(g, "composed_of", t.composedOf());
    if (t.priority() != null) {
      g.writeNumberField("priority", t.priority());
    }
    writeVersionAndMeta(g, t);
    g.writeEndObject();
    g.writeEndObject();
  }

  /** One entry of {@code GET _component_template}'s {@code component_templates} list. */
  public static void writeComponent(JsonGenerator g, IndexTemplate t, boolean flatSettings)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("name", t.name());
    g.writeObjectFieldStart("component_template");
    g.writeFieldName("template");
    writeTemplate(g, t.settings(), t.mappings(), t.aliases(), flatSettings);
    writeVersionAndMeta(g, t);
    g.writeEndObject();
    g.writeEndObject();
  }

  /** The simulate APIs' answer: the composed {@code template} and the {@code overlapping} ones. */
  public static void writeResolved(JsonGenerator g, IndexTemplate.Resolved resolved)
      throws IOException {
    g.writeStartObject();
    g.writeFieldName("template");
    writeTemplate(
        g,
        resolved.settings(),
        resolved.mappings().isEmpty() ? null : resolved.mappings(),
        resolved.aliases(),
        false);
    g.writeArrayFieldStart("overlapping");
    for (IndexTemplate t : resolved.overlapping()) {
      g.writeStartObject();
      g.writeStringField("name", t.name());
      writeStrings(g, "index_patterns", t.indexPatterns());
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void writeTemplate(
      JsonGenerator g,
      IndexSettings settings,
      Map<String, Object> mappings,
      Map<String, AliasMetadata> aliases,
      boolean flatSettings)
      throws IOException {
    g.writeStartObject();
    if (settings != null) {
      g.writeFieldName("settings");
      writeSettings(g, settings, flatSettings);
    }
    if (mappings != null) {
      g.writeFieldName("mappings");
      Json.writeValue(g, mappings);
    }
    if (aliases != null) {
      g.writeFieldName("aliases");
      writeAliases(g, aliases);
    }
    g.writeEndObject();
  }

  private static void writeVersionAndMeta(JsonGenerator g, IndexTemplate t) throws IOException {
    if (t.version() != null) {
      g.writeNumberField("version", t.version());
    }
    if (t.meta() != null) {
      g.writeFieldName("_meta");
      Json.writeValue(g, t.meta());
    }
  }

  private static void writeSettings(JsonGenerator g, IndexSettings settings, boolean flat)
      throws IOException {
    Map<String, String> prefixed = new TreeMap<>();
    Map<String, List<String>> lists = new TreeMap<>();
    if (settings != null) {
      settings.values().forEach((k, v) -> prefixed.put("index." + k, v));
      settings.lists().forEach((k, v) -> lists.put("index." + k, v));
    }
    IndexSettingsEncoder.write(g, prefixed, flat, lists);
  }

  private static void writeAliases(JsonGenerator g, Map<String, AliasMetadata> aliases)
      throws IOException {
    g.writeStartObject();
    if (aliases != null) {
      for (AliasMetadata alias : aliases.values()) {
        g.writeFieldName(alias.name());
        Json.writeValue(g, alias.toMap());
      }
    }
    g.writeEndObject();
  }

  private static void writeStrings(JsonGenerator g, String field, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(field);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  private static Object object(Object value, String field) {
    if (value != null && !(value instanceof Map<?, ?>)) {
      throw DuetException.badRequest(
          "x_content_parse_exception", "[" + field + "] must be an object");
    }
    return value;
  }

  private static List<String> strings(Object value) {
    if (value == null) {
      return List.of();
    }
    if (value instanceof List<?> list) {
      return list.stream().map(String::valueOf).toList();
    }
    return List.of(String.valueOf(value));
  }

  private static Long number(Object value, Long otherwise) {
    if (value == null) {
      return otherwise;
    }
    if (value instanceof Number n) {
      return n.longValue();
    }
    try {
      return Long.parseLong(String.valueOf(value).trim());
    } catch (NumberFormatException e) {
      throw DuetException.badRequest(
          "x_content_parse_exception", "failed to parse number [" + value + "]");
    }
  }
}
