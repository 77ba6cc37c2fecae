package dev.duet.engine.mapping;

import java.util.ServiceLoader;

/** The engine's field types, found once through {@link MappedType.Catalog}. */
final class MappedTypes {
  private static final MappedType.Catalog CATALOG =
      ServiceLoader.load(MappedType.Catalog.class, MappedType.class.getClassLoader())
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("no field type catalog on the class path"));

  private MappedTypes() {}

  /** The type named {@code name}, or null when the engine has none. */
  static MappedType of(String name) {
    return CATALOG.type(name);
  }
}
