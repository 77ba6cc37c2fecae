package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import dev.duet.server.rest.codec.AggregationsDecoder.Pending;
import java.io.IOException;
import java.util.List;

/** The body of {@code rare_terms}. */
final class RareTermsDecoder {
  private RareTermsDecoder() {}

  static Pending parse(AggregationBody body) throws IOException {
    String field = null;
    long maxDocCount = 1;
    Object missing = null;
    String includeRegex = null;
    String excludeRegex = null;
    List<String> includeValues = null;
    List<String> excludeValues = null;
    String name = body.aggName();
    while (body.next()) {
      switch (body.field()) {
        case "field" -> field = body.string();
        case "max_doc_count" -> {
          maxDocCount = body.longValue();
          try {
            Aggregation.RareTerms.checkMaxDocCount(maxDocCount, name);
          } catch (DuetException e) {
            throw body.failedToParse(e);
          }
        }
        case "precision", "value_type", "format" -> body.skip();
        case "missing" -> missing = body.scalar();
        case "include" -> {
          if (body.parser().currentToken() == JsonToken.START_ARRAY) {
            includeValues = BucketAggregationDecoder.strings(body.parser());
          } else {
            includeRegex = body.string();
          }
        }
        case "exclude" -> {
          if (body.parser().currentToken() == JsonToken.START_ARRAY) {
            excludeValues = BucketAggregationDecoder.strings(body.parser());
          } else {
            excludeRegex = body.string();
          }
        }
        default -> throw body.unknownField();
      }
    }
    body.requireField(field);
    IncludeExclude filter =
        includeRegex == null
                && excludeRegex == null
                && includeValues == null
                && excludeValues == null
            ? null
            : new IncludeExclude(includeRegex, excludeRegex, includeValues, excludeValues);
    String f = field;
    long max = maxDocCount;
    Object m = missing;
    return subs -> new Aggregation.RareTerms(name, f, max, m, filter, subs);
  }
}
