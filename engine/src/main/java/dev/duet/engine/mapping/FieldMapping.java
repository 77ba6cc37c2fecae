package dev.duet.engine.mapping;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One mapped field: its {@code type} ({@code text}, {@code keyword}, {@code long}, ..., or {@code
 * object} for a field with {@code properties}), its other parameters as given (for example {@code
 * ignore_above}, {@code format}, {@code analyzer}), its sub-fields for objects and its multi-fields
 * ({@code fields}).
 */
public record FieldMapping(
    String type,
    Map<String, Object> params,
    Map<String, FieldMapping> properties,
    Map<String, FieldMapping> fields) {

  public FieldMapping {
    requireNonNull(type, "type");
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** Whether this field holds sub-fields: an {@code object} or a {@code nested} object. */
  public boolean isObject() {
    return type.equals("object") || type.equals("nested");
  }

  /** Whether each of this field's objects is indexed as its own (nested) document. */
  public boolean isNested() {
    return type.equals("nested");
  }

  public static FieldMapping of(String type) {
    return new FieldMapping(type, Map.of(), Map.of(), Map.of());
  }
}
