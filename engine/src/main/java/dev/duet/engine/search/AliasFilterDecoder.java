package dev.duet.engine.search;

import java.util.Map;

/**
 * Turns an alias {@code filter} (a query in the neutral map form of OpenSearch's JSON) into the
 * query model. The query DSL's parse rules live in the server's codec, so the engine is given this
 * when it opens instead of keeping a second copy of them.
 */
@FunctionalInterface
public interface AliasFilterDecoder {
  /** Refuses every filter: for engines opened without a query codec. */
  AliasFilterDecoder NONE =
      filter -> {
        throw new IllegalStateException("this engine was opened without an alias filter decoder");
      };

  /** The query; a 400 {@code DuetException} for a filter the DSL refuses. */
  Query decode(Map<String, Object> filter);
}
