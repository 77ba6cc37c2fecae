package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decodes a search body's {@code aggs}/{@code aggregations} object, streamed with Jackson, into the
 * aggregation model: each named entry holds one type with its body, and optionally {@code aggs}
 * (sub-aggregations) and {@code meta}. Errors are OpenSearch's, with their locations.
 */
public final class AggregationsDecoder {
  private AggregationsDecoder() {}

  /** A decoded body, waiting for its sub-aggregations (which may come before or after it). */
  interface Pending {
    Aggregation with(List<Aggregation> subs);
  }

  /** Parses the object at the current token; leaves the parser on its END_OBJECT. */
  public static List<Aggregation> parse(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw QueryErrors.error(
          p, "Unknown key for a " + Json.tokenName(p.currentToken()) + " in [aggs].");
    }
    Map<String, Aggregation> out = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_OBJECT) {
        throw QueryErrors.error(
            p,
            "Aggregation definition for ["
                + name
                + " starts with a ["
                + Json.tokenName(t)
                + "], expected a [START_OBJECT].");
      }
      if (out.containsKey(name)) {
        throw QueryErrors.error(
            p, "Two sibling aggregations cannot have the same name: [" + name + "]");
      }
      out.put(name, one(p, name));
    }
    return new ArrayList<>(out.values());
  }

  private static Aggregation one(JsonParser p, String name) throws IOException {
    String type = null;
    Pending pending = null;
    List<Aggregation> subs = List.of();
    Map<String, Object> meta = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "aggs", "aggregations" -> subs = parse(p);
        case "meta" -> {
          if (t != JsonToken.START_OBJECT) {
            throw QueryErrors.error(
                p,
                "Expected [START_OBJECT] under [meta], but got a ["
                    + Json.tokenName(t)
                    + "] in ["
                    + name
                    + "]");
          }
          @SuppressWarnings("unchecked")
          Map<String, Object> m = (Map<String, Object>) Json.readValue(p);
          meta = m;
        }
        default -> {
          if (type != null) {
            throw QueryErrors.error(
                p,
                "Found two aggregation type definitions in ["
                    + name
                    + "]: ["
                    + type
                    + "] and ["
                    + key
                    + "]");
          }
          if (t != JsonToken.START_OBJECT) {
            throw QueryErrors.error(
                p,
                "Expected [START_OBJECT] under ["
                    + key
                    + "], but got a ["
                    + Json.tokenName(t)
                    + "] in ["
                    + name
                    + "]");
          }
          type = key;
          pending = body(p, type, name);
        }
      }
    }
    if (type == null) {
      throw QueryErrors.at(p, Aggregation.missingDefinition(name));
    }
    if (!subs.isEmpty() && !acceptsSubs(type)) {
      throw new DuetException(
          400,
          "aggregation_initialization_exception",
          "Aggregator [" + name + "] of type [" + type + "] cannot accept sub-aggregations");
    }
    Aggregation aggregation = pending.with(subs);
    return meta == null ? aggregation : new Aggregation.WithMeta(aggregation, meta);
  }

  /**
   * The aggregation types REST serves ({@code terms}, {@code max}, ...). The gRPC schema has a
   * typed twin for each, which the cross-protocol test checks by walking this set.
   */
  public static Set<String> aggregationTypes() {
    Set<String> types = new TreeSet<>(BucketAggregationDecoder.types());
    types.addAll(MetricAggregationDecoder.types());
    return types;
  }

  /** Whether Duet parses (and so runs) aggregations of {@code type}. */
  public static boolean knows(String type) {
    return BucketAggregationDecoder.handles(type) || MetricAggregationDecoder.handles(type);
  }

  private static boolean acceptsSubs(String type) {
    return BucketAggregationDecoder.handles(type);
  }

  private static Pending body(JsonParser p, String type, String name) throws IOException {
    if (BucketAggregationDecoder.handles(type)) {
      return BucketAggregationDecoder.parse(p, type, name);
    }
    if (MetricAggregationDecoder.handles(type)) {
      Aggregation metric = MetricAggregationDecoder.parse(p, type, name);
      return subs -> metric;
    }
    var loc = p.currentTokenLocation();
    Map<String, String> where = new LinkedHashMap<>();
    where.put("line", Integer.toString(loc.getLineNr()));
    where.put("col", Integer.toString(loc.getColumnNr()));
    DuetException cause =
        new DuetException(
            400,
            "named_object_not_found_exception",
            Json.location(p) + " unknown field [" + type + "]");
    throw new DuetException(
        400, "parsing_exception", "Unknown aggregation type [" + type + "]", where, cause);
  }
}
