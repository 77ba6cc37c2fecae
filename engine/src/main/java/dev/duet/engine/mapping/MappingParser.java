package dev.duet.engine.mapping;

import java.util.LinkedHashMap;
import java.util.Map;

/** Converts mappings between the model and the neutral map form of OpenSearch's JSON. */
final class MappingParser {
  private MappingParser() {}

  static Mapping parse(Map<String, Object> mappings) {
    // Filled in by the engine work: full validation lives here.
    return Mapping.EMPTY;
  }

  static Map<String, Object> render(Mapping mapping) {
    return new LinkedHashMap<>();
  }
}
