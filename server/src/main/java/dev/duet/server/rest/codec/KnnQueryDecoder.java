package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.checkSingleField;
import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.floatValue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.Map;

/**
 * The k-NN plugin's {@code knn} query of {@link QueryDecoder}: {@code {"<field>":{"vector":[...],
 * "k":10, ...}}}, streamed; the vector is read straight into a float array. Parse errors use the
 * plugin's words; the request checks ({@code k} range, one of k / distance / score) are the
 * model's, shared with gRPC.
 */
final class KnnQueryDecoder {
  private static final float[] EMPTY = new float[0];

  private KnnQueryDecoder() {}

  /** Reads the body after {@code "knn":}; leaves the parser on the body's END_OBJECT. */
  private static final java.util.Set<String> SCALAR_OPTIONS =
      java.util.Set.of("k", "min_score", "max_distance", "boost", "_name", "expand_nested_docs");

  static Query knn(JsonParser p) throws IOException {
    String field = null;
    Query.Knn knn = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        checkSingleField(p, "knn", field, p.currentName());
        field = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        knn = body(p, field);
      } else {
        throw error(p, "[knn] unknown token [" + Json.tokenName(t) + "] after [" + field + "]");
      }
    }
    if (knn == null) {
      throw DuetException.illegalArgument("[knn] requires field name");
    }
    return knn;
  }

  private static Query.Knn body(JsonParser p, String field) throws IOException {
    float[] vector = null;
    Integer k = null;
    Float minScore = null;
    Float maxDistance = null;
    Query filter = null;
    Integer efSearch = null;
    Query.Rescore rescore = null;
    float boost = 1f;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      String name = p.currentName();
      String at = Json.location(p);
      t = p.nextToken();
      if (!t.isScalarValue() && SCALAR_OPTIONS.contains(name)) {
        throw error(p, "[knn] unknown token [" + Json.tokenName(t) + "] after [" + name + "]");
      }
      switch (name) {
        case "vector" -> vector = vector(p, t);
        case "k" -> k = p.getValueAsInt();
        case "min_score" -> minScore = floatValue(p);
        case "max_distance" -> maxDistance = floatValue(p);
        case "boost" -> boost = floatValue(p);
        case "_name" -> QueryNames.name(p.getText());
        case "expand_nested_docs" -> QueryErrors.booleanValue(p);
        case "filter" -> filter = t == JsonToken.VALUE_NULL ? null : QueryDecoder.parse(p);
        case "method_parameters" -> efSearch = methodParameters(p, t);
        case "rescore" -> rescore = rescore(p, t);
        default ->
            throw new DuetException(
                400, "x_content_parse_exception", at + " [knn] unknown field [" + name + "]");
      }
    }
    if (vector == null) {
      throw DuetException.illegalArgument("[knn] requires query vector");
    }
    return new Query.Knn(field, vector, k, minScore, maxDistance, filter, efSearch, rescore, boost);
  }

  private static float[] vector(JsonParser p, JsonToken t) throws IOException {
    if (t != JsonToken.START_ARRAY) {
      throw failedToParse(Json.location(p), "vector", Query.Knn.emptyVector());
    }
    float[] values = new float[64];
    int n = 0;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (n == values.length) {
        values = java.util.Arrays.copyOf(values, n * 2);
      }
      try {
        values[n++] = t.isNumeric() ? p.getFloatValue() : Float.parseFloat(p.getText());
      } catch (NumberFormatException e) {
        throw failedToParse(
            Json.location(p),
            "vector",
            DuetException.illegalArgument("For input string: \"" + p.getText() + "\""));
      }
    }
    float[] vector = n == values.length ? values : java.util.Arrays.copyOf(values, n);
    try {
      return Query.Knn.checkVector(vector);
    } catch (DuetException e) {
      throw failedToParse(Json.location(p), "vector", e);
    }
  }

  private static Integer methodParameters(JsonParser p, JsonToken t) throws IOException {
    if (t != JsonToken.START_OBJECT) {
      throw failedToParse(
          Json.location(p),
          "method_parameters",
          DuetException.illegalArgument("[knn] method_parameters must be an object"));
    }
    Integer efSearch = null;
    String unknown = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String name = p.currentName();
      p.nextToken();
      if (name.equals("ef_search")) {
        efSearch = p.getValueAsInt();
      } else {
        p.skipChildren();
        unknown = unknown == null ? name : unknown;
      }
    }
    if (unknown != null) {
      // The plugin reads the whole object first, so it reports the place where it ends.
      DuetException cause = QueryErrors.at(p, Query.Knn.unknownMethodParameter(unknown));
      throw new DuetException(
          400,
          "x_content_parse_exception",
          Json.location(p) + " [knn] failed to parse field [method_parameters]",
          Map.of(),
          cause);
    }
    return efSearch;
  }

  private static Query.Rescore rescore(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
      return new Query.Rescore(t == JsonToken.VALUE_TRUE, null);
    }
    if (t != JsonToken.START_OBJECT) {
      throw error(p, "[knn] rescore must be a boolean or an object");
    }
    Float factor = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String name = p.currentName();
      p.nextToken();
      if (!name.equals("oversample_factor")) {
        throw error(p, "[knn] unknown rescore field [" + name + "]");
      }
      factor = floatValue(p);
    }
    return new Query.Rescore(true, factor);
  }

  private static DuetException failedToParse(String at, String field, DuetException cause) {
    return new DuetException(
        400,
        "x_content_parse_exception",
        at + " [knn] failed to parse field [" + field + "]",
        Map.of(),
        cause);
  }
}
