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
  private List<SearchOptions.IndexBoost> indicesBoost = List.of();
  private List<String> statsGroups = List.of();

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
      case "indices_boost" -> indicesBoost = indicesBoost(p, t, field);
      case "stats" -> statsGroups = statsGroups(p, t, field);
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
    if (minScore == null
        && postFilter == null
        && searchAfter.isEmpty()
        && !trackScores
        && indicesBoost.isEmpty()
        && statsGroups.isEmpty()) {
      return request;
    }
    return request.withOptions(
        new SearchOptions(minScore, postFilter, searchAfter, null, trackScores)
            .withIndicesBoost(indicesBoost)
            .withStatsGroups(statsGroups));
  }

  /** {@code stats}: the groups this search counts in, a string or an array of strings. */
  private static List<String> statsGroups(JsonParser p, JsonToken t, String field)
      throws IOException {
    List<String> groups = new ArrayList<>();
    if (t == JsonToken.VALUE_STRING) {
      groups.add(p.getText());
      return groups;
    }
    if (t != JsonToken.START_ARRAY) {
      throw unknownKey(p, t, field);
    }
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t != JsonToken.VALUE_STRING) {
        throw unknownKey(p, t, field);
      }
      groups.add(p.getText());
    }
    return groups;
  }

  /**
   * {@code indices_boost} in either of OpenSearch's forms: an array of one-entry objects, or (the
   * deprecated form) one object of entries.
   */
  private static List<SearchOptions.IndexBoost> indicesBoost(
      JsonParser p, JsonToken t, String field) throws IOException {
    List<SearchOptions.IndexBoost> out = new ArrayList<>();
    if (t == JsonToken.START_OBJECT) {
      String index = null;
      while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
        if (t == JsonToken.FIELD_NAME) {
          index = p.currentName();
        } else if (t.isScalarValue()) {
          out.add(new SearchOptions.IndexBoost(index, QueryErrors.floatValue(p)));
        } else {
          throw unknownKey(p, t, index);
        }
      }
      return out;
    }
    if (t != JsonToken.START_ARRAY) {
      throw unknownKey(p, t, field);
    }
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t != JsonToken.START_OBJECT) {
        throw unknownKey(p, t, field);
      }
      expect(p, JsonToken.FIELD_NAME, "FIELD_NAME");
      String index = p.currentName();
      t = p.nextToken();
      if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
        throw expected(p, "VALUE_NUMBER");
      }
      out.add(new SearchOptions.IndexBoost(index, p.getFloatValue()));
      expect(p, JsonToken.END_OBJECT, "END_OBJECT");
    }
    return out;
  }

  private static void expect(JsonParser p, JsonToken want, String name) throws IOException {
    if (p.nextToken() != want) {
      throw expected(p, name);
    }
  }

  private static dev.duet.engine.error.DuetException expected(JsonParser p, String name) {
    return QueryErrors.error(
        p,
        "Expected ["
            + name
            + "] in [indices_boost] but found ["
            + Json.tokenName(p.currentToken())
            + "]");
  }

  private static dev.duet.engine.error.DuetException unknownKey(
      JsonParser p, JsonToken t, String field) {
    return QueryErrors.error(p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
  }
}
