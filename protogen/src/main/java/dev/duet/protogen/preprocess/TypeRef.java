package dev.duet.protogen.preprocess;

/**
 * What a schema maps to: a scalar keyword or a fully qualified type (leading dot), possibly
 * repeated or a map with string keys.
 */
record TypeRef(String type, boolean repeated, boolean map, boolean rawJson) {
  static final String STRUCT = ".google.protobuf.Struct";
  static final String VALUE = ".google.protobuf.Value";
  static final String EMPTY = ".google.protobuf.Empty";

  static TypeRef of(String type) {
    return new TypeRef(type, false, false, false);
  }

  static TypeRef map(String valueType) {
    return new TypeRef(valueType, false, true, false);
  }

  TypeRef asRepeated() {
    return new TypeRef(type, true, false, rawJson);
  }

  /** A single value that may sit in a repeated field, a map value or a oneof. */
  boolean plain() {
    return !repeated && !map;
  }

  /** Scalars and enums have no presence in proto3 unless declared optional. */
  boolean scalar() {
    return !type.startsWith(".");
  }
}
