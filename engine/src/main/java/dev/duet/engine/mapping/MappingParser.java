package dev.duet.engine.mapping;

import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Converts mappings between the model and the neutral map form of OpenSearch's JSON, with
 * OpenSearch's validation: known types, known parameters per type (each type's own, from {@link
 * MappedType}), dotted names expanded into objects.
 */
final class MappingParser {
  /** Analyzers the engine ships; OpenSearch's built-in names. */
  static final Set<String> ANALYZERS =
      Set.of(
          "standard",
          "default",
          "simple",
          "whitespace",
          "keyword",
          "stop",
          "pattern",
          "fingerprint",
          "english",
          "arabic",
          "armenian",
          "basque",
          "bengali",
          "brazilian",
          "bulgarian",
          "catalan",
          "cjk",
          "czech",
          "danish",
          "dutch",
          "finnish",
          "french",
          "galician",
          "german",
          "greek",
          "hindi",
          "hungarian",
          "indonesian",
          "irish",
          "italian",
          "latvian",
          "lithuanian",
          "norwegian",
          "persian",
          "portuguese",
          "romanian",
          "russian",
          "sorani",
          "spanish",
          "swedish",
          "turkish",
          "thai");

  private static final Set<String> COMMON_PARAMS =
      Set.of("index", "store", "doc_values", "meta", "copy_to");
  private static final Set<String> BOOLEAN_PARAMS =
      Set.of("index", "store", "doc_values", "norms", "coerce", "ignore_malformed");
  private static final Set<String> OBJECT_PARAMS =
      Set.of("type", "properties", "dynamic", "enabled");
  private static final Set<String> NESTED_ONLY_PARAMS =
      Set.of("include_in_parent", "include_in_root");

  private MappingParser() {}

  static Mapping parse(Map<String, Object> mappings) {
    return parse(mappings, Set.of(), Set.of());
  }

  /**
   * Parses a mapping whose index defines the analyzers and normalizers named (besides the built-in
   * analyzers), so that fields may use them; null sets skip the check (a mapping read back from
   * disk was checked when it was created).
   */
  static Mapping parse(
      Map<String, Object> mappings, Set<String> customAnalyzers, Set<String> normalizers) {
    if (mappings == null || mappings.isEmpty()) {
      return Mapping.EMPTY;
    }
    try {
      if (customAnalyzers != null) {
        // A request's mapping; one read back from disk keeps the names it was stored with.
        checkNames(mappings.get("properties"));
      }
      Mapping parsed = parseRoot(mappings);
      if (customAnalyzers != null) {
        checkAnalysis(parsed.properties(), customAnalyzers, normalizers);
      }
      return parsed;
    } catch (DuetException e) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Failed to parse mapping [_doc]: " + e.reason(),
          Map.of(),
          e);
    }
  }

  /** A mapping update body: the same rules, with the field's own error unwrapped as OpenSearch. */
  static Mapping parseUpdate(Map<String, Object> mappings) {
    if (mappings == null || mappings.isEmpty()) {
      return Mapping.EMPTY;
    }
    checkNames(mappings.get("properties"));
    return parseRoot(mappings);
  }

  private static Mapping parseRoot(Map<String, Object> mappings) {
    Mapping.Dynamic dynamic = Mapping.Dynamic.TRUE;
    Map<String, FieldMapping> properties = Map.of();
    Map<String, Object> meta = Map.of();
    List<DynamicTemplate> templates = List.of();
    SourceMapping source = SourceMapping.DEFAULT;
    boolean routingRequired = false;
    for (Map.Entry<String, Object> e : mappings.entrySet()) {
      switch (e.getKey()) {
        case "_source" -> source = SourceMapping.parse(e.getValue());
        case "_routing" -> routingRequired = parseRouting(e.getValue());
        case "dynamic" -> dynamic = parseDynamic(e.getValue(), "_doc");
        case "properties" -> properties = parseProperties(e.getValue(), "properties");
        case "_meta" -> meta = parseMeta(e.getValue());
        case "dynamic_templates" -> templates = DynamicTemplate.parseAll(e.getValue());
        default ->
            throw failure(
                "Root mapping definition has unsupported parameters:  ["
                    + e.getKey()
                    + " : "
                    + e.getValue()
                    + "]");
      }
    }
    return new Mapping(dynamic, properties, meta, templates, source, routingRequired);
  }

  /** {@code _routing}: only {@code required}, a strict boolean. */
  private static boolean parseRouting(Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      throw failure("[_routing] must be an object, got [" + value + "]");
    }
    boolean required = false;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (!"required".equals(e.getKey())) {
        throw failure("unknown parameter [" + e.getKey() + "] on mapper [_routing] of type [null]");
      }
      Object v = e.getValue();
      if (v instanceof Boolean b) {
        required = b;
      } else if ("true".equals(String.valueOf(v)) || "false".equals(String.valueOf(v))) {
        required = Boolean.parseBoolean(String.valueOf(v));
      } else {
        throw failure("Failed to parse value [" + v + "] as only [true] or [false] are allowed.");
      }
    }
    return required;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> parseMeta(Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      throw failure("[_meta] must be an object, got [" + value + "]");
    }
    return (Map<String, Object>) map;
  }

  static Map<String, Object> render(Mapping mapping) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (mapping.dynamic() != Mapping.Dynamic.TRUE) {
      out.put("dynamic", mapping.dynamic().value());
    }
    if (!mapping.meta().isEmpty()) {
      out.put("_meta", mapping.meta());
    }
    if (mapping.routingRequired()) {
      out.put("_routing", Map.of("required", true));
    }
    if (!mapping.source().equals(SourceMapping.DEFAULT)) {
      out.put("_source", mapping.source().toMap());
    }
    if (!mapping.dynamicTemplates().isEmpty()) {
      out.put(
          "dynamic_templates",
          mapping.dynamicTemplates().stream().map(DynamicTemplate::toMap).toList());
    }
    if (!mapping.properties().isEmpty()) {
      out.put("properties", renderFields(mapping.properties()));
    }
    return out;
  }

  /** Parses {@code dynamic} as OpenSearch accepts it: a boolean or its string forms, or strict. */
  static Mapping.Dynamic parseDynamic(Object value, String where) {
    String v = String.valueOf(value).toLowerCase(Locale.ROOT);
    return switch (v) {
      case "true" -> Mapping.Dynamic.TRUE;
      case "false" -> Mapping.Dynamic.FALSE;
      case "strict" -> Mapping.Dynamic.STRICT;
      case "strict_allow_templates" -> Mapping.Dynamic.STRICT_ALLOW_TEMPLATES;
      default ->
          throw failure(
              "Could not convert [dynamic] to boolean: ["
                  + value
                  + "] on ["
                  + where
                  + "]; expected true, false, strict or strict_allow_templates");
    };
  }

  private static Map<String, FieldMapping> parseProperties(Object node, String owner) {
    if (!(node instanceof Map<?, ?> map)) {
      throw failure(
          "Expected map for property [properties] on field [" + owner + "] but got a " + node);
    }
    Map<String, FieldMapping> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String name = String.valueOf(e.getKey());
      if (!(e.getValue() instanceof Map<?, ?> fieldNode)) {
        throw failure(
            "Expected map for property [fields] on field ["
                + name
                + "] but got a "
                + (e.getValue() == null ? "null" : e.getValue().getClass()));
      }
      int dot = name.indexOf('.');
      if (dot > 0 && dot < name.length() - 1) {
        // "a.b": {...} is shorthand for a: {properties: {b: {...}}}, as in OpenSearch.
        String head = name.substring(0, dot);
        String rest = name.substring(dot + 1);
        int restDot = rest.indexOf('.');
        String childName = restDot > 0 ? rest.substring(0, restDot) : rest;
        FieldMapping object =
            new FieldMapping(
                "object", Map.of(), Map.of(childName, parseField(rest, fieldNode)), Map.of());
        out.merge(head, object, (a, b) -> mergeObjects(head, a, b));
        continue;
      }
      FieldMapping parsed = parseField(name, fieldNode);
      out.merge(name, parsed, (a, b) -> mergeObjects(name, a, b));
    }
    return out;
  }

  /** Checks every field and multi-field name under a {@code properties} object, at any depth. */
  private static void checkNames(Object properties) {
    if (!(properties instanceof Map<?, ?> map)) {
      return; // not an object: parsing says what is wrong with it
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      checkName(String.valueOf(e.getKey()));
      if (e.getValue() instanceof Map<?, ?> field) {
        checkNames(field.get("properties"));
        if (field.get("fields") instanceof Map<?, ?> multi) {
          multi.keySet().forEach(k -> checkName(String.valueOf(k)));
        }
      }
    }
  }

  /**
   * OpenSearch's rules for a mapped field's name (blank names and wildcards it accepts), and valid
   * UTF-16, which a name must be for the mapping to be written and read back.
   */
  private static void checkName(String name) {
    if (name.isEmpty()) {
      throw DuetException.illegalArgument("name cannot be empty string");
    }
    if (name.chars().allMatch(c -> c == '.')) {
      throw failure("Invalid field name " + name);
    }
    // ".a" and "a..b" name an object with an empty name on the way.
    if (name.startsWith(".") || name.contains("..")) {
      throw DuetException.illegalArgument("name cannot be empty string");
    }
    if (FieldNames.loneSurrogate(name) >= 0) {
      throw failure(FieldNames.loneSurrogateReason(name));
    }
  }

  private static FieldMapping mergeObjects(String name, FieldMapping a, FieldMapping b) {
    if (!a.isObject() || !b.isObject()) {
      throw failure("Field [" + name + "] is defined more than once");
    }
    Map<String, FieldMapping> props = new LinkedHashMap<>(a.properties());
    b.properties().forEach((k, v) -> props.merge(k, v, (x, y) -> mergeObjects(k, x, y)));
    Map<String, Object> params = new LinkedHashMap<>(a.params());
    params.putAll(b.params());
    return new FieldMapping(a.isNested() ? a.type() : b.type(), params, props, Map.of());
  }

  /** The field a dynamic template maps a new field to; 400 when the template's mapping is bad. */
  static FieldMapping parseTemplateField(String name, Map<String, Object> node) {
    return parseField(name, node);
  }

  private static FieldMapping parseField(String name, Map<?, ?> node) {
    if (name.indexOf('.') > 0) {
      // A remainder of a dotted name: expand the rest recursively.
      Map<String, Object> wrapper = new LinkedHashMap<>();
      wrapper.put(name, node);
      Map<String, FieldMapping> expanded = parseProperties(wrapper, name);
      return expanded.values().iterator().next();
    }
    Object typeNode = node.get("type");
    String type = typeNode == null ? "object" : String.valueOf(typeNode);
    if (type.equals("object") || type.equals("nested")) {
      return parseObject(name, type, node);
    }
    MappedType mapped = MappedTypes.of(type);
    if (mapped == null) {
      throw failure("No handler for type [" + type + "] declared on field [" + name + "]");
    }
    FieldMapping own = mapped.parseField(name, node);
    if (own != null) {
      return own;
    }
    Map<String, Object> params = new LinkedHashMap<>();
    Map<String, FieldMapping> fields = Map.of();
    Set<String> allowed = mapped.parameters();
    for (Map.Entry<?, ?> e : node.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object value = e.getValue();
      if (key.equals("type")) {
        continue;
      }
      if (key.equals("fields")) {
        fields = parseMultiFields(name, value);
        continue;
      }
      if (!COMMON_PARAMS.contains(key) && !allowed.contains(key)) {
        throw failure(
            "unknown parameter [" + key + "] on mapper [" + name + "] of type [" + type + "]");
      }
      params.put(key, mapped.parseParameter(name, key, normalizeParam(name, type, key, value)));
    }
    mapped.checkParameters(name, params);
    return new FieldMapping(type, params, Map.of(), fields);
  }

  private static FieldMapping parseObject(String name, String type, Map<?, ?> node) {
    Map<String, Object> params = new LinkedHashMap<>();
    Map<String, FieldMapping> properties = Map.of();
    for (Map.Entry<?, ?> e : node.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (type.equals("nested") && NESTED_ONLY_PARAMS.contains(key)) {
        params.put(key, parseBoolean(name, key, e.getValue()));
        continue;
      }
      if (!OBJECT_PARAMS.contains(key)) {
        throw failure(
            "Mapping definition for ["
                + name
                + "] has unsupported parameters:  ["
                + key
                + " : "
                + e.getValue()
                + "]");
      }
      switch (key) {
        case "properties" -> properties = parseProperties(e.getValue(), name);
        case "dynamic" -> params.put("dynamic", parseDynamic(e.getValue(), name).value());
        case "enabled" -> params.put("enabled", parseBoolean(name, key, e.getValue()));
        default -> {}
      }
    }
    return new FieldMapping(type, params, properties, Map.of());
  }

  private static Map<String, FieldMapping> parseMultiFields(String name, Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      throw failure(
          "Expected map for property [fields] on field ["
              + name
              + "] but got a "
              + (value == null ? "null" : value.getClass()));
    }
    Map<String, FieldMapping> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String sub = String.valueOf(e.getKey());
      if (!(e.getValue() instanceof Map<?, ?> subNode)) {
        throw failure(
            "Expected map for property [fields] on field ["
                + sub
                + "] but got a "
                + (e.getValue() == null ? "null" : e.getValue().getClass()));
      }
      FieldMapping parsed = parseField(sub, subNode);
      if (parsed.isObject()) {
        throw failure("Type [" + parsed.type() + "] cannot be used in multi field");
      }
      out.put(sub, parsed);
    }
    return out;
  }

  private static Object normalizeParam(String field, String type, String key, Object value) {
    if (BOOLEAN_PARAMS.contains(key)) {
      return parseBoolean(field, key, value);
    }
    switch (key) {
      case "analyzer", "search_analyzer", "normalizer" -> {
        // Checked once the whole mapping is parsed, against the index's own analysis too.
        return String.valueOf(value);
      }
      case "copy_to" -> {
        // OpenSearch always shows copy_to as a list.
        if (value instanceof List<?> list) {
          return list.stream().map(String::valueOf).toList();
        }
        return List.of(String.valueOf(value));
      }
      case "boost" -> {
        return value instanceof Number n ? n.doubleValue() : Double.parseDouble(value.toString());
      }
      default -> {
        return value;
      }
    }
  }

  private static boolean parseBoolean(String field, String key, Object value) {
    String v = String.valueOf(value);
    if (v.equals("true")) {
      return true;
    }
    if (v.equals("false")) {
      return false;
    }
    throw failure("Failed to parse value [" + v + "] as only [true] or [false] are allowed.");
  }

  private static Map<String, Object> renderFields(Map<String, FieldMapping> fields) {
    // OpenSearch prints properties sorted by name.
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, FieldMapping> e : new TreeMap<>(fields).entrySet()) {
      out.put(e.getKey(), renderField(e.getValue()));
    }
    return out;
  }

  private static Map<String, Object> renderField(FieldMapping field) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (field.isObject()) {
      if (field.properties().isEmpty() || field.isNested()) {
        // OpenSearch names the type of nested objects, and of plain objects only without fields.
        out.put("type", field.type());
      }
      for (String key : List.of("include_in_parent", "include_in_root")) {
        if (field.params().containsKey(key)) {
          out.put(key, field.params().get(key));
        }
      }
      if (field.params().containsKey("dynamic")) {
        out.put("dynamic", field.params().get("dynamic"));
      }
      out.putAll(field.params());
      if (!field.properties().isEmpty()) {
        out.put("properties", renderFields(field.properties()));
      }
      return out;
    }
    out.put("type", field.type());
    MappedType type = MappedTypes.of(field.type());
    for (String key : type == null ? List.<String>of() : type.parameterOrder()) {
      if (field.params().containsKey(key)) {
        out.put(key, field.params().get(key));
      }
    }
    out.putAll(field.params()); // anything not in the canonical order keeps its own place last
    if (!field.fields().isEmpty()) {
      out.put("fields", renderFields(field.fields()));
    }
    return out;
  }

  private static void checkAnalysis(
      Map<String, FieldMapping> props, Set<String> analyzers, Set<String> normalizers) {
    for (Map.Entry<String, FieldMapping> e : props.entrySet()) {
      FieldMapping f = e.getValue();
      for (String key : List.of("analyzer", "search_analyzer")) {
        Object name = f.params().get(key);
        if (name != null && !ANALYZERS.contains(name.toString()) && !analyzers.contains(name)) {
          throw failure("analyzer [" + name + "] has not been configured in mappings");
        }
      }
      Object normalizer = f.params().get("normalizer");
      if (normalizer != null
          && !normalizer.equals("lowercase")
          && !normalizers.contains(normalizer.toString())) {
        throw failure("normalizer [" + normalizer + "] not found for field [" + e.getKey() + "]");
      }
      checkAnalysis(f.properties(), analyzers, normalizers);
      checkAnalysis(f.fields(), analyzers, normalizers);
    }
  }

  static DuetException failure(String reason) {
    return new DuetException(400, "mapper_parsing_exception", reason);
  }
}
