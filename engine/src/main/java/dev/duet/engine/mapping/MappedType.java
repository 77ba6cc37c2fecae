package dev.duet.engine.mapping;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A field type as the mapping sees it: its name, the parameters it accepts and in which order
 * OpenSearch prints them, and those an update may not change.
 *
 * <p>The engine's field types implement it (and everything else a type means); the mapping finds
 * them through {@link Catalog}, a {@link java.util.ServiceLoader} service, so that this API package
 * does not depend on the engine's internals.
 */
public interface MappedType {
  /** The name a mapping gives the type ({@code "keyword"}). */
  String name();

  /**
   * The parameters this type accepts besides those every leaf field has ({@code index}, {@code
   * store}, {@code doc_values}, {@code meta}, {@code copy_to}) and {@code fields}.
   */
  Set<String> parameters();

  /**
   * A parameter's value as the type keeps it, after the rules every type shares (booleans, {@code
   * copy_to} as a list, a {@code format} checked); throws a 400 {@code mapper_parsing_exception} on
   * a value the type refuses. By default the value as it is.
   */
  default Object parseParameter(String field, String key, Object value) {
    return value;
  }

  /**
   * Checks the field's parameters together once each is parsed (one that only makes sense with
   * another); throws a 400 in OpenSearch's words. By default nothing.
   */
  default void checkParameters(String field, Map<String, Object> params) {}

  /** The order in which OpenSearch prints the type's parameters; others follow as given. */
  default List<String> parameterOrder() {
    return List.of();
  }

  /** The parameters a mapping update may not change (one it leaves out counts as its default). */
  default List<String> fixedParameters() {
    return List.of("index", "doc_values", "store");
  }

  /**
   * The field parsed by the type's own rules, for a type whose parameters do not follow the common
   * shape; null (the default) to parse it by the common rules.
   */
  default FieldMapping parseField(String name, Map<?, ?> node) {
    return null;
  }

  /** Every field type the engine has, by name: the service the mapping loads. */
  interface Catalog {
    /** The type named {@code name}, or null when there is none. */
    MappedType type(String name);
  }
}
