package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Suggest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Decodes a search body's {@code suggest} section: an optional global {@code text}, then named
 * suggesters, each with its {@code text} ({@code prefix}, {@code regex}) and one of {@code
 * completion}, {@code term}, {@code phrase} with its options; refusals in OpenSearch's words.
 */
public final class SuggestDecoder {
  private static final Set<String> COMPLETION =
      Set.of(
          "field",
          "analyzer",
          "size",
          "shard_size",
          "skip_duplicates",
          "fuzzy",
          "regex",
          "contexts");
  private static final Set<String> TERM =
      Set.of(
          "field",
          "analyzer",
          "size",
          "shard_size",
          "suggest_mode",
          "accuracy",
          "sort",
          "string_distance",
          "max_edits",
          "max_inspections",
          "max_term_freq",
          "prefix_length",
          "min_word_length",
          "min_doc_freq",
          "lowercase_terms");
  private static final Set<String> PHRASE =
      Set.of(
          "field",
          "analyzer",
          "size",
          "shard_size",
          "max_errors",
          "confidence",
          "separator",
          "real_word_error_likelihood",
          "gram_size",
          "force_unigrams",
          "token_limit",
          "highlight",
          "collate",
          "smoothing",
          "direct_generator");

  private SuggestDecoder() {}

  /** The section, the parser at its {@code START_OBJECT}. */
  public static Suggest parse(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw QueryErrors.error(
          p, "Unknown key for a " + Json.tokenName(p.currentToken()) + " in [suggest].");
    }
    String globalText = null;
    record Pending(
        String name,
        String text,
        String prefix,
        String regex,
        String type,
        Map<String, Object> options) {}
    List<Pending> pending = new ArrayList<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken t = p.nextToken();
      if (t == JsonToken.VALUE_STRING && name.equals("text")) {
        globalText = p.getText();
        continue;
      }
      if (t != JsonToken.START_OBJECT) {
        throw QueryErrors.error(p, "unexpected token " + t + " after [" + name + "]");
      }
      String text = null;
      String prefix = null;
      String regex = null;
      String type = null;
      Map<String, Object> options = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        JsonToken v = p.nextToken();
        switch (key) {
          case "text" -> text = p.getValueAsString();
          case "prefix" -> prefix = p.getValueAsString();
          case "regex" -> regex = p.getValueAsString();
          default -> {
            Set<String> allowed =
                switch (key) {
                  case "completion" -> COMPLETION;
                  case "term" -> TERM;
                  case "phrase" -> PHRASE;
                  default ->
                      throw new DuetException(
                          400,
                          "named_object_not_found_exception",
                          Json.location(p) + " unknown field [" + key + "]");
                };
            if (v != JsonToken.START_OBJECT) {
              throw QueryErrors.error(p, "suggestion does not support [" + key + "]");
            }
            type = key;
            options = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
              String option = p.currentName();
              String where = Json.location(p);
              p.nextToken();
              if (!allowed.contains(option)) {
                throw new DuetException(
                    400,
                    "x_content_parse_exception",
                    where + " [" + key + "] unknown field [" + option + "]");
              }
              options.put(option, Json.readValue(p));
            }
          }
        }
      }
      if (type == null) {
        throw QueryErrors.error(p, "suggestion must have a suggester");
      }
      pending.add(new Pending(name, text, prefix, regex, type, options));
    }
    List<Suggest.Suggester> suggesters = new ArrayList<>();
    for (Pending s : pending) {
      String text = s.text() != null ? s.text() : globalText;
      suggesters.add(
          switch (s.type()) {
            case "completion" ->
                completion(
                    s.name(), s.prefix() != null ? s.prefix() : text, s.regex(), s.options());
            case "term" -> term(s.name(), s.prefix() != null ? s.prefix() : text, s.options());
            default -> phrase(s.name(), s.prefix() != null ? s.prefix() : text, s.options());
          });
    }
    return new Suggest(suggesters);
  }

  private static Suggest.Completion completion(
      String name, String prefix, String regex, Map<String, Object> o) {
    Suggest.Fuzzy fuzzy = null;
    Object f = o.get("fuzzy");
    if (Boolean.TRUE.equals(f) || "true".equals(f)) {
      fuzzy = Suggest.Fuzzy.DEFAULT;
    } else if (f instanceof Map<?, ?> m) {
      fuzzy =
          new Suggest.Fuzzy(
              fuzziness(m.get("fuzziness")),
              bool(m.get("transpositions"), true),
              integer(m.get("min_length"), 3),
              integer(m.get("prefix_length"), 1),
              bool(m.get("unicode_aware"), false));
    }
    int flags = 0xffff;
    int maxStates = 10000;
    if (o.get("regex") instanceof Map<?, ?> r) {
      if (r.get("flags") != null) {
        flags = regexFlags(r.get("flags"));
      }
      maxStates = integer(r.get("max_determinized_states"), maxStates);
    }
    Map<String, List<Object>> contexts = new LinkedHashMap<>();
    if (o.get("contexts") instanceof Map<?, ?> c) {
      for (Map.Entry<?, ?> e : c.entrySet()) {
        List<Object> values = new ArrayList<>();
        if (e.getValue() instanceof List<?> l) {
          // A geo point given as [lon, lat] is one value, not two.
          if (!l.isEmpty() && l.stream().allMatch(x -> x instanceof Number)) {
            values.add(l);
          } else {
            values.addAll(l);
          }
        } else if (e.getValue() != null) {
          values.add(e.getValue());
        }
        contexts.put(String.valueOf(e.getKey()), values);
      }
    }
    return new Suggest.Completion(
        name,
        string(o.get("field")),
        regex == null ? prefix : null,
        regex,
        integer(o.get("size"), 5),
        bool(o.get("skip_duplicates"), false),
        fuzzy,
        flags,
        maxStates,
        contexts,
        string(o.get("analyzer")));
  }

  private static Suggest.Term term(String name, String text, Map<String, Object> o) {
    return new Suggest.Term(
        name,
        string(o.get("field")),
        text,
        string(o.get("analyzer")),
        integer(o.get("size"), 5),
        o.get("suggest_mode") == null ? "missing" : string(o.get("suggest_mode")),
        number(o.get("accuracy"), 0.5f),
        o.get("sort") == null ? "score" : string(o.get("sort")),
        o.get("string_distance") == null ? "internal" : string(o.get("string_distance")),
        integer(o.get("max_edits"), 2),
        integer(o.get("max_inspections"), 5),
        number(o.get("max_term_freq"), 0.01f),
        integer(o.get("prefix_length"), 1),
        integer(o.get("min_word_length"), 4),
        number(o.get("min_doc_freq"), 0f));
  }

  private static Suggest.Phrase phrase(String name, String text, Map<String, Object> o) {
    String pre = null;
    String post = null;
    if (o.get("highlight") instanceof Map<?, ?> h) {
      pre = string(h.get("pre_tag"));
      post = string(h.get("post_tag"));
    }
    return new Suggest.Phrase(
        name,
        string(o.get("field")),
        text,
        string(o.get("analyzer")),
        integer(o.get("size"), 5),
        number(o.get("max_errors"), 1f),
        number(o.get("confidence"), 1f),
        pre,
        post);
  }

  private static int fuzziness(Object value) {
    if (value == null) {
      return -1;
    }
    String text = value.toString().toUpperCase(Locale.ROOT);
    if (text.startsWith("AUTO")) {
      return -1;
    }
    try {
      return Math.min(2, (int) Double.parseDouble(text));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("failed to parse fuzziness [" + value + "]");
    }
  }

  /** OpenSearch's {@code RegexpFlag} names ({@code ALL}, {@code INTERSECTION|COMPLEMENT}, …). */
  private static int regexFlags(Object value) {
    if (value instanceof Number n) {
      return n.intValue();
    }
    int flags = 0;
    for (String part : value.toString().split("\\|")) {
      flags |=
          switch (part.trim().toUpperCase(Locale.ROOT)) {
            case "INTERSECTION" -> 1;
            case "COMPLEMENT" -> 2;
            case "EMPTY" -> 4;
            case "ANYSTRING" -> 8;
            case "INTERVAL" -> 32;
            case "NONE", "" -> 0;
            case "ALL" -> 0xffff;
            default ->
                throw DuetException.illegalArgument(
                    "Unknown regexp flag [" + part + "] in regular expression");
          };
    }
    return flags;
  }

  private static String string(Object value) {
    return value == null ? null : value.toString();
  }

  private static int integer(Object value, int otherwise) {
    if (value == null) {
      return otherwise;
    }
    if (value instanceof Number n) {
      return n.intValue();
    }
    try {
      return Integer.parseInt(value.toString());
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "number_format_exception", "For input string: \"" + value + "\"");
    }
  }

  private static float number(Object value, float otherwise) {
    if (value == null) {
      return otherwise;
    }
    if (value instanceof Number n) {
      return n.floatValue();
    }
    try {
      return Float.parseFloat(value.toString());
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "number_format_exception", "For input string: \"" + value + "\"");
    }
  }

  private static boolean bool(Object value, boolean otherwise) {
    if (value == null) {
      return otherwise;
    }
    return value instanceof Boolean b ? b : Boolean.parseBoolean(value.toString());
  }
}
