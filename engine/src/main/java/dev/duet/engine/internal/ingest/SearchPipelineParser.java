package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a search pipeline's configuration as OpenSearch 3.8 does for the processors its core has:
 * request {@code filter_query}, {@code oversample}; response {@code rename_field}, {@code
 * truncate_hits}, {@code collapse}, {@code sort}, {@code split}; a {@code script} processor is
 * refused, Duet having no scripts.
 */
final class SearchPipelineParser {
  private static final Set<String> TOP =
      Set.of(
          "description",
          "version",
          "request_processors",
          "response_processors",
          "phase_results_processors");
  private static final Set<String> REQUEST = Set.of("filter_query", "oversample", "script");
  private static final Set<String> RESPONSE =
      Set.of("rename_field", "truncate_hits", "collapse", "sort", "split");

  private SearchPipelineParser() {}

  static void validate(String id, Map<String, Object> config) {
    for (String key : config.keySet()) {
      if (!TOP.contains(key)) {
        throw ProcessorConfig.parseException(
            "pipeline ["
                + id
                + "] doesn't support one or more provided configuration parameters "
                + config.keySet().stream().filter(k -> !TOP.contains(k)).toList(),
            null,
            null,
            null);
      }
    }
    PipelineParser.version(config.get("version"));
    processors(config.get("request_processors"), REQUEST, "request_processors");
    processors(config.get("response_processors"), RESPONSE, "response_processors");
    Object phase = config.get("phase_results_processors");
    if (phase instanceof List<?> l && !l.isEmpty()) {
      processors(phase, Set.of(), "phase_results_processors");
    }
  }

  private static void processors(Object value, Set<String> known, String property) {
    if (value == null) {
      return;
    }
    if (!(value instanceof List<?> list)) {
      throw ProcessorConfig.parseException(
          "["
              + property
              + "] property isn't a list, but of type ["
              + value.getClass().getName()
              + "]",
          null,
          null,
          property);
    }
    for (Object entry : list) {
      if (!(entry instanceof Map<?, ?> map)) {
        throw DuetException.illegalArgument("Invalid processor config " + entry);
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String type = String.valueOf(e.getKey());
        if (!known.contains(type)) {
          throw DuetException.illegalArgument("Invalid processor type " + type);
        }
        Map<?, ?> conf = e.getValue() instanceof Map<?, ?> m ? m : Map.of();
        check(type, conf);
      }
    }
  }

  private static void check(String type, Map<?, ?> conf) {
    Object tag = conf.get("tag");
    String t = tag == null ? null : tag.toString();
    switch (type) {
      case "filter_query" -> {
        if (!(conf.get("query") instanceof Map<?, ?>)) {
          throw DuetException.illegalArgument(
              "Did not specify the query property in processor of type filter_query");
        }
      }
      case "rename_field" -> {
        require(type, t, conf, "field");
        require(type, t, conf, "target_field");
      }
      case "collapse", "sort", "split" -> require(type, t, conf, "field");
      case "oversample" -> require(type, t, conf, "sample_factor");
      case "script" ->
          throw new DuetException(
              400,
              "script_exception",
              "compile error: the script search request processor needs Painless, which Duet"
                  + " does not have");
      default -> {
        // truncate_hits: every property optional
      }
    }
  }

  private static void require(String type, String tag, Map<?, ?> conf, String name) {
    if (conf.get(name) == null) {
      throw ProcessorConfig.parseException(
          "[" + name + "] required property is missing", type, tag, name);
    }
  }
}
