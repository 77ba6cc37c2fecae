package dev.duet.engine.mapping;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One entry of a mapping's {@code dynamic_templates}: which new fields it applies to ({@code
 * match_mapping_type}, {@code match}/{@code unmatch} on the field name, {@code path_match}/{@code
 * path_unmatch} on its dotted path, simple wildcards) and the {@code mapping} they get, where
 * {@code {name}} and {@code {dynamic_type}} are replaced as in OpenSearch.
 */
public record DynamicTemplate(
    String name, Map<String, Object> conditions, Map<String, Object> mapping) {
  private static final Set<String> TYPES =
      Set.of("object", "string", "long", "double", "boolean", "date", "binary", "*");
  private static final Set<String> CONDITIONS =
      Set.of("match_mapping_type", "match", "unmatch", "path_match", "path_unmatch");

  public DynamicTemplate {
    requireNonNull(name, "name");
    conditions = Collections.unmodifiableMap(new LinkedHashMap<>(conditions));
    mapping = Collections.unmodifiableMap(new LinkedHashMap<>(mapping));
  }

  /**
   * Whether the template applies to a new field: {@code path} is its full dotted path, {@code
   * mappingType} the JSON type OpenSearch names ({@code string}, {@code long}, {@code double},
   * {@code boolean}, {@code date}).
   */
  public boolean matches(String path, String mappingType) {
    String leafName = path.substring(path.lastIndexOf('.') + 1);
    Object type = conditions.get("match_mapping_type");
    if (type != null && !type.equals("*") && !type.equals(mappingType)) {
      return false;
    }
    return test("match", leafName, true)
        && !test("unmatch", leafName, false)
        && test("path_match", path, true)
        && !test("path_unmatch", path, false);
  }

  /** The mapping of a field the template matched, its placeholders replaced. */
  public FieldMapping fieldFor(String path, String mappingType) {
    String leafName = path.substring(path.lastIndexOf('.') + 1);
    // The type OpenSearch's dynamic mapping would give the value, as {dynamic_type} names it.
    String dynamicType =
        switch (mappingType) {
          case "string" -> "text";
          case "double" -> "float";
          default -> mappingType;
        };
    Map<String, Object> resolved = substitute(mapping, leafName, dynamicType);
    if (!resolved.containsKey("type")) {
      resolved.put("type", dynamicType);
    }
    return MappingParser.parseTemplateField(leafName, resolved);
  }

  /** The neutral map form, as the mapping shows it: {@code {name: {conditions..., mapping}}}. */
  public Map<String, Object> toMap() {
    Map<String, Object> body = new LinkedHashMap<>(conditions);
    body.put("mapping", mapping);
    return Map.of(name, body);
  }

  @SuppressWarnings("unchecked")
  static List<DynamicTemplate> parseAll(Object node) {
    if (!(node instanceof List<?> list)) {
      throw DuetException.illegalArgument(
          "Dynamic template syntax error. An array of named objects is expected.");
    }
    List<DynamicTemplate> out = new ArrayList<>();
    for (Object entry : list) {
      if (!(entry instanceof Map<?, ?> named) || named.size() != 1) {
        throw DuetException.illegalArgument(
            "Dynamic template syntax error. An array of named objects is expected.");
      }
      Map.Entry<?, ?> only = named.entrySet().iterator().next();
      if (!(only.getValue() instanceof Map<?, ?> body)) {
        throw DuetException.illegalArgument(
            "Dynamic template syntax error. An array of named objects is expected.");
      }
      Map<String, Object> conditions = new LinkedHashMap<>();
      Map<String, Object> mapping = Map.of();
      for (Map.Entry<?, ?> e : body.entrySet()) {
        String key = String.valueOf(e.getKey());
        if (key.equals("mapping") && e.getValue() instanceof Map<?, ?> m) {
          mapping = (Map<String, Object>) m;
        } else if (key.equals("match_mapping_type") && "*".equals(e.getValue())) {
          continue; // matches every type; OpenSearch does not show it either
        } else if (CONDITIONS.contains(key)) {
          conditions.put(key, String.valueOf(e.getValue()));
        } else {
          throw DuetException.illegalArgument("Illegal dynamic template parameter: [" + key + "]");
        }
      }
      Object type = conditions.get("match_mapping_type");
      if (type != null && !TYPES.contains(type)) {
        throw DuetException.illegalArgument(
            "No field type matched on ["
                + type
                + "], possible values are [object, string, long, double, boolean, date, binary]");
      }
      out.add(new DynamicTemplate(String.valueOf(only.getKey()), conditions, mapping));
    }
    return out;
  }

  private boolean test(String condition, String value, boolean absent) {
    Object pattern = conditions.get(condition);
    return pattern == null ? absent : Patterns.matches(pattern.toString(), value);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> substitute(
      Map<String, Object> node, String name, String dynamicType) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : node.entrySet()) {
      String key = replace(e.getKey(), name, dynamicType);
      Object v = e.getValue();
      if (v instanceof Map<?, ?> m) {
        out.put(key, substitute((Map<String, Object>) m, name, dynamicType));
      } else if (v instanceof String s) {
        out.put(key, replace(s, name, dynamicType));
      } else {
        out.put(key, v);
      }
    }
    return out;
  }

  private static String replace(String s, String name, String dynamicType) {
    return s.replace("{name}", name).replace("{dynamic_type}", dynamicType);
  }
}
