package dev.duet.protogen.preprocess;

import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Decides whether the branches of a oneOf/anyOf can be told apart from the JSON alone, which a
 * proto {@code oneof} needs to be filled from REST input and written back.
 */
final class UnionBranches {
  private UnionBranches() {}

  /** Why two branches cannot be told apart, or null when every branch is distinguishable. */
  static String clash(
      List<Schema> branches, boolean discriminated, UnaryOperator<Schema<?>> resolve) {
    Map<String, Integer> seen = new HashMap<>();
    List<Set<String>> objectKeys = new ArrayList<>();
    for (int i = 0; i < branches.size(); i++) {
      Schema<?> r = resolve.apply(branches.get(i));
      String kind = kind(r);
      if (kind.equals("any")) {
        return "branch " + i + " accepts any JSON value";
      }
      // A JSON number 5 is both an integer and a number.
      String key = kind.equals("integer") ? "number" : kind;
      Integer other = seen.putIfAbsent(key, i);
      if (other == null) {
        if (kind.equals("object")) {
          objectKeys.add(required(r));
        }
        continue;
      }
      if (kind.equals("object")) {
        objectKeys.add(required(r));
        if (discriminated) {
          continue;
        }
        if (distinctRequired(objectKeys)) {
          continue;
        }
      }
      return "branches " + other + " and " + i + " are both JSON " + key + "s";
    }
    return null;
  }

  /** A field name for a branch: its component name, or what kind of JSON it is. */
  static String name(Schema<?> b, UnaryOperator<Schema<?>> resolve) {
    if (b.get$ref() != null) {
      return b.get$ref().substring(b.get$ref().lastIndexOf('/') + 1);
    }
    return switch (kind(resolve.apply(b))) {
      case "boolean" -> "bool_value";
      case "integer" -> "int_value";
      case "number" -> "number_value";
      case "string" -> b.getEnum() != null ? "enum_value" : "string_value";
      case "array" -> "list_value";
      default -> "object_value";
    };
  }

  private static String kind(Schema<?> s) {
    if (s.getOneOf() != null || s.getAnyOf() != null) {
      return "any";
    }
    String t = SchemaMapper.type(s);
    if (t == null) {
      return s.getProperties() != null || s.getAdditionalProperties() != null
          ? "object"
          : s.getAllOf() != null ? "object" : "any";
    }
    return t;
  }

  private static Set<String> required(Schema<?> s) {
    return s.getRequired() == null ? Set.of() : new HashSet<>(s.getRequired());
  }

  /** Each object branch requires a property no other object branch declares as required. */
  private static boolean distinctRequired(List<Set<String>> keys) {
    for (int i = 0; i < keys.size(); i++) {
      Set<String> own = new HashSet<>(keys.get(i));
      for (int j = 0; j < keys.size(); j++) {
        if (i != j) {
          own.removeAll(keys.get(j));
        }
      }
      if (own.isEmpty()) {
        return false;
      }
    }
    return true;
  }
}
