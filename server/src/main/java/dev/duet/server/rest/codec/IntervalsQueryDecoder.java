package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.error;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Intervals;
import dev.duet.engine.search.Intervals.Mode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code intervals} query of {@link QueryDecoder}, read as OpenSearch's {@code
 * IntervalQueryBuilder} and {@code IntervalsSourceProvider} parsers read it, with their messages.
 */
final class IntervalsQueryDecoder {
  private static final Map<String, Set<String>> RULE_KEYS =
      Map.of(
          "match",
              Set.of("query", "max_gaps", "ordered", "mode", "analyzer", "filter", "use_field"),
          "any_of", Set.of("intervals", "filter"),
          "all_of", Set.of("intervals", "max_gaps", "ordered", "mode", "filter"),
          "prefix", Set.of("prefix", "analyzer", "use_field"),
          "wildcard", Set.of("pattern", "analyzer", "use_field"),
          "regexp", Set.of("pattern", "flags", "case_insensitive", "max_expansions", "use_field"),
          "fuzzy",
              Set.of(
                  "term", "prefix_length", "transpositions", "fuzziness", "analyzer", "use_field"));

  private IntervalsQueryDecoder() {}

  /** Reads the query body; the parser is on its START_OBJECT and is left on its END_OBJECT. */
  static Intervals intervals(JsonParser p) throws IOException {
    String field = expect(p, JsonToken.FIELD_NAME) ? p.currentName() : null;
    expect(p, JsonToken.START_OBJECT);
    float boost = 1f;
    String ruleName = null;
    Intervals.Rule rule = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t != JsonToken.FIELD_NAME) {
        throw expected(p, JsonToken.FIELD_NAME);
      }
      String name = p.currentName();
      switch (name) {
        case "_name" -> {
          p.nextToken();
          QueryNames.name(p.getText());
        }
        case "boost" -> {
          p.nextToken();
          boost = QueryErrors.floatValue(p);
        }
        default -> {
          if (ruleName != null) {
            throw QueryErrors.at(p, Intervals.secondRule(ruleName, name));
          }
          ruleName = name;
          rule = rule(p);
        }
      }
    }
    expect(p, JsonToken.END_OBJECT);
    if (rule == null) {
      throw QueryErrors.at(p, Intervals.missingRule());
    }
    return new Intervals(field, rule, boost);
  }

  /** One rule: the parser is on its name and is left on the END_OBJECT of its body. */
  private static Intervals.Rule rule(JsonParser p) throws IOException {
    String name = p.currentName();
    Set<String> keys = RULE_KEYS.get(name);
    if (keys == null) {
      throw QueryErrors.at(p, Intervals.unknownRule(name));
    }
    if (p.nextToken() != JsonToken.START_OBJECT) {
      throw error(p, "[" + name + "] expected START_OBJECT but got [" + p.currentToken() + "]");
    }
    Map<String, Object> values = new HashMap<>();
    List<Intervals.Rule> intervals = null;
    Intervals.Filter filter = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      String key = p.currentName();
      if (t != JsonToken.FIELD_NAME || !keys.contains(key)) {
        throw new DuetException(
            400,
            "x_content_parse_exception",
            Json.location(p) + " [" + name + "] unknown field [" + key + "]");
      }
      t = p.nextToken();
      if (key.equals("filter")) {
        filter = filter(p, name);
      } else if (key.equals("intervals")) {
        intervals = list(p, name);
      } else if (t.isScalarValue()) {
        values.put(key, Json.scalar(p));
      } else {
        throw new DuetException(
            400,
            "x_content_parse_exception",
            Json.location(p) + " [" + name + "] " + key + " doesn't support values of type: " + t);
      }
    }
    Mode mode = mode(name, values);
    int maxGaps = QueryBodies.integer(values, "max_gaps", -1);
    String analyzer = string(values, "analyzer");
    String useField = string(values, "use_field");
    return switch (name) {
      case "match" ->
          new Intervals.Match(string(values, "query"), maxGaps, mode, analyzer, useField, filter);
      case "any_of" -> new Intervals.AnyOf(intervals, filter);
      case "all_of" -> new Intervals.AllOf(intervals, maxGaps, mode, filter);
      case "prefix" -> new Intervals.Prefix(string(values, "prefix"), analyzer, useField);
      case "wildcard" -> new Intervals.Wildcard(string(values, "pattern"), analyzer, useField);
      case "regexp" ->
          new Intervals.Regexp(
              string(values, "pattern"),
              string(values, "flags"),
              QueryBodies.bool(values, "case_insensitive", false),
              values.containsKey("max_expansions")
                  ? QueryBodies.integer(values, "max_expansions", 0)
                  : null,
              useField);
      default ->
          new Intervals.Fuzzy(
              string(values, "term"),
              string(values, "fuzziness"),
              QueryBodies.integer(values, "prefix_length", 0),
              QueryBodies.bool(values, "transpositions", true),
              analyzer,
              useField);
    };
  }

  private static List<Intervals.Rule> list(JsonParser p, String rule) throws IOException {
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw new DuetException(
          400,
          "x_content_parse_exception",
          Json.location(p)
              + " ["
              + rule
              + "] intervals doesn't support values of type: "
              + p.currentToken());
    }
    List<Intervals.Rule> rules = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw expected(p, JsonToken.START_OBJECT);
      }
      expect(p, JsonToken.FIELD_NAME);
      rules.add(rule(p));
      expect(p, JsonToken.END_OBJECT);
    }
    return rules;
  }

  /** {@code {"<type>": {<rule>}}}; its parse errors come as OpenSearch wraps them. */
  private static Intervals.Filter filter(JsonParser p, String rule) throws IOException {
    try {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw expected(p, JsonToken.START_OBJECT);
      }
      expect(p, JsonToken.FIELD_NAME);
      String type = p.currentName();
      if (type.equals("script")) {
        throw DuetException.illegalArgument(
            "[intervals] filter [script] is not supported by Duet yet");
      }
      expect(p, JsonToken.START_OBJECT);
      expect(p, JsonToken.FIELD_NAME);
      Intervals.Rule inner = rule(p);
      expect(p, JsonToken.END_OBJECT);
      expect(p, JsonToken.END_OBJECT);
      return new Intervals.Filter(type, inner);
    } catch (DuetException e) {
      if (!e.type().equals("parsing_exception")) {
        throw e;
      }
      throw new DuetException(
          400,
          "x_content_parse_exception",
          Json.location(p) + " [" + rule + "] failed to parse field [filter]",
          Map.of(),
          e);
    }
  }

  private static Mode mode(String rule, Map<String, Object> values) {
    Object ordered = values.get("ordered");
    try {
      return Mode.of(
          string(values, "mode"),
          ordered == null ? null : QueryBodies.bool(values, "ordered", false));
    } catch (DuetException e) {
      throw new DuetException(
          400,
          "x_content_parse_exception",
          "Failed to build [" + rule + "] after last required field arrived",
          Map.of(),
          e);
    }
  }

  /** Moves to the next token, which must be {@code want}. */
  private static boolean expect(JsonParser p, JsonToken want) throws IOException {
    if (p.nextToken() != want) {
      throw expected(p, want);
    }
    return true;
  }

  private static DuetException expected(JsonParser p, JsonToken want) {
    return error(
        p, "Expected [" + want.name() + "] but got [" + Json.tokenName(p.currentToken()) + "]");
  }

  private static String string(Map<String, Object> values, String key) {
    Object v = values.get(key);
    return v == null ? null : String.valueOf(v);
  }
}
