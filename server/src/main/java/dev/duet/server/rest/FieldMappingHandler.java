package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET [/{index}]/_mapping/field/{fields}}: each named field's mapping by its full path, as
 * OpenSearch answers it: leaf fields and multi-fields (objects are not fields), the metadata fields
 * by name or wildcard, names and {@code *} wildcards matched against full paths; an index none of
 * whose fields match answers an empty {@code mappings}.
 */
final class FieldMappingHandler implements RestHandler {
  /** The metadata fields every OpenSearch 3.8 index has. */
  private static final List<String> METADATA_FIELDS =
      List.of(
          "_routing",
          "_doc_count",
          "_index",
          "_feature",
          "_ignored",
          "_seq_no",
          "_nested_path",
          "_data_stream_timestamp",
          "_field_names",
          "_source",
          "_id",
          "_version");

  private final Actions actions;

  FieldMappingHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    List<String> patterns = IndexHandlers.split(request.pathParam("fields"));
    boolean defaults = request.paramAsBoolean("include_defaults", false);
    List<IndexInfo> indices =
        actions.indices().list(request.pathParam("index"), RestIndicesOptions.of(request));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (IndexInfo info : indices) {
      Map<String, Leaf> fields = new LinkedHashMap<>();
      collect(info.mapping().toMap(), "", fields);
      g.writeObjectFieldStart(info.name());
      g.writeObjectFieldStart("mappings");
      for (String name : METADATA_FIELDS) {
        if (matches(patterns, name)) {
          g.writeObjectFieldStart(name);
          g.writeStringField("full_name", name);
          g.writeObjectFieldStart("mapping");
          g.writeEndObject();
          g.writeEndObject();
        }
      }
      for (Map.Entry<String, Leaf> e : fields.entrySet()) {
        if (!matches(patterns, e.getKey())) {
          continue;
        }
        Leaf leaf = e.getValue();
        g.writeObjectFieldStart(e.getKey());
        g.writeStringField("full_name", e.getKey());
        g.writeObjectFieldStart("mapping");
        g.writeFieldName(leaf.name());
        Json.writeValue(g, defaults ? withDefaults(leaf.definition()) : leaf.definition());
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** Every leaf and multi-field under an object's {@code properties}, by full path. */
  @SuppressWarnings("unchecked")
  private static void collect(Map<String, Object> object, String prefix, Map<String, Leaf> out) {
    Object properties = object.get("properties");
    if (!(properties instanceof Map<?, ?> props)) {
      return;
    }
    for (Map.Entry<?, ?> e : props.entrySet()) {
      String name = (String) e.getKey();
      if (!(e.getValue() instanceof Map<?, ?> raw)) {
        continue;
      }
      Map<String, Object> definition = (Map<String, Object>) raw;
      String path = prefix + name;
      if (definition.containsKey("properties")) {
        collect(definition, path + ".", out);
        continue;
      }
      Object type = definition.get("type");
      if (type == null || "object".equals(type) || "nested".equals(type)) {
        continue;
      }
      out.put(path, new Leaf(name, definition));
      if (definition.get("fields") instanceof Map<?, ?> subs) {
        for (Map.Entry<?, ?> sub : subs.entrySet()) {
          if (sub.getValue() instanceof Map<?, ?> subDefinition) {
            out.put(
                path + "." + sub.getKey(),
                new Leaf((String) sub.getKey(), (Map<String, Object>) subDefinition));
          }
        }
      }
    }
  }

  /** A text field's analyzers, which Duet defaults as OpenSearch does, when not set. */
  private static Map<String, Object> withDefaults(Map<String, Object> definition) {
    if (!"text".equals(definition.get("type"))) {
      return definition;
    }
    Map<String, Object> out = new LinkedHashMap<>(definition);
    Object analyzer = out.getOrDefault("analyzer", "default");
    out.putIfAbsent("analyzer", analyzer);
    out.putIfAbsent("search_analyzer", analyzer);
    out.putIfAbsent("search_quote_analyzer", out.get("search_analyzer"));
    return out;
  }

  private static boolean matches(List<String> patterns, String path) {
    for (String pattern : patterns) {
      if (pattern.equals(path) || (pattern.contains("*") && Patterns.matches(pattern, path))) {
        return true;
      }
    }
    return false;
  }

  private record Leaf(String name, Map<String, Object> definition) {}
}
