package dev.duet.engine.ingest;

import java.util.List;
import java.util.Map;

/**
 * The node's ingest pipelines ({@code _ingest/pipeline}) and search pipelines ({@code
 * _search/pipeline}): stored persistently, validated as OpenSearch validates them, and run on the
 * documents a write names them for. Configurations, simulate bodies and answers are neutral maps
 * (strings, numbers, booleans, lists, maps): the JSON a client sends and receives. Failures are
 * {@link dev.duet.engine.error.DuetException}s with OpenSearch's types and messages.
 */
public interface Pipelines {

  /** The two kinds of pipeline, each with its own store and processors. */
  enum Kind {
    INGEST,
    SEARCH
  }

  /**
   * Stores (or replaces) a pipeline after checking its configuration; 400 {@code parse_exception}.
   */
  void put(Kind kind, String id, Map<String, Object> config);

  /**
   * The pipelines ids select (comma list, wildcards; all when null, empty or {@code *}), by id in
   * id order; empty when none matches.
   */
  Map<String, Map<String, Object>> get(Kind kind, String ids);

  /** Deletes the pipelines ids select; 404 {@code resource_not_found_exception} when none. */
  void delete(Kind kind, String ids);

  /**
   * {@code _ingest/pipeline[/{id}]/_simulate}: runs the stored pipeline {@code id}, or the body's
   * {@code pipeline} when id is null, over the body's {@code docs}; the answer's {@code docs}.
   */
  Map<String, Object> simulate(String id, Map<String, Object> body, boolean verbose);

  /**
   * {@code _ingest/processor/grok}: the grok pattern bank, by name (sorted when {@code sorted}).
   */
  Map<String, String> grokPatterns(boolean sorted);

  /** The ingest section of {@code _nodes/stats}: totals, per pipeline and per processor. */
  Map<String, Object> stats();

  /** The processor types this node knows, for {@code _nodes} info ({@code ingest.processors}). */
  List<String> processorTypes();
}
