package dev.duet.server.rest.codec;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.server.rest.codec.AggregationsDecoder.Pending;
import java.io.IOException;

/**
 * The body of a {@code significant_terms} aggregation. The score is JLH, OpenSearch's default;
 * {@code jlh: {}} may name it; other heuristics and background filters are not in Duet yet.
 */
final class SignificantTermsDecoder {
  private SignificantTermsDecoder() {}

  static Pending parse(AggregationBody body) throws IOException {
    String field = null;
    int size = 10;
    long minDocCount = 3;
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "size" -> {
          size = body.sizeValue();
        }
        case "min_doc_count" -> minDocCount = body.longValue();
        case "shard_size", "shard_min_doc_count", "execution_hint" -> body.skip();
        case "jlh" -> body.skip();
        case "background_filter",
            "mutual_information",
            "chi_square",
            "gnd",
            "percentage",
            "script_heuristic",
            "include",
            "exclude" -> {
          String key = body.field();
          throw DuetException.illegalArgument(
              "[" + key + "] in significant_terms is not supported by Duet yet");
        }
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    String f = field;
    int s = size;
    long mdc = minDocCount;
    String name = body.aggName();
    return subs -> new Aggregation.SignificantTerms(name, f, s, mdc, subs);
  }
}
