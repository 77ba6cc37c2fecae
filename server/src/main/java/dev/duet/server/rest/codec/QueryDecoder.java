package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
    Query query =
        switch (name) {
          case "match_all" -> new Query.MatchAll(boostOnly(p, name));
          case "match_none" -> new Query.MatchNone(boostOnly(p, name));
          case "match" -> match(p);
          case "term" -> term(p);
          case "terms" -> terms(p);
          case "range" -> range(p);
          case "bool" -> bool(p);
          default -> throw unknownQuery(p, name);
        };
    if (p.currentToken() != JsonToken.END_OBJECT) {
      throw malformedEnd(p, name);
    }
    if (p.nextToken() != JsonToken.END_OBJECT) {
      throw malformedEnd(p, name);
    }
    return query;
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
        // query names are accepted; hits do not report matched_queries yet
      } else {
        throw doesNotSupport(p, name, field);
      }
    }
    return boost;
  }

  private static Query match(JsonParser p) throws IOException {
    String fieldName = null;
    Object value = null;
    Query.Operator operator = Query.Operator.OR;
    String msm = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        checkSingleField(p, "match", fieldName, current);
        fieldName = current;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          if (t == JsonToken.FIELD_NAME) {
            current = p.currentName();
          } else if (t.isScalarValue()) {
            switch (current) {
              case "query" -> value = Json.scalar(p);
              case "operator" -> operator = operator(p.getText());
              case "minimum_should_match" -> msm = p.getText();
              case "boost" -> boost = floatValue(p);
              case "_name" -> {}
              default -> throw doesNotSupport(p, "match", current);
            }
          } else {
            throw unknownToken(p, "match", t, current);
          }
        }
      } else if (t.isScalarValue()) {
        checkSingleField(p, "match", fieldName, current);
        fieldName = current;
        value = Json.scalar(p);
      } else {
        throw unknownToken(p, "match", t, current);
      }
    }
    if (value == null) {
      throw error(p, "No text specified for text query");
    }
    return new Query.Match(fieldName, value, operator, msm, boost);
  }

  private static Query term(JsonParser p) throws IOException {
    String fieldName = null;
    Object value = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        checkSingleField(p, "term", fieldName, current);
        fieldName = current;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          if (t == JsonToken.FIELD_NAME) {
            current = p.currentName();
          } else if (t.isScalarValue()) {
            switch (current) {
              case "value", "term" -> value = Json.scalar(p);
              case "boost" -> boost = floatValue(p);
              case "_name" -> {}
              default -> throw doesNotSupport(p, "term", current);
            }
          } else {
            throw unknownToken(p, "term", t, current);
          }
        }
      } else if (t.isScalarValue()) {
        checkSingleField(p, "term", fieldName, current);
        fieldName = current;
        value = Json.scalar(p);
      } else {
        throw unknownToken(p, "term", t, current);
      }
    }
    if (fieldName == null || value == null) {
      throw error(p, "[term] query requires a field name and a value");
    }
    return new Query.Term(fieldName, value, boost);
  }

  private static Query terms(JsonParser p) throws IOException {
    String fieldName = null;
    List<Object> values = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_ARRAY) {
        if (fieldName != null) {
          throw error(p, "[terms] query does not support multiple fields");
        }
        fieldName = current;
        values = new ArrayList<>();
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
          if (!t.isScalarValue() || t == JsonToken.VALUE_NULL) {
            throw error(p, "No value specified for terms query");
          }
          values.add(Json.scalar(p));
        }
      } else if (t.isScalarValue()) {
        switch (current) {
          case "boost" -> boost = floatValue(p);
          case "_name" -> {}
          default -> throw doesNotSupport(p, "terms", current);
        }
      } else {
        throw unknownToken(p, "terms", t, current);
      }
    }
    if (fieldName == null) {
      throw error(
          p,
          "[terms] query requires a field name, followed by array of terms or a document lookup"
              + " specification");
    }
    return new Query.Terms(fieldName, values, boost);
  }

  private static Query range(JsonParser p) throws IOException {
    String fieldName = null;
    Object from = null;
    Object to = null;
    boolean includeLower = true;
    boolean includeUpper = true;
    String format = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        checkSingleField(p, "range", fieldName, current);
        fieldName = current;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          if (t == JsonToken.FIELD_NAME) {
            current = p.currentName();
          } else if (t.isScalarValue()) {
            switch (current) {
              case "from" -> from = Json.scalar(p);
              case "to" -> to = Json.scalar(p);
              case "include_lower" -> includeLower = booleanValue(p);
              case "include_upper" -> includeUpper = booleanValue(p);
              case "gt" -> {
                from = Json.scalar(p);
                includeLower = false;
              }
              case "gte" -> {
                from = Json.scalar(p);
                includeLower = true;
              }
              case "lt" -> {
                to = Json.scalar(p);
                includeUpper = false;
              }
              case "lte" -> {
                to = Json.scalar(p);
                includeUpper = true;
              }
              case "format" -> format = p.getText();
              case "boost" -> boost = floatValue(p);
              case "_name" -> {}
              default -> throw doesNotSupport(p, "range", current);
            }
          } else {
            throw unknownToken(p, "range", t, current);
          }
        }
      } else if (t.isScalarValue() && ("boost".equals(current) || "_name".equals(current))) {
        if ("boost".equals(current)) {
          boost = floatValue(p);
        }
      } else {
        throw doesNotSupport(p, "range", current);
      }
    }
    if (fieldName == null) {
      throw error(p, "[range] query requires a field name");
    }
    return new Query.Range(
        fieldName,
        includeLower ? null : from,
        includeLower ? from : null,
        includeUpper ? null : to,
        includeUpper ? to : null,
        format,
        boost);
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
          case "adjust_pure_negative", "disable_coord", "_name" -> {}
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

  private static Query.Operator operator(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "or" -> Query.Operator.OR;
      case "and" -> Query.Operator.AND;
      default ->
          throw DuetException.illegalArgument(
              "operator needs to be either [OR, AND], but not [" + value + "]");
    };
  }

  static float floatValue(JsonParser p) throws IOException {
    if (p.currentToken().isNumeric()) {
      return p.getFloatValue();
    }
    try {
      return Float.parseFloat(p.getText());
    } catch (NumberFormatException e) {
      throw error(p, "[boost] expected a number but found [" + p.getText() + "]");
    }
  }

  private static boolean booleanValue(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
      return t == JsonToken.VALUE_TRUE;
    }
    String text = p.getText();
    if (text.equals("true") || text.equals("false")) {
      return text.equals("true");
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }

  private static void checkSingleField(JsonParser p, String query, String seen, String current) {
    if (seen != null) {
      throw error(
          p,
          "["
              + query
              + "] query doesn't support multiple fields, found ["
              + seen
              + "] and ["
              + current
              + "]");
    }
  }

  private static DuetException unknownQuery(JsonParser p, String name) {
    Map<String, String> where = location(p);
    DuetException cause =
        new DuetException(
            400,
            "named_object_not_found_exception",
            Json.location(p) + " unknown field [" + name + "]");
    return new DuetException(
        400, "parsing_exception", "unknown query [" + name + "]", where, cause);
  }

  private static DuetException malformedEnd(JsonParser p, String name) {
    return error(
        p,
        "["
            + name
            + "] malformed query, expected [END_OBJECT] but found ["
            + Json.tokenName(p.currentToken())
            + "]");
  }

  private static DuetException doesNotSupport(JsonParser p, String query, String field) {
    return error(p, "[" + query + "] query does not support [" + field + "]");
  }

  private static DuetException unknownToken(JsonParser p, String query, JsonToken t, String field) {
    return error(
        p, "[" + query + "] unknown token [" + Json.tokenName(t) + "] after [" + field + "]");
  }

  /** A {@code parsing_exception} at the parser's current token. */
  static DuetException error(JsonParser p, String reason) {
    return new DuetException(400, "parsing_exception", reason, location(p), null);
  }

  private static Map<String, String> location(JsonParser p) {
    var loc = p.currentTokenLocation();
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("line", Integer.toString(loc.getLineNr()));
    meta.put("col", Integer.toString(loc.getColumnNr()));
    return meta;
  }
}
