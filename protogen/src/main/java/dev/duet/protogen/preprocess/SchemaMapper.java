package dev.duet.protogen.preprocess;

import static dev.duet.protogen.preprocess.Diagnostics.segment;

import dev.duet.protogen.model.EnumDef;
import dev.duet.protogen.model.FieldDef;
import dev.duet.protogen.model.MessageDef;
import dev.duet.protogen.model.ProtoFile;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps JSON schemas to proto types. Component schemas become top-level types of the common file
 * (each mapped once, recursion allowed); inline objects, enums and unions become types nested in
 * the message that uses them.
 */
public final class SchemaMapper {
  static final String COMPONENTS = "#/components/schemas/";
  // Inline schemas nest this deep at most: allOf merges copy a component's properties inline, so a
  // cycle through allOf never meets a component reference that would stop it, and protoc refuses
  // messages nested much deeper.
  static final int MAX_INLINE_DEPTH = 16;

  private final OpenAPI api;
  private final ProtoFile common;
  private final Diagnostics diagnostics;
  private final boolean lenient;
  private final Map<String, TypeRef> components = new HashMap<>();
  private final Set<String> inProgress = new HashSet<>();
  private final Set<String> enums = new HashSet<>();
  private final Set<String> topNames = new HashSet<>();
  // Each component's top-level name, claimed up front in spec order, so that which of two
  // components that sanitise alike (foo-bar, foo_bar) gets the plain name does not depend on which
  // one an operation reaches first: a new operation or field must not rename existing messages.
  private final Map<String, String> componentNames = new HashMap<>();
  private String claimedFor; // the component being mapped, whose own top-level type takes its name
  private int inlineDepth; // of the schema being mapped, counted from its component
  // Components whose properties an inline allOf is copying on the path being mapped, from its
  // component: merging one of them again would copy the same properties once more, level after
  // level (each level multiplying the messages), so the second merge is carried as Value.
  private Set<Schema<?>> merging = identitySet();

  SchemaMapper(OpenAPI api, ProtoFile common, Diagnostics diagnostics, boolean lenient) {
    this.api = api;
    this.common = common;
    this.diagnostics = diagnostics;
    this.lenient = lenient;
    if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
      for (String name : api.getComponents().getSchemas().keySet()) {
        componentNames.put(name, uniqueTop(Names.type(name)));
      }
    }
  }

  /** Whether a field of this type is a scalar or enum, and so declared proto3 optional. */
  boolean needsPresence(TypeRef t) {
    return t.plain() && (t.scalar() || enums.contains(t.type()));
  }

  /**
   * Maps {@code s}; inline types are nested in {@code scope} (top-level in the common file when
   * null) and named after {@code hint}. Returns null when the schema is excluded.
   */
  TypeRef map(Schema<?> s, String ptr, MessageDef scope, String hint) {
    if (inlineDepth >= MAX_INLINE_DEPTH) {
      diagnostics.lossy(
          ptr,
          "nested more than "
              + MAX_INLINE_DEPTH
              + " inline levels deep (a cycle through allOf?); carried as Value");
      return TypeRef.of(TypeRef.VALUE);
    }
    inlineDepth++;
    try {
      return mapInline(s, ptr, scope, hint);
    } finally {
      inlineDepth--;
    }
  }

  private TypeRef mapInline(Schema<?> s, String ptr, MessageDef scope, String hint) {
    if (s == null) {
      return TypeRef.of(TypeRef.VALUE);
    }
    if (Boolean.TRUE.equals(ext(s, "x-protobuf-exclude"))) {
      return null;
    }
    Object forced = ext(s, "x-protobuf-type");
    if (forced != null) {
      TypeRef t = forced(forced.toString());
      // JSON carried as bytes: REST has it inline, so the field says it is raw JSON.
      boolean json = !"string".equals(type(s)) && "bytes".equals(t.type());
      return json ? new TypeRef("bytes", false, false, true) : t;
    }
    if (s.get$ref() != null) {
      return component(s.get$ref(), ptr);
    }
    if (s.getAllOf() != null && !s.getAllOf().isEmpty()) {
      if (s.getAllOf().size() == 1 && s.getAllOf().get(0).get$ref() != null && !hasProperties(s)) {
        // allOf: [$ref] is how 3.0 specs put a description beside a reference: the reference.
        return map(s.getAllOf().get(0), ptr + "/allOf/0", scope, hint);
      }
      return mergedObject(s, ptr, scope, hint);
    }
    List<Schema> union = s.getOneOf() != null ? s.getOneOf() : s.getAnyOf();
    if (union != null && !union.isEmpty()) {
      String keyword = s.getOneOf() != null ? "oneOf" : "anyOf";
      return union(s, union, ptr, keyword, scope, hint);
    }
    List<Schema> typeBranches = typeBranches(s);
    if (typeBranches != null) {
      return union(s, typeBranches, ptr, "type", scope, hint);
    }
    String type = type(s);
    if (s.getEnum() != null && !s.getEnum().isEmpty() && "string".equals(type)) {
      return enumType(s, scope, hint);
    }
    if (type == null) {
      return s.getProperties() != null || s.getAdditionalProperties() != null
          ? object(s, ptr, scope, hint)
          : TypeRef.of(TypeRef.VALUE);
    }
    return switch (type) {
      case "array" -> array(s, ptr, scope, hint);
      case "object" -> object(s, ptr, scope, hint);
      case "string" ->
          TypeRef.of(
              "byte".equals(s.getFormat()) || "binary".equals(s.getFormat()) ? "bytes" : "string");
      case "integer" -> TypeRef.of("int32".equals(s.getFormat()) ? "int32" : "int64");
      case "number" -> TypeRef.of("float".equals(s.getFormat()) ? "float" : "double");
      case "boolean" -> TypeRef.of("bool");
      default -> {
        diagnostics.lossy(ptr, "type '" + type + "' has no proto mapping; carried as Value");
        yield TypeRef.of(TypeRef.VALUE);
      }
    };
  }

  /**
   * The object schema whose properties a message should take as its own fields: {@code s} itself
   * when it is an inline object, the merge of an inline allOf; null for anything else.
   */
  Schema<?> inlineObject(Schema<?> s, String ptr) {
    if (s == null
        || s.get$ref() != null
        || ext(s, "x-protobuf-type") != null
        || Boolean.TRUE.equals(ext(s, "x-protobuf-exclude"))
        || s.getOneOf() != null
        || s.getAnyOf() != null
        || typeBranches(s) != null) {
      return null;
    }
    if (s.getAllOf() != null && !s.getAllOf().isEmpty()) {
      if (s.getAllOf().size() == 1 && s.getAllOf().get(0).get$ref() != null && !hasProperties(s)) {
        return null;
      }
      Schema<?> merged = mergeAllOf(s, ptr);
      return hasProperties(merged) ? merged : null;
    }
    return hasProperties(s) ? s : null;
  }

  private static boolean hasProperties(Schema<?> s) {
    return s.getProperties() != null && !s.getProperties().isEmpty();
  }

  /**
   * OpenAPI 3.1's {@code type: [string, integer]} (more than one type besides null) as one branch
   * per type, for the union mapping; null when the schema has one type or none.
   */
  private static List<Schema> typeBranches(Schema<?> s) {
    if (s.getType() != null || s.getTypes() == null) {
      return null;
    }
    List<String> types = s.getTypes().stream().filter(t -> !"null".equals(t)).sorted().toList();
    if (types.size() < 2) {
      return null;
    }
    List<Schema> branches = new ArrayList<>();
    for (String t : types) {
      Schema<Object> b = new Schema<>();
      b.setType(t);
      b.setFormat(s.getFormat());
      switch (t) {
        case "array" -> b.setItems(s.getItems());
        case "object" -> {
          b.setProperties(s.getProperties());
          b.setRequired(s.getRequired());
          b.setAdditionalProperties(s.getAdditionalProperties());
        }
        case "string" -> {
          if (s.getEnum() != null) {
            b.setEnum(new ArrayList<>(s.getEnum()));
          }
        }
        default -> {}
      }
      branches.add(b);
    }
    return branches;
  }

  /** Adds {@code s}'s properties to {@code message} as fields, in spec order. */
  void addFields(MessageDef message, Schema<?> s, String ptr) {
    Map<String, Schema> props = s.getProperties();
    if (props == null) {
      return;
    }
    for (Map.Entry<String, Schema> p : props.entrySet()) {
      String json = p.getKey();
      Schema<?> ps = p.getValue();
      String propPtr = ptr + "/properties/" + segment(json);
      TypeRef t = map(ps, propPtr, message, json);
      if (t == null) {
        continue;
      }
      Object override = ps == null ? null : ext(ps, "x-protobuf-name");
      String name = unique(message, override != null ? override.toString() : Names.field(json));
      message
          .fields()
          .add(
              new FieldDef(
                      name,
                      json,
                      t.type(),
                      t.repeated(),
                      t.map() ? "string" : null,
                      needsPresence(t),
                      null,
                      ps == null ? null : ps.getDescription())
                  .rawJson(t.rawJson()));
    }
    addOtherKeys(message, s, ptr);
  }

  /**
   * {@code additionalProperties} beside {@code properties} (a field-name key next to {@code boost},
   * sub-aggregations next to {@code doc_count}): a map field, after the properties, that holds
   * every other key; REST has its entries inline. Named by the value schema's {@code
   * x-protobuf-name}, else {@code additional_properties}.
   */
  private void addOtherKeys(MessageDef message, Schema<?> s, String ptr) {
    Object extra = s.getAdditionalProperties();
    TypeRef value;
    Object override = null;
    if (extra instanceof Schema<?> valueSchema && valueSchema.getBooleanSchemaValue() == null) {
      override = ext(valueSchema, "x-protobuf-name");
      value = map(valueSchema, ptr + "/additionalProperties", message, "AdditionalProperty");
      if (value == null) {
        return;
      }
      if (!value.plain()) {
        value = wrap(value, message, "AdditionalProperty");
      }
    } else if (Boolean.TRUE.equals(extra)
        || extra instanceof Schema<?> b && Boolean.TRUE.equals(b.getBooleanSchemaValue())) {
      value = TypeRef.of(TypeRef.VALUE);
    } else {
      return;
    }
    String name = unique(message, override != null ? override.toString() : "additional_properties");
    message
        .fields()
        .add(
            new FieldDef(
                    name,
                    Names.defaultJsonName(name),
                    value.type(),
                    false,
                    "string",
                    false,
                    null,
                    "The object's other keys, inline in REST's JSON.")
                .otherKeys(true));
  }

  /** A message nested in {@code scope}, or top-level in the common file when scope is null. */
  MessageDef newMessage(MessageDef scope, String hint, String doc) {
    if (scope == null) {
      String name = topName(hint);
      MessageDef m = new MessageDef(name, common.protoPackage() + "." + name, doc);
      common.messages().add(m);
      return m;
    }
    String name = Names.type(hint);
    String candidate = name;
    for (int i = 2; scope.hasName(candidate) || candidate.equals(scope.name()); i++) {
      candidate = name + i;
    }
    MessageDef m = new MessageDef(candidate, scope.fullName() + "." + candidate, doc);
    scope.nested().add(m);
    return m;
  }

  private TypeRef component(String ref, String ptr) {
    if (!ref.startsWith(COMPONENTS)) {
      String reason =
          "$ref "
              + ref
              + " points outside "
              + COMPONENTS
              + "; move the schema there, or settle it with"
              + " `x-protobuf-type: google.protobuf.Value` or `x-protobuf-exclude: true`";
      if (lenient) {
        diagnostics.lossy(ptr, reason + " (carried as Value)");
      } else {
        diagnostics.error(ptr, reason);
      }
      return TypeRef.of(TypeRef.VALUE);
    }
    String name = ref.substring(COMPONENTS.length());
    TypeRef known = components.get(name);
    if (known != null) {
      return known;
    }
    Schema<?> s = api.getComponents() == null ? null : api.getComponents().getSchemas().get(name);
    String cptr = COMPONENTS + segment(name);
    if (s == null) {
      diagnostics.error(ptr, "$ref " + ref + " names no schema");
      return TypeRef.of(TypeRef.VALUE);
    }
    if (!inProgress.add(name)) {
      diagnostics.lossy(cptr, "refers to itself without an object in between; carried as Value");
      return TypeRef.of(TypeRef.VALUE);
    }
    int depthOfReference = inlineDepth;
    Set<Schema<?>> outerMerging = merging;
    String outerClaim = claimedFor;
    inlineDepth = 0;
    merging = identitySet();
    claimedFor = name;
    try {
      TypeRef t;
      boolean forcedOrExcluded =
          ext(s, "x-protobuf-type") != null || Boolean.TRUE.equals(ext(s, "x-protobuf-exclude"));
      if (!forcedOrExcluded && isObjectWithProperties(s)) {
        MessageDef m = newMessage(null, name, s.getDescription());
        t = TypeRef.of("." + m.fullName());
        components.put(name, t); // before the fields: they may refer back to this schema
        addFields(m, s.getAllOf() != null ? mergeAllOf(s, cptr) : s, cptr);
      } else {
        t = map(s, cptr, null, name);
      }
      if (t != null) {
        components.put(name, t);
      }
      return t;
    } finally {
      inProgress.remove(name);
      inlineDepth = depthOfReference;
      merging = outerMerging;
      claimedFor = outerClaim;
    }
  }

  private TypeRef object(Schema<?> s, String ptr, MessageDef scope, String hint) {
    if (s.getProperties() != null && !s.getProperties().isEmpty()) {
      MessageDef m = newMessage(scope, hint, s.getDescription());
      addFields(m, s, ptr);
      return TypeRef.of("." + m.fullName());
    }
    if (s.getAdditionalProperties() instanceof Schema<?> valueSchema
        && valueSchema.getBooleanSchemaValue() == null) {
      TypeRef value = map(valueSchema, ptr + "/additionalProperties", scope, hint + "Value");
      if (value == null) {
        return TypeRef.of(TypeRef.STRUCT);
      }
      if (!value.plain()) {
        value = wrap(value, scope, hint + "Value");
      }
      return TypeRef.map(value.type());
    }
    return TypeRef.of(TypeRef.STRUCT);
  }

  private TypeRef array(Schema<?> s, String ptr, MessageDef scope, String hint) {
    TypeRef item = map(s.getItems(), ptr + "/items", scope, hint);
    if (item == null) {
      return null;
    }
    if (!item.plain()) {
      item = wrap(item, scope, hint + "Item");
    }
    return item.asRepeated();
  }

  private TypeRef enumType(Schema<?> s, MessageDef scope, String hint) {
    String name;
    String fullName;
    List<EnumDef> target;
    if (scope == null) {
      name = topName(hint);
      fullName = common.protoPackage() + "." + name;
      target = common.enums();
    } else {
      String base = Names.type(hint);
      name = base;
      for (int i = 2; scope.hasName(name) || name.equals(scope.name()); i++) {
        name = base + i;
      }
      fullName = scope.fullName() + "." + name;
      target = scope.nestedEnums();
    }
    EnumDef e = new EnumDef(name, fullName, s.getDescription());
    String prefix = Names.upperSnake(name) + "_";
    e.values().add(new EnumDef.EnumValueDef(prefix + "UNSPECIFIED", null, 0));
    Set<String> used = new HashSet<>(List.of(prefix + "UNSPECIFIED"));
    int n = 1;
    for (Object v : s.getEnum()) {
      String json = String.valueOf(v);
      String valueName = Names.upperSnake(json);
      String candidate = prefix + (valueName.isEmpty() ? "EMPTY" : valueName);
      String base = candidate;
      for (int i = 2; !used.add(candidate); i++) {
        candidate = base + "_" + i;
      }
      e.values().add(new EnumDef.EnumValueDef(candidate, json, n++));
    }
    target.add(e);
    enums.add("." + fullName);
    return TypeRef.of("." + fullName);
  }

  private TypeRef union(
      Schema<?> parent,
      List<Schema> all,
      String ptr,
      String keyword,
      MessageDef scope,
      String hint) {
    List<Schema> branches = new ArrayList<>();
    List<Integer> indexes = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (!"null".equals(type(all.get(i)))) {
        branches.add(all.get(i));
        indexes.add(i);
      }
    }
    if (branches.size() == 1) {
      return map(branches.get(0), ptr + "/" + keyword + "/" + indexes.get(0), scope, hint);
    }
    Integer single = singleOrArray(branches);
    if (single != null) {
      TypeRef t = map(branches.get(single), ptr + "/" + keyword + "/" + single, scope, hint);
      if (t == null) {
        return null;
      }
      return (t.plain() ? t : wrap(t, scope, hint + "Item")).asRepeated();
    }
    String clash = UnionBranches.clash(branches, parent.getDiscriminator() != null, this::resolve);
    if (clash != null) {
      String reason =
          "ambiguous "
              + keyword
              + ": "
              + clash
              + "; settle it with `x-protobuf-type: google.protobuf.Value` (keep it JSON), "
              + "`x-protobuf-type: <one branch's type>`, or `x-protobuf-exclude: true`";
      if (lenient) {
        diagnostics.lossy(ptr, reason + " (carried as Value)");
      } else {
        diagnostics.error(ptr, reason);
      }
      return TypeRef.of(TypeRef.VALUE);
    }
    MessageDef m = newMessage(scope, hint, parent.getDescription());
    m.shape(MessageDef.JsonShape.UNION);
    for (int i = 0; i < branches.size(); i++) {
      Schema<?> b = branches.get(i);
      String bptr = ptr + "/" + keyword + "/" + indexes.get(i);
      String branchName = UnionBranches.name(b, this::resolve);
      TypeRef t = map(b, bptr, m, branchName);
      if (t == null) {
        continue;
      }
      if (!t.plain()) {
        t = wrap(t, m, branchName);
      }
      Object override = ext(b, "x-protobuf-name");
      String name = unique(m, override != null ? override.toString() : Names.field(branchName));
      m.fields()
          .add(
              new FieldDef(name, null, t.type(), false, null, false, "value", null)
                  .rawJson(t.rawJson()));
    }
    return TypeRef.of("." + m.fullName());
  }

  /** Index of T in a {@code T | T[]} pair, or null. */
  private Integer singleOrArray(List<Schema> branches) {
    if (branches.size() != 2) {
      return null;
    }
    for (int i = 0; i < 2; i++) {
      Schema<?> one = branches.get(i);
      Schema<?> many = branches.get(1 - i);
      if ("array".equals(type(many)) && many.getItems() != null && same(one, many.getItems())) {
        return i;
      }
    }
    return null;
  }

  private static boolean same(Schema<?> a, Schema<?> b) {
    if (a.get$ref() != null || b.get$ref() != null) {
      return a.get$ref() != null && a.get$ref().equals(b.get$ref());
    }
    return type(a) != null
        && !"object".equals(type(a))
        && !"array".equals(type(a))
        && type(a).equals(type(b))
        && java.util.Objects.equals(a.getFormat(), b.getFormat())
        && java.util.Objects.equals(a.getEnum(), b.getEnum());
  }

  /** Wraps a repeated or map type in a message so it can be a map value, list item or oneof. */
  private TypeRef wrap(TypeRef t, MessageDef scope, String hint) {
    MessageDef m = newMessage(scope, hint, null);
    m.shape(t.map() ? MessageDef.JsonShape.MAP : MessageDef.JsonShape.LIST);
    m.fields()
        .add(
            new FieldDef(
                    t.map() ? "entries" : "values",
                    null,
                    t.type(),
                    t.repeated(),
                    t.map() ? "string" : null,
                    false,
                    null,
                    null)
                .rawJson(t.rawJson()));
    return TypeRef.of("." + m.fullName());
  }

  private TypeRef forced(String type) {
    if (type.startsWith("google.protobuf.")) {
      return TypeRef.of("." + type);
    }
    return TypeRef.of(type);
  }

  /** The schema a {@code $ref} points at, or the schema itself. */
  Schema<?> resolve(Schema<?> s) {
    if (s != null && s.get$ref() != null && s.get$ref().startsWith(COMPONENTS)) {
      Schema<?> target =
          api.getComponents().getSchemas().get(s.get$ref().substring(COMPONENTS.length()));
      return target == null ? s : target;
    }
    return s;
  }

  /**
   * An inline allOf as one message of the merged properties, unless it merges a component this path
   * is already merging (a cycle through inline allOf): then Value, with a diagnostic.
   */
  private TypeRef mergedObject(Schema<?> s, String ptr, MessageDef scope, String hint) {
    List<Schema<?>> parts = new ArrayList<>();
    for (Schema<?> part : s.getAllOf()) {
      Schema<?> r = resolve(part);
      if (r != part) {
        if (merging.contains(r)) {
          diagnostics.lossy(
              ptr,
              "allOf merges "
                  + part.get$ref()
                  + " inside its own inline merge (a cycle through inline allOf); carried as"
                  + " Value");
          return TypeRef.of(TypeRef.VALUE);
        }
        parts.add(r);
      }
    }
    merging.addAll(parts);
    try {
      return object(mergeAllOf(s, ptr), ptr, scope, hint);
    } finally {
      parts.forEach(merging::remove);
    }
  }

  private static Set<Schema<?>> identitySet() {
    return java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  }

  private Schema<?> mergeAllOf(Schema<?> s, String ptr) {
    Schema<Object> merged = new Schema<>();
    merged.setType("object");
    merged.setDescription(s.getDescription());
    Map<String, Schema> props = new LinkedHashMap<>();
    collectAllOf(s, props, identitySet());
    merged.setProperties(props);
    return merged;
  }

  /**
   * Adds the properties of {@code s} and of every allOf part, depth first; a part already on the
   * way (A allOf B, B allOf A) adds nothing more, since a cycle of allOf means one set of
   * properties.
   */
  private void collectAllOf(Schema<?> s, Map<String, Schema> props, Set<Schema<?>> visiting) {
    if (!visiting.add(s)) {
      return;
    }
    if (s.getAllOf() != null) {
      for (Schema part : s.getAllOf()) {
        Schema<?> r = resolve(part);
        if (r.getAllOf() != null) {
          collectAllOf(r, props, visiting);
        } else if (r.getProperties() != null && visiting.add(r)) {
          props.putAll(r.getProperties());
        }
      }
    }
    if (s.getProperties() != null) {
      props.putAll(s.getProperties());
    }
  }

  private boolean isObjectWithProperties(Schema<?> s) {
    return (s.getAllOf() != null && !s.getAllOf().isEmpty())
        || (s.getProperties() != null && !s.getProperties().isEmpty() && s.getOneOf() == null);
  }

  /** The component's claimed name for its own top-level type, else a fresh one from the hint. */
  private String topName(String hint) {
    if (hint.equals(claimedFor) && componentNames.containsKey(hint)) {
      claimedFor = null;
      return componentNames.get(hint);
    }
    return uniqueTop(Names.type(hint));
  }

  private String uniqueTop(String name) {
    String candidate = name;
    for (int i = 2; !topNames.add(candidate); i++) {
      candidate = name + i;
    }
    return candidate;
  }

  static String unique(MessageDef m, String name) {
    String candidate = name;
    for (int i = 2; m.hasName(candidate); i++) {
      candidate = name + "_" + i;
    }
    return candidate;
  }

  static String type(Schema<?> s) {
    if (s == null) {
      return null;
    }
    if (s.getType() != null) {
      return s.getType();
    }
    if (s.getTypes() != null) {
      return s.getTypes().stream()
          .filter(t -> !"null".equals(t))
          .sorted()
          .findFirst()
          .orElse("null");
    }
    return null;
  }

  static Object ext(Schema<?> s, String name) {
    return s.getExtensions() == null ? null : s.getExtensions().get(name);
  }
}
