package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.doesNotSupport;
import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.floatValue;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.Boosting;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The compound queries beyond bool ({@code constant_score}, {@code boosting}, {@code dis_max}) of
 * {@link QueryDecoder}; {@code function_score} is {@link FunctionScoreDecoder}'s.
 */
final class CompoundQueryDecoder {
  private CompoundQueryDecoder() {}

  static Query constantScore(JsonParser p) throws IOException {
    Query filter = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT && "filter".equals(current)) {
        filter = QueryDecoder.parse(p);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t == JsonToken.START_OBJECT || t.isScalarValue()) {
        throw error(p, "[constant_score] query does not support [" + current + "]");
      } else {
        throw unknownToken(p, "constant_score", t, current);
      }
    }
    Query f = filter;
    float b = boost;
    return QueryErrors.at(p, () -> new ConstantScore(f, b));
  }

  static Query scriptScore(JsonParser p) throws IOException {
    Query query = null;
    dev.duet.engine.script.Script script = null;
    Float minScore = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if ("query".equals(current) && t == JsonToken.START_OBJECT) {
        query = QueryDecoder.parse(p);
      } else if ("script".equals(current)) {
        script = ScriptDecoder.decode(p);
      } else if (t.isScalarValue() && "min_score".equals(current)) {
        minScore = floatValue(p);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t == JsonToken.START_OBJECT || t.isScalarValue()) {
        throw error(p, "[script_score] query does not support [" + current + "]");
      } else {
        throw unknownToken(p, "script_score", t, current);
      }
    }
    Query q = query;
    dev.duet.engine.script.Script sc = script;
    Float m = minScore;
    float b = boost;
    return QueryErrors.at(p, () -> new dev.duet.engine.search.ScriptScore(q, sc, m, b));
  }

  static Query script(JsonParser p) throws IOException {
    dev.duet.engine.script.Script script = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if ("script".equals(current)) {
        script = ScriptDecoder.decode(p);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t == JsonToken.START_OBJECT || t.isScalarValue()) {
        throw error(p, "[script] query does not support [" + current + "]");
      } else {
        throw unknownToken(p, "script", t, current);
      }
    }
    dev.duet.engine.script.Script sc = script;
    float b = boost;
    return QueryErrors.at(p, () -> new dev.duet.engine.search.ScriptQuery(sc, b));
  }

  static Query boosting(JsonParser p) throws IOException {
    Query positive = null;
    Query negative = null;
    float negativeBoost = -1f;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT && "positive".equals(current)) {
        positive = QueryDecoder.parse(p);
      } else if (t == JsonToken.START_OBJECT && "negative".equals(current)) {
        negative = QueryDecoder.parse(p);
      } else if (t.isScalarValue() && "negative_boost".equals(current)) {
        negativeBoost = floatValue(p);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t == JsonToken.START_OBJECT || t.isScalarValue()) {
        throw doesNotSupport(p, "boosting", current);
      } else {
        throw unknownToken(p, "boosting", t, current);
      }
    }
    if (positive == null) {
      throw error(p, "[boosting] query requires 'positive' query to be set'");
    }
    if (negative == null) {
      throw error(p, "[boosting] query requires 'negative' query to be set'");
    }
    if (negativeBoost < 0) {
      throw error(
          p, "[boosting] query requires 'negative_boost' to be set to be a positive value'");
    }
    return new Boosting(positive, negative, negativeBoost, boost);
  }

  static Query disMax(JsonParser p) throws IOException {
    List<Query> queries = new ArrayList<>();
    float tieBreaker = 0f;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT && "queries".equals(current)) {
        queries.add(QueryDecoder.parse(p));
      } else if (t == JsonToken.START_ARRAY && "queries".equals(current)) {
        while (p.nextToken() != JsonToken.END_ARRAY) {
          queries.add(QueryDecoder.parse(p));
        }
      } else if (t.isScalarValue() && "tie_breaker".equals(current)) {
        tieBreaker = floatValue(p);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t == JsonToken.START_OBJECT || t.isScalarValue() || t == JsonToken.START_ARRAY) {
        throw error(p, "[dis_max] query does not support [" + current + "]");
      } else {
        throw unknownToken(p, "dis_max", t, current);
      }
    }
    if (queries.isEmpty()) {
      throw error(p, "[dis_max] requires 'queries' field with at least one clause");
    }
    return new DisMax(queries, tieBreaker, boost);
  }
}
