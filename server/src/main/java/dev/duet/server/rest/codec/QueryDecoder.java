package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.doesNotSupport;
import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.floatValue;
import static dev.duet.server.rest.codec.QueryErrors.malformedEnd;
import static dev.duet.server.rest.codec.QueryErrors.unknownQuery;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Streams OpenSearch's query DSL into the engine's {@link Query} model, with OpenSearch's parse
 * rules and messages ({@code parsing_exception} carrying {@code line} and {@code col}).
 */
public final class QueryDecoder {
  private QueryDecoder() {}

  /**
   * Parses one query object, e.g. {@code {"match":{"title":"x"}}}. The parser is on (or just
   * before) its START_OBJECT and is left on its END_OBJECT.
   */
  public static Query parse(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT && p.nextToken() != JsonToken.START_OBJECT) {
      throw error(p, "[_na] query malformed, must start with start_object");
    }
    if (p.nextToken() == JsonToken.END_OBJECT) {
      throw DuetException.illegalArgument(
          "query malformed, empty clause found at " + Json.location(p));
    }
    if (p.currentToken() != JsonToken.FIELD_NAME) {
      throw error(p, "[_na] query malformed, no field after start_object");
    }
    String name = p.currentName();
    if (p.nextToken() != JsonToken.START_OBJECT) {
      throw error(p, "[" + name + "] query malformed, no start_object after query name");
    }
    QueryNames.open();
    Query query;
    String queryName;
    try {
      query = body(p, name);
    } finally {
      queryName = QueryNames.close();
    }
    if (p.currentToken() != JsonToken.END_OBJECT) {
      throw malformedEnd(p, name);
    }
    if (p.nextToken() != JsonToken.END_OBJECT) {
      throw malformedEnd(p, name);
    }
    return Query.Named.of(queryName, query);
  }

  private static Query body(JsonParser p, String name) throws IOException {
    return switch (name) {
      case "match_all" -> new Query.MatchAll(boostOnly(p, name));
      case "match_none" -> new Query.MatchNone(boostOnly(p, name));
      case "match" -> FullTextQueryDecoder.match(p);
      case "match_phrase" -> FullTextQueryDecoder.matchPhrase(p);
      case "match_phrase_prefix" -> FullTextQueryDecoder.matchPhrasePrefix(p);
      case "match_bool_prefix" -> FullTextQueryDecoder.matchBoolPrefix(p);
      case "multi_match" -> FullTextQueryDecoder.multiMatch(p);
      case "query_string" -> FullTextQueryDecoder.queryString(p, false);
      case "simple_query_string" -> FullTextQueryDecoder.queryString(p, true);
      case "intervals" -> IntervalsQueryDecoder.intervals(p);
      case "term" -> TermLevelQueryDecoder.term(p);
      case "terms" -> TermLevelQueryDecoder.terms(p);
      case "range" -> TermLevelQueryDecoder.range(p);
      case "exists" -> MultiTermQueryDecoder.exists(p);
      case "geo_distance" -> GeoQueryDecoder.geoDistance(p);
      case "geo_bounding_box" -> GeoQueryDecoder.geoBoundingBox(p);
      case "geo_shape" -> GeoQueryDecoder.geoShape(p);
      case "distance_feature" -> GeoQueryDecoder.distanceFeature(p);
      case "prefix" -> MultiTermQueryDecoder.prefix(p);
      case "wildcard" -> MultiTermQueryDecoder.wildcard(p);
      case "regexp" -> MultiTermQueryDecoder.regexp(p);
      case "fuzzy" -> MultiTermQueryDecoder.fuzzy(p);
      case "ids" -> MultiTermQueryDecoder.ids(p);
      case "terms_set" -> MultiTermQueryDecoder.termsSet(p);
      case "bool" -> bool(p);
      case "knn" -> KnnQueryDecoder.knn(p);
      case "constant_score" -> CompoundQueryDecoder.constantScore(p);
      case "boosting" -> CompoundQueryDecoder.boosting(p);
      case "dis_max" -> CompoundQueryDecoder.disMax(p);
      case "function_score" -> FunctionScoreDecoder.functionScore(p);
      case "nested" -> NestedQueryDecoder.nested(p);
      case "more_like_this", "mlt" -> MoreLikeThisDecoder.moreLikeThis(p);
      default -> throw unknownQuery(p, name);
    };
  }

  private static float boostOnly(JsonParser p, String name) throws IOException {
    float boost = 1f;
    String field = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        field = p.currentName();
      } else if (t.isScalarValue() && "boost".equals(field)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(field)) {
        QueryNames.name(p.getText());
      } else {
        throw doesNotSupport(p, name, field);
      }
    }
    return boost;
  }

  private static Query bool(JsonParser p) throws IOException {
    Map<String, List<Query>> clauses = new LinkedHashMap<>();
    for (String c : List.of("must", "should", "must_not", "filter")) {
      clauses.put(c, new ArrayList<>());
    }
    String msm = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        List<Query> target = clauses.get(current);
        if (target == null) {
          throw doesNotSupport(p, "bool", current);
        }
        target.add(parse(p));
      } else if (t == JsonToken.START_ARRAY) {
        List<Query> target = clauses.get(current);
        if (target == null) {
          throw error(p, "bool query does not support [" + current + "]");
        }
        while (p.nextToken() != JsonToken.END_ARRAY) {
          target.add(parse(p));
        }
      } else if (t.isScalarValue()) {
        switch (current) {
          case "minimum_should_match" -> msm = p.getText();
          case "boost" -> boost = floatValue(p);
          case "adjust_pure_negative", "disable_coord" -> {}
          case "_name" -> QueryNames.name(p.getText());
          default -> throw doesNotSupport(p, "bool", current);
        }
      } else {
        throw unknownToken(p, "bool", t, current);
      }
    }
    return new Query.Bool(
        clauses.get("must"),
        clauses.get("should"),
        clauses.get("must_not"),
        clauses.get("filter"),
        msm,
        boost);
  }
}
