package dev.duet.engine.mapping;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges a {@code PUT /{index}/_mapping} body into an index's mapping with OpenSearch's rules: new
 * fields and sub-fields are added; an existing field keeps its type and every parameter that
 * OpenSearch does not let change (a parameter the update leaves out counts as its default); the
 * updatable ones ({@code ignore_above}, {@code search_analyzer}, {@code ignore_malformed}, {@code
 * copy_to}, ...) take the update's value.
 */
final class MappingMerger {
  private static final List<String> FIXED_EVERYWHERE = List.of("index", "doc_values", "store");
  private static final Map<String, Object> DEFAULTS =
      Map.of(
          "index", true,
          "doc_values", true,
          "store", false,
          "norms", true,
          "analyzer", "default",
          "null_value", "null",
          "format", DateFormats.DEFAULT);

  private MappingMerger() {}

  /** {@code current} with {@code update} merged in; 400 on a change OpenSearch refuses. */
  static Mapping merge(Mapping current, Map<String, Object> update) {
    Mapping parsed = MappingParser.parseUpdate(update);
    Mapping.Dynamic dynamic = update.containsKey("dynamic") ? parsed.dynamic() : current.dynamic();
    Map<String, Object> meta = update.containsKey("_meta") ? parsed.meta() : current.meta();
    // OpenSearch replaces the whole list when the update has one.
    List<DynamicTemplate> templates =
        update.containsKey("dynamic_templates")
            ? parsed.dynamicTemplates()
            : current.dynamicTemplates();
    SourceMapping source =
        update.containsKey("_source") ? current.source().merge(parsed.source()) : current.source();
    if (update.containsKey("_routing") && parsed.routingRequired() != current.routingRequired()) {
      throw new DuetException(
          400,
          "illegal_argument_exception",
          "Mapper for [_routing] conflicts with existing mapper:\n\tCannot update parameter"
              + " [required] from ["
              + current.routingRequired()
              + "] to ["
              + parsed.routingRequired()
              + "]");
    }
    return new Mapping(
        dynamic,
        mergeProperties("", current.properties(), parsed.properties()),
        meta,
        templates,
        source,
        current.routingRequired());
  }

  private static Map<String, FieldMapping> mergeProperties(
      String prefix, Map<String, FieldMapping> current, Map<String, FieldMapping> update) {
    Map<String, FieldMapping> out = new LinkedHashMap<>(current);
    for (Map.Entry<String, FieldMapping> e : update.entrySet()) {
      String path = prefix + e.getKey();
      FieldMapping existing = current.get(e.getKey());
      out.put(
          e.getKey(), existing == null ? e.getValue() : mergeField(path, existing, e.getValue()));
    }
    return out;
  }

  private static FieldMapping mergeField(String path, FieldMapping current, FieldMapping update) {
    boolean currentObject = current.isObject();
    boolean updateObject = update.isObject();
    if (currentObject != updateObject) {
      throw DuetException.illegalArgument(
          "can't merge a non object mapping [" + path + "] with an object mapping");
    }
    if (currentObject && current.isNested() != update.isNested()) {
      throw DuetException.illegalArgument(
          current.isNested()
              ? "cannot change object mapping from nested to non-nested"
              : "cannot change object mapping from non-nested to nested");
    }
    if (currentObject && current.isNested()) {
      for (String key : List.of("include_in_parent", "include_in_root")) {
        if (update.params().containsKey(key)
            && !update.params().get(key).equals(current.params().getOrDefault(key, false))) {
          // OpenSearch answers 500; Duet keeps its words and type, as the client error it is.
          throw new DuetException(
              400,
              "mapper_exception",
              "the [" + key + "] parameter can't be updated on a nested object mapping");
        }
      }
    }
    if (currentObject) {
      Object enabled = current.params().getOrDefault("enabled", true);
      if (update.params().containsKey("enabled")
          && !update.params().get("enabled").equals(enabled)) {
        throw DuetException.illegalArgument(
            "the [enabled] parameter can't be updated for the object mapping [" + path + "]");
      }
      Map<String, Object> params = new LinkedHashMap<>(current.params());
      params.putAll(update.params());
      return new FieldMapping(
          current.type(),
          params,
          mergeProperties(path + ".", current.properties(), update.properties()),
          Map.of());
    }
    if (!current.type().equals(update.type())) {
      throw DuetException.illegalArgument(
          "mapper ["
              + path
              + "] cannot be changed from type ["
              + current.type()
              + "] to ["
              + update.type()
              + "]");
    }
    List<String> conflicts = new ArrayList<>();
    MappedType type = MappedTypes.of(current.type());
    for (String param : type == null ? FIXED_EVERYWHERE : type.fixedParameters()) {
      Object before = effective(current, param);
      Object after = effective(update, param);
      boolean normsDisabled =
          param.equals("norms") && Boolean.TRUE.equals(before) && Boolean.FALSE.equals(after);
      if (!String.valueOf(before).equals(String.valueOf(after)) && !normsDisabled) {
        conflicts.add(
            "Cannot update parameter [" + param + "] from [" + before + "] to [" + after + "]");
      }
    }
    if (!conflicts.isEmpty()) {
      throw DuetException.illegalArgument(
          "Mapper for ["
              + path
              + "] conflicts with existing mapper:\n\t"
              + String.join("\n\t", conflicts));
    }
    Map<String, FieldMapping> fields = new LinkedHashMap<>(current.fields());
    for (Map.Entry<String, FieldMapping> sub : update.fields().entrySet()) {
      FieldMapping existing = current.fields().get(sub.getKey());
      fields.put(
          sub.getKey(),
          existing == null
              ? sub.getValue()
              : mergeField(path + "." + sub.getKey(), existing, sub.getValue()));
    }
    return new FieldMapping(current.type(), update.params(), Map.of(), fields);
  }

  private static Object effective(FieldMapping field, String param) {
    Object value = field.params().get(param);
    return value != null ? value : DEFAULTS.get(param);
  }
}
