package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.floatValue;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.ScoreFunction;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code function_score} for {@link QueryDecoder}: the query, its functions (in a {@code functions}
 * array or one inline), and the score and boost modes.
 */
final class FunctionScoreDecoder {
  private static final String ENUM_PREFIX = "No enum constant org.opensearch.common.lucene.search.";

  private FunctionScoreDecoder() {}

  static Query functionScore(JsonParser p) throws IOException {
    Query query = new Query.MatchAll(1f);
    List<ScoreFunction> functions = new ArrayList<>();
    FunctionScore.ScoreMode scoreMode = FunctionScore.ScoreMode.MULTIPLY;
    FunctionScore.BoostMode boostMode = FunctionScore.BoostMode.MULTIPLY;
    float maxBoost = Float.MAX_VALUE;
    Float minScore = null;
    Float weight = null;
    float boost = 1f;
    ScoreFunction inline = null;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT && "query".equals(current)) {
        query = QueryDecoder.parse(p);
      } else if (t == JsonToken.START_ARRAY && "functions".equals(current)) {
        while (p.nextToken() != JsonToken.END_ARRAY) {
          functions.add(function(p));
        }
      } else if (t == JsonToken.START_OBJECT) {
        inline = body(p, current, null, null);
      } else if (t.isScalarValue()) {
        switch (current) {
          case "score_mode" ->
              scoreMode =
                  enumValue(
                      FunctionScore.ScoreMode.class,
                      p.getText(),
                      "function.FunctionScoreQuery.ScoreMode");
          case "boost_mode" ->
              boostMode =
                  enumValue(FunctionScore.BoostMode.class, p.getText(), "function.CombineFunction");
          case "max_boost" -> maxBoost = floatValue(p);
          case "min_score" -> minScore = floatValue(p);
          case "weight" -> weight = floatValue(p);
          case "boost" -> boost = floatValue(p);
          case "_name" -> QueryNames.name(p.getText());
          default -> throw error(p, "function_score query does not support [" + current + "]");
        }
      } else {
        throw unknownToken(p, "function_score", t, current);
      }
    }
    if (inline != null) {
      if (!functions.isEmpty()) {
        throw error(
            p,
            "failed to parse [function_score] query. already found [functions] array, now"
                + " encountering ["
                + current
                + "].");
      }
      functions.add(withWeight(inline, weight));
    } else if (weight != null && functions.isEmpty()) {
      functions.add(new ScoreFunction.Weight(null, weight));
    }
    return new FunctionScore(query, functions, scoreMode, boostMode, maxBoost, minScore, boost);
  }

  /** One entry of {@code functions}: an optional filter and weight and one function. */
  private static ScoreFunction function(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw error(
          p,
          "failed to parse [function_score] query. malformed query, expected a ["
              + "START_OBJECT] while parsing functions but got a ["
              + p.currentToken()
              + "] instead.");
    }
    Query filter = null;
    Float weight = null;
    String kind = null;
    ScoreFunction fn = null;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT && "filter".equals(current)) {
        filter = QueryDecoder.parse(p);
      } else if (t == JsonToken.START_OBJECT) {
        kind = current;
        fn = body(p, current, null, null);
      } else if (t.isScalarValue() && "weight".equals(current)) {
        weight = floatValue(p);
      } else {
        throw unknownToken(p, "function_score", t, current);
      }
    }
    if (fn == null) {
      return new ScoreFunction.Weight(filter, weight == null ? 1f : weight);
    }
    return withWeight(withFilter(fn, filter), weight);
  }

  private static ScoreFunction body(JsonParser p, String kind, Query filter, Float weight)
      throws IOException {
    return switch (kind) {
      case "field_value_factor" -> {
        Map<String, Object> b =
            QueryBodies.flatBody(
                p,
                "field_value_factor",
                Set.of("field", "factor", "modifier", "missing"),
                Set.of());
        Object field = b.get("field");
        if (field == null) {
          throw error(p, "[field_value_factor] required field 'field' missing");
        }
        Float factor = QueryBodies.floatOrNull(b, "factor");
        Double missing = QueryBodies.doubleOrNull(b, "missing");
        yield new ScoreFunction.FieldValueFactor(
            filter,
            weight,
            String.valueOf(field),
            factor == null ? 1f : factor,
            missing,
            enumValue(
                ScoreFunction.Modifier.class,
                b.get("modifier") == null ? "none" : String.valueOf(b.get("modifier")),
                "function.FieldValueFactorFunction.Modifier"));
      }
      case "random_score" -> {
        Map<String, Object> b =
            QueryBodies.flatBody(p, "random_score", Set.of("seed", "field"), Set.of());
        Object seed = b.get("seed");
        Long seedValue =
            seed == null
                ? null
                : seed instanceof Number n ? n.longValue() : (long) String.valueOf(seed).hashCode();
        Object field = b.get("field");
        yield new ScoreFunction.RandomScore(
            filter, weight, seedValue, field == null ? null : String.valueOf(field));
      }
      case "gauss", "exp", "linear" -> decay(p, kind, filter, weight);
      default -> throw QueryErrors.unknownFunction(p, kind);
    };
  }

  private static ScoreFunction decay(JsonParser p, String kind, Query filter, Float weight)
      throws IOException {
    String field = null;
    Map<String, Object> placement = Map.of();
    String multiValueMode = null;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        field = current;
        placement =
            QueryBodies.flatBody(p, kind, Set.of("origin", "scale", "offset", "decay"), Set.of());
      } else if (t.isScalarValue() && "multi_value_mode".equals(current)) {
        multiValueMode = p.getText().toLowerCase(Locale.ROOT);
      } else {
        throw unknownToken(p, kind, t, current);
      }
    }
    Double decay = QueryBodies.doubleOrNull(placement, "decay");
    return new ScoreFunction.Decay(
        filter,
        weight,
        ScoreFunction.Shape.valueOf(kind.toUpperCase(Locale.ROOT)),
        field,
        placement.get("origin"),
        placement.get("scale"),
        placement.get("offset"),
        decay == null ? 0.5 : decay,
        multiValueMode);
  }

  private static ScoreFunction withFilter(ScoreFunction fn, Query filter) {
    if (filter == null) {
      return fn;
    }
    return switch (fn) {
      case ScoreFunction.Weight w -> new ScoreFunction.Weight(filter, w.weight());
      case ScoreFunction.FieldValueFactor f ->
          new ScoreFunction.FieldValueFactor(
              filter, f.weight(), f.field(), f.factor(), f.missing(), f.modifier());
      case ScoreFunction.RandomScore r ->
          new ScoreFunction.RandomScore(filter, r.weight(), r.seed(), r.field());
      case ScoreFunction.Decay d ->
          new ScoreFunction.Decay(
              filter,
              d.weight(),
              d.shape(),
              d.field(),
              d.origin(),
              d.scale(),
              d.offset(),
              d.decay(),
              d.multiValueMode());
    };
  }

  static ScoreFunction withWeight(ScoreFunction fn, Float weight) {
    if (weight == null) {
      return fn;
    }
    return switch (fn) {
      case ScoreFunction.Weight w -> new ScoreFunction.Weight(w.filter(), weight);
      case ScoreFunction.FieldValueFactor f ->
          new ScoreFunction.FieldValueFactor(
              f.filter(), weight, f.field(), f.factor(), f.missing(), f.modifier());
      case ScoreFunction.RandomScore r ->
          new ScoreFunction.RandomScore(r.filter(), weight, r.seed(), r.field());
      case ScoreFunction.Decay d ->
          new ScoreFunction.Decay(
              d.filter(),
              weight,
              d.shape(),
              d.field(),
              d.origin(),
              d.scale(),
              d.offset(),
              d.decay(),
              d.multiValueMode());
    };
  }

  private static <E extends Enum<E>> E enumValue(Class<E> type, String value, String javaName) {
    try {
      return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw DuetException.illegalArgument(
          ENUM_PREFIX + javaName + "." + value.toUpperCase(Locale.ROOT));
    }
  }
}
