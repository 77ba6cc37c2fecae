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
import java.util.Set;

/**
 * Streams OpenSearch's query DSL into the engine's {@link Query} model, with OpenSearch's parse
 * rules and messages ({@code parsing_exception} carrying {@code line} and {@code col}).
 */
public final class QueryDecoder {
  /** The query types REST serves, each with its parser: the one list of them. */
  private static final Map<String, QueryParser> PARSERS =
      Map.ofEntries(
          Map.entry("match_all", p -> new Query.MatchAll(boostOnly(p, "match_all"))),
          Map.entry("match_none", p -> new Query.MatchNone(boostOnly(p, "match_none"))),
          Map.entry("match", FullTextQueryDecoder::match),
          Map.entry("match_phrase", FullTextQueryDecoder::matchPhrase),
          Map.entry("match_phrase_prefix", FullTextQueryDecoder::matchPhrasePrefix),
          Map.entry("match_bool_prefix", FullTextQueryDecoder::matchBoolPrefix),
          Map.entry("multi_match", FullTextQueryDecoder::multiMatch),
          Map.entry("query_string", p -> FullTextQueryDecoder.queryString(p, false)),
          Map.entry("simple_query_string", p -> FullTextQueryDecoder.queryString(p, true)),
          Map.entry("intervals", IntervalsQueryDecoder::intervals),
          Map.entry("term", TermLevelQueryDecoder::term),
          Map.entry("terms", TermLevelQueryDecoder::terms),
          Map.entry("range", TermLevelQueryDecoder::range),
          Map.entry("exists", MultiTermQueryDecoder::exists),
          Map.entry("geo_distance", GeoQueryDecoder::geoDistance),
          Map.entry("geo_bounding_box", GeoQueryDecoder::geoBoundingBox),
          Map.entry("geo_shape", GeoQueryDecoder::geoShape),
          Map.entry("distance_feature", GeoQueryDecoder::distanceFeature),
          Map.entry("prefix", MultiTermQueryDecoder::prefix),
          Map.entry("wildcard", MultiTermQueryDecoder::wildcard),
          Map.entry("regexp", MultiTermQueryDecoder::regexp),
          Map.entry("fuzzy", MultiTermQueryDecoder::fuzzy),
          Map.entry("ids", MultiTermQueryDecoder::ids),
          Map.entry("terms_set", MultiTermQueryDecoder::termsSet),
          Map.entry("bool", QueryDecoder::bool),
          Map.entry("knn", KnnQueryDecoder::knn),
          Map.entry("constant_score", CompoundQueryDecoder::constantScore),
          Map.entry("boosting", CompoundQueryDecoder::boosting),
          Map.entry("dis_max", CompoundQueryDecoder::disMax),
          Map.entry("function_score", FunctionScoreDecoder::functionScore),
          Map.entry("script_score", CompoundQueryDecoder::scriptScore),
          Map.entry("script", CompoundQueryDecoder::script),
          Map.entry("nested", NestedQueryDecoder::nested),
          Map.entry("more_like_this", MoreLikeThisDecoder::moreLikeThis));

  private QueryDecoder() {}

  /**
   * The names of the query types REST serves ({@code match}, {@code bool}, ...). The gRPC schema
   * has a typed twin for each, which the cross-protocol test checks by walking this set.
   */
  public static Set<String> queryTypes() {
    return PARSERS.keySet();
  }

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
    QueryParser parser = PARSERS.get(name);
    if (parser == null) {
      throw unknownQuery(p, name);
    }
    QueryNames.open();
    Query query;
    String queryName;
    try {
      query = parser.parse(p);
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

  /** Reads one query type's body: on its START_OBJECT, left on its END_OBJECT. */
  @FunctionalInterface
  private interface QueryParser {
    Query parse(JsonParser p) throws IOException;
  }
}
