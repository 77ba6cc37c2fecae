package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.checkSingleField;
import static dev.duet.server.rest.codec.QueryErrors.doesNotSupport;
import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.TermsLookup;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The term-level queries ({@code term}, {@code terms}, {@code range}) of {@link QueryDecoder}: each
 * reads its body with OpenSearch's rules and leaves the parser on the body's END_OBJECT.
 */
final class TermLevelQueryDecoder {
  private TermLevelQueryDecoder() {}

  static Query term(JsonParser p) throws IOException {
    String fieldName = null;
    Object value = null;
    float boost = 1f;
    boolean caseInsensitive = false;
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
              case "boost" -> boost = QueryErrors.floatValue(p);
              case "case_insensitive" ->
                  caseInsensitive =
                      QueryBodies.bool(
                          java.util.Collections.singletonMap(current, Json.scalar(p)),
                          current,
                          false);
              case "_name" -> QueryNames.name(p.getText());
              default -> throw doesNotSupport(p, "term", current);
            }
          } else {
            throw unknownToken(p, "term", t, current);
          }
        }
      } else if (t == JsonToken.VALUE_NULL) {
        // OpenSearch's parser skips a null shorthand, so the query ends up naming no field.
      } else if (t.isScalarValue()) {
        checkSingleField(p, "term", fieldName, current);
        fieldName = current;
        value = Json.scalar(p);
      } else {
        throw unknownToken(p, "term", t, current);
      }
    }
    // The model checks field and value as OpenSearch's TermQueryBuilder does, after parsing: plain
    // 400s without a location.
    return new Query.Term(fieldName, value, caseInsensitive, boost);
  }

  static Query terms(JsonParser p) throws IOException {
    String fieldName = null;
    List<Object> values = null;
    Map<?, ?> lookup = null;
    Query.Terms.ValueType valueType = Query.Terms.ValueType.DEFAULT;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        if (fieldName != null) {
          throw QueryErrors.at(p, Query.Terms.multipleFields());
        }
        fieldName = current;
        lookup = (Map<?, ?>) Json.readValue(p);
      } else if (t == JsonToken.START_ARRAY) {
        if (fieldName != null) {
          throw QueryErrors.at(p, Query.Terms.multipleFields());
        }
        fieldName = current;
        values = new ArrayList<>();
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
          if (!t.isScalarValue() || t == JsonToken.VALUE_NULL) {
            throw error(p, Query.Terms.NO_VALUE);
          }
          values.add(Json.scalar(p));
        }
      } else if (t.isScalarValue()) {
        switch (current) {
          case "boost" -> boost = QueryErrors.floatValue(p);
          case "_name" -> QueryNames.name(p.getText());
          case "value_type" -> valueType = Query.Terms.ValueType.of(p.getText());
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
    if (lookup != null) {
      return new TermsLookup(
          fieldName,
          text(lookup.get("index")),
          text(lookup.get("id")),
          text(lookup.get("path")),
          text(lookup.get("routing")),
          Boolean.TRUE.equals(lookup.get("store")) || "true".equals(lookup.get("store")),
          valueType,
          boost);
    }
    return new Query.Terms(fieldName, values, valueType, boost);
  }

  private static String text(Object value) {
    return value == null ? null : String.valueOf(value);
  }

  static Query range(JsonParser p) throws IOException {
    String fieldName = null;
    Object from = null;
    Object to = null;
    boolean includeLower = true;
    boolean includeUpper = true;
    String format = null;
    String relation = null;
    String timeZone = null;
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
              case "include_lower" -> includeLower = QueryErrors.booleanValue(p);
              case "include_upper" -> includeUpper = QueryErrors.booleanValue(p);
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
              case "relation" -> relation = p.getText().toLowerCase(java.util.Locale.ROOT);
              case "time_zone" -> timeZone = p.getText();
              case "boost" -> boost = QueryErrors.floatValue(p);
              case "_name" -> QueryNames.name(p.getText());
              default -> throw doesNotSupport(p, "range", current);
            }
          } else {
            throw unknownToken(p, "range", t, current);
          }
        }
      } else if (t.isScalarValue() && ("boost".equals(current) || "_name".equals(current))) {
        if ("boost".equals(current)) {
          boost = QueryErrors.floatValue(p);
        } else {
          QueryNames.name(p.getText());
        }
      } else {
        throw doesNotSupport(p, "range", current);
      }
    }
    return new Query.Range(
        fieldName,
        includeLower ? null : from,
        includeLower ? from : null,
        includeUpper ? null : to,
        includeUpper ? to : null,
        format,
        relation,
        timeZone,
        boost);
  }
}
