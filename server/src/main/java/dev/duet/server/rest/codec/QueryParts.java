package dev.duet.server.rest.codec;

import dev.duet.engine.search.Query;
import dev.duet.engine.search.TextOptions;
import java.util.Map;

/**
 * The option readers REST's query parsers hand to the model, for the typed gRPC decoder, which
 * builds the same model from proto fields: one reading of each option for both ports.
 */
public final class QueryParts {
  private QueryParts() {}

  /** {@code operator} ({@code and}/{@code or}, any case; null: or). */
  public static Query.Operator operator(String value) {
    return FullTextQueryDecoder.operator(value);
  }

  /** The match family's text options from its options by REST name. */
  public static TextOptions textOptions(Map<String, Object> options) {
    return FullTextQueryDecoder.textOptions(options);
  }
}
