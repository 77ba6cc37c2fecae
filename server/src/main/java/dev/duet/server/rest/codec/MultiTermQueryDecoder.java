package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.doesNotSupport;
import static dev.duet.server.rest.codec.QueryErrors.error;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.Ids;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.TermsSet;
import dev.duet.engine.search.Wildcard;
import dev.duet.server.rest.codec.QueryBodies.FieldBody;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The term-level queries beyond term, terms and range ({@code prefix}, {@code wildcard}, {@code
 * regexp}, {@code fuzzy}, {@code exists}, {@code ids}, {@code terms_set}) of {@link QueryDecoder}.
 */
final class MultiTermQueryDecoder {
  private MultiTermQueryDecoder() {}

  static Query prefix(JsonParser p) throws IOException {
    FieldBody b =
        QueryBodies.fieldBody(
            p, "prefix", Set.of("value", "prefix"), Set.of("case_insensitive", "rewrite"));
    return new Prefix(b.field(), string(b.value()), b.bool("case_insensitive", false), b.boost());
  }

  static Query wildcard(JsonParser p) throws IOException {
    FieldBody b =
        QueryBodies.fieldBody(
            p, "wildcard", Set.of("value", "wildcard"), Set.of("case_insensitive", "rewrite"));
    return new Wildcard(b.field(), string(b.value()), b.bool("case_insensitive", false), b.boost());
  }

  static Query regexp(JsonParser p) throws IOException {
    FieldBody b =
        QueryBodies.fieldBody(
            p,
            "regexp",
            Set.of("value"),
            Set.of(
                "flags", "flags_value", "case_insensitive", "max_determinized_states", "rewrite"));
    return new Regexp(
        b.field(),
        string(b.value()),
        b.string("flags"),
        b.bool("case_insensitive", false),
        b.integer("max_determinized_states", Regexp.DEFAULT_MAX_DETERMINIZED_STATES),
        b.boost());
  }

  static Query fuzzy(JsonParser p) throws IOException {
    FieldBody b =
        QueryBodies.fieldBody(
            p,
            "fuzzy",
            Set.of("value"),
            Set.of("fuzziness", "prefix_length", "max_expansions", "transpositions", "rewrite"));
    return new Fuzzy(
        b.field(),
        b.value(),
        b.string("fuzziness"),
        b.integer("prefix_length", 0),
        b.integer("max_expansions", 50),
        b.bool("transpositions", true),
        b.boost());
  }

  static Query exists(JsonParser p) throws IOException {
    Map<String, Object> body = QueryBodies.flatBody(p, "exists", Set.of("field"), Set.of());
    Object field = body.get("field");
    if (field == null) {
      throw error(p, "[exists] must be provided with a [field]");
    }
    return new Exists(String.valueOf(field), QueryBodies.boost(body));
  }

  static Query ids(JsonParser p) throws IOException {
    Map<String, Object> body = QueryBodies.flatBody(p, "ids", Set.of("type"), Set.of("values"));
    List<String> values = new ArrayList<>();
    if (body.get("values") instanceof List<?> list) {
      for (Object v : list) {
        values.add(String.valueOf(v));
      }
    }
    return new Ids(values, QueryBodies.boost(body));
  }

  static Query termsSet(JsonParser p) throws IOException {
    String fieldName = null;
    List<Object> terms = List.of();
    String msmField = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT) {
        QueryErrors.checkSingleField(p, "terms_set", fieldName, current);
        fieldName = current;
        Map<String, Object> body =
            QueryBodies.flatBody(
                p, "terms_set", Set.of("minimum_should_match_field"), Set.of("terms"));
        if (body.get("terms") instanceof List<?> list) {
          terms = new ArrayList<>(list);
        }
        Object msm = body.get("minimum_should_match_field");
        msmField = msm == null ? null : String.valueOf(msm);
        boost = QueryBodies.boost(body);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = QueryErrors.floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t.isScalarValue()) {
        throw doesNotSupport(p, "terms_set", current);
      } else {
        throw unknownToken(p, "terms_set", t, current);
      }
    }
    return new TermsSet(fieldName, terms, msmField, boost);
  }

  private static String string(Object value) {
    return value == null ? null : String.valueOf(value);
  }
}
