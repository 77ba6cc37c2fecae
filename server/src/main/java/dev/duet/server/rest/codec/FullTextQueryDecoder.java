package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.error;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.MatchBoolPrefix;
import dev.duet.engine.search.MatchPhrase;
import dev.duet.engine.search.MatchPhrasePrefix;
import dev.duet.engine.search.MultiMatch;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryString;
import dev.duet.engine.search.TextOptions;
import dev.duet.server.rest.codec.QueryBodies.FieldBody;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The full-text queries of {@link QueryDecoder}: the match family, {@code multi_match}, {@code
 * query_string} and {@code simple_query_string}. Each reads its body with OpenSearch's rules and
 * leaves the parser on the body's END_OBJECT.
 */
final class FullTextQueryDecoder {
  private static final Set<String> QUERY = Set.of("query");
  private static final Set<String> FUZZY_OPTIONS =
      Set.of(
          "analyzer",
          "fuzziness",
          "prefix_length",
          "max_expansions",
          "fuzzy_transpositions",
          "fuzzy_rewrite",
          "zero_terms_query",
          "operator",
          "minimum_should_match",
          "lenient",
          "auto_generate_synonyms_phrase_query",
          "cutoff_frequency");

  private FullTextQueryDecoder() {}

  static Query match(JsonParser p) throws IOException {
    FieldBody b = QueryBodies.fieldBody(p, "match", QUERY, FUZZY_OPTIONS);
    Query.Operator operator = operator(b.string("operator"));
    TextOptions options = textOptions(b.options());
    return QueryErrors.at(
        p,
        () ->
            new Query.Match(
                b.field(),
                b.value(),
                operator,
                b.string("minimum_should_match"),
                options,
                b.boost()));
  }

  static Query matchPhrase(JsonParser p) throws IOException {
    FieldBody b =
        QueryBodies.fieldBody(
            p, "match_phrase", QUERY, Set.of("analyzer", "slop", "zero_terms_query"));
    return new MatchPhrase(
        b.field(),
        text(b),
        b.integer("slop", 0),
        b.string("analyzer"),
        zeroTermsAll(b.string("zero_terms_query")),
        b.boost());
  }

  static Query matchPhrasePrefix(JsonParser p) throws IOException {
    FieldBody b =
        QueryBodies.fieldBody(
            p,
            "match_phrase_prefix",
            QUERY,
            Set.of("analyzer", "slop", "max_expansions", "zero_terms_query"));
    return new MatchPhrasePrefix(
        b.field(),
        text(b),
        b.integer("slop", 0),
        b.integer("max_expansions", 50),
        b.string("analyzer"),
        zeroTermsAll(b.string("zero_terms_query")),
        b.boost());
  }

  static Query matchBoolPrefix(JsonParser p) throws IOException {
    FieldBody b = QueryBodies.fieldBody(p, "match_bool_prefix", QUERY, FUZZY_OPTIONS);
    return new MatchBoolPrefix(
        b.field(),
        text(b),
        operator(b.string("operator")),
        b.string("minimum_should_match"),
        textOptions(b.options()),
        b.boost());
  }

  static Query multiMatch(JsonParser p) throws IOException {
    Set<String> scalars = new java.util.HashSet<>(FUZZY_OPTIONS);
    scalars.addAll(Set.of("query", "type", "tie_breaker", "slop"));
    Map<String, Object> body = QueryBodies.flatBody(p, "multi_match", scalars, Set.of("fields"));
    Object query = body.get("query");
    if (query == null) {
      throw error(p, "No text specified for multi_match query");
    }
    MultiMatch.Type type = multiMatchType(body.get("type"));
    int slop = QueryBodies.integer(body, "slop", 0);
    if (body.containsKey("cutoff_frequency")) {
      QueryErrors.at(p, () -> checkCutoffFrequency(type, slop));
    }
    return QueryErrors.at(
        p,
        () ->
            new MultiMatch(
                fields(body.get("fields")),
                query,
                type,
                operator(string(body, "operator")),
                string(body, "minimum_should_match"),
                QueryBodies.floatOrNull(body, "tie_breaker"),
                slop,
                textOptions(body),
                QueryBodies.boost(body)));
  }

  private static boolean checkCutoffFrequency(MultiMatch.Type type, int slop) {
    MultiMatch.checkCutoffFrequency(type, slop);
    return true;
  }

  static Query queryString(JsonParser p, boolean simple) throws IOException {
    String name = simple ? "simple_query_string" : "query_string";
    Set<String> common =
        Set.of(
            "query",
            "default_field",
            "default_operator",
            "analyzer",
            "minimum_should_match",
            "lenient",
            "flags",
            "analyze_wildcard",
            "auto_generate_synonyms_phrase_query",
            "fuzzy_max_expansions",
            "fuzzy_prefix_length",
            "fuzzy_transpositions",
            "quote_field_suffix",
            "allow_leading_wildcard",
            "enable_position_increments",
            "phrase_slop",
            "tie_breaker",
            "type",
            "escape");
    Set<String> scalars = simple ? common : plus(common, "time_zone");
    Map<String, Object> body = QueryBodies.flatBody(p, name, scalars, Set.of("fields"));
    Object query = body.get("query");
    if (query == null) {
      throw error(
          p,
          simple
              ? "[simple_query_string] query text missing"
              : "[query_string] must be provided with a [query]");
    }
    return new QueryString(
        simple,
        String.valueOf(query),
        fields(body.get("fields")),
        string(body, "default_field"),
        operator(string(body, "default_operator")),
        string(body, "analyzer"),
        string(body, "minimum_should_match"),
        body.containsKey("lenient") ? QueryBodies.bool(body, "lenient", false) : null,
        string(body, "time_zone"),
        QueryBodies.boost(body));
  }

  private static Set<String> plus(Set<String> keys, String key) {
    Set<String> out = new java.util.HashSet<>(keys);
    out.add(key);
    return Set.copyOf(out);
  }

  /** The query text; null when absent, which the query's model refuses. */
  private static String text(FieldBody b) {
    return b.value() == null ? null : String.valueOf(b.value());
  }

  static TextOptions textOptions(Map<String, Object> o) {
    Object fuzziness = o.get("fuzziness");
    return new TextOptions(
        string(o, "analyzer"),
        fuzziness == null ? null : String.valueOf(fuzziness),
        QueryBodies.integer(o, "prefix_length", 0),
        QueryBodies.integer(o, "max_expansions", 50),
        QueryBodies.bool(o, "fuzzy_transpositions", true),
        zeroTermsAll(string(o, "zero_terms_query")));
  }

  static Query.Operator operator(String value) {
    if (value == null) {
      return Query.Operator.OR;
    }
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "or" -> Query.Operator.OR;
      case "and" -> Query.Operator.AND;
      default ->
          throw DuetException.illegalArgument(
              "operator needs to be either [OR, AND], but not [" + value + "]");
    };
  }

  static boolean zeroTermsAll(String value) {
    if (value == null) {
      return false;
    }
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "none" -> false;
      case "all" -> true;
      default ->
          throw DuetException.illegalArgument("Unsupported zero_terms_query value [" + value + "]");
    };
  }

  private static MultiMatch.Type multiMatchType(Object value) {
    if (value == null) {
      return MultiMatch.Type.BEST_FIELDS;
    }
    String v = String.valueOf(value);
    for (MultiMatch.Type t : MultiMatch.Type.values()) {
      if (t.name().equalsIgnoreCase(v)) {
        return t;
      }
    }
    throw DuetException.badRequest(
        "parse_exception", "failed to parse [multi_match] query type [" + v + "]. unknown type.");
  }

  @SuppressWarnings("unchecked")
  private static List<String> fields(Object value) {
    if (value == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    if (value instanceof List<?> list) {
      for (Object o : list) {
        out.add(String.valueOf(o));
      }
    } else {
      out.add(String.valueOf(value));
    }
    return out;
  }

  private static String string(Map<String, Object> body, String key) {
    Object v = body.get(key);
    return v == null ? null : String.valueOf(v);
  }
}
