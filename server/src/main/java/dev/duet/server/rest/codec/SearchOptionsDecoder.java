package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The search body's {@code min_score}, {@code post_filter} and {@code search_after}, collected
 * while {@link SearchRequestDecoder} streams the body.
 */
final class SearchOptionsDecoder {
  private Float minScore;
  private Query postFilter;
  private List<Object> searchAfter = List.of();
  private boolean trackScores;

  /** Reads the value of {@code field}; the parser is on its first token. */
  void parse(JsonParser p, String field) throws IOException {
    JsonToken t = p.currentToken();
    switch (field) {
      case "min_score" -> {
        if (!t.isScalarValue()) {
          throw unknownKey(p, t, field);
        }
        minScore = QueryErrors.floatValue(p);
      }
      case "post_filter" -> {
        if (t != JsonToken.START_OBJECT) {
          throw unknownKey(p, t, field);
        }
        postFilter = QueryDecoder.parse(p);
      }
      case "search_after" -> {
        if (t != JsonToken.START_ARRAY) {
          throw unknownKey(p, t, field);
        }
        List<Object> values = new ArrayList<>();
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
          if (!t.isScalarValue()) {
            throw unknownKey(p, t, field);
          }
          values.add(Json.scalar(p));
        }
        searchAfter = values;
      }
      case "track_scores" -> {
        if (!t.isScalarValue()) {
          throw unknownKey(p, t, field);
        }
        trackScores = QueryErrors.booleanValue(p);
      }
      default -> throw new IllegalArgumentException(field);
    }
  }

  /** Applies the URL's {@code track_scores} over the body's. */
  void url(SearchUrlOptions url) {
    if (url.trackScores() != null) {
      trackScores = SearchUrlOptions.flag(url.trackScores());
    }
  }

  SearchRequest applyTo(SearchRequest request) {
    if (minScore == null && postFilter == null && searchAfter.isEmpty() && !trackScores) {
      return request;
    }
    return request.withOptions(
        new SearchOptions(minScore, postFilter, searchAfter, null, trackScores));
  }

  private static dev.duet.engine.error.DuetException unknownKey(
      JsonParser p, JsonToken t, String field) {
    return QueryErrors.error(p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
  }
}
