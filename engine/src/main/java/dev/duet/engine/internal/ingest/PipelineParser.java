package dev.duet.engine.internal.ingest;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An ingest pipeline's configuration checked and built, with OpenSearch's {@code parse_exception}s.
 */
final class PipelineParser {
  private static final Set<String> TOP =
      Set.of("description", "version", "processors", "on_failure", "_meta");

  private PipelineParser() {}

  static Pipeline parse(String id, Map<String, Object> config, Processors registry) {
    List<String> unknown = config.keySet().stream().filter(k -> !TOP.contains(k)).toList();
    if (!unknown.isEmpty()) {
      throw ProcessorConfig.parseException(
          "pipeline ["
              + id
              + "] doesn't support one or more provided configuration parameters "
              + unknown,
          null,
          null,
          null);
    }
    Object description = config.get("description");
    Integer version = version(config.get("version"));
    Object processors = config.get("processors");
    if (processors == null) {
      throw ProcessorConfig.parseException(
          "[processors] required property is missing", null, null, "processors");
    }
    List<ConfiguredProcessor> parsed = registry.parseList(processors, "processors");
    Object onFailureValue = config.get("on_failure");
    List<ConfiguredProcessor> onFailure = registry.parseList(onFailureValue, "on_failure");
    if (onFailureValue instanceof List<?> l && l.isEmpty()) {
      throw ProcessorConfig.parseException(
          "pipeline [" + id + "] cannot have an empty on-failure option defined", null, null, null);
    }
    return new Pipeline(
        id, description == null ? null : description.toString(), version, parsed, onFailure);
  }

  static Integer version(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof Integer i) {
      return i;
    }
    try {
      return Integer.parseInt(value.toString());
    } catch (NumberFormatException e) {
      throw ProcessorConfig.parseException(
          "[version] property cannot be converted to an int [" + value + "]",
          null,
          null,
          "version");
    }
  }
}
