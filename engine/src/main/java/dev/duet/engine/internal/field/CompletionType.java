package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.core.SimpleAnalyzer;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.suggest.document.CompletionAnalyzer;
import org.apache.lucene.search.suggest.document.ContextSuggestField;
import org.apache.lucene.search.suggest.document.SuggestField;

/**
 * OpenSearch's {@code completion}: each input indexed as a {@link SuggestField} (a {@link
 * ContextSuggestField} when the field has {@code contexts}), which the codec writes with Lucene's
 * completion postings format (an FST per segment) for the completion suggester. A value is a
 * string, an object {@code {"input": …, "weight": …, "contexts": …}}, or an array of either; inputs
 * longer than {@code max_input_length} are cut, as OpenSearch cuts them.
 */
public final class CompletionType extends FieldType {
  static final String NAME = "completion";
  private static final Analyzer SIMPLE = new SimpleAnalyzer();
  // One wrapper per analyzer and options: an analyzer keeps per-thread token streams.
  private static final Map<AnalyzerKey, CompletionAnalyzer> ANALYZERS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private record AnalyzerKey(Analyzer base, boolean separators, boolean positions) {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of(
        "analyzer",
        "search_analyzer",
        "preserve_separators",
        "preserve_position_increments",
        "max_input_length",
        "contexts");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of(
        "analyzer",
        "search_analyzer",
        "preserve_separators",
        "preserve_position_increments",
        "max_input_length",
        "contexts");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    return switch (key) {
      case "preserve_separators", "preserve_position_increments" -> TextType.bool(value);
      case "max_input_length" -> {
        int max = value instanceof Number n ? n.intValue() : Integer.parseInt(value.toString());
        if (max <= 0) {
          throw new DuetException(
              400,
              "mapper_parsing_exception",
              "[max_input_length] must be > 0 but was [" + max + "]");
        }
        yield max;
      }
      case "contexts" -> CompletionContexts.parse(field, value);
      default -> value;
    };
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("analyzer", "preserve_separators", "preserve_position_increments", "contexts");
  }

  @Override
  public boolean structuredValues() {
    return true;
  }

  @Override
  public boolean acceptsObjects() {
    return true;
  }

  /**
   * The analyzer that indexes (or, with {@code search}, queries) the field: its {@code analyzer}
   * ({@code search_analyzer}) by {@code named}, {@code simple} when it names none, wrapped as
   * Lucene's {@link CompletionAnalyzer} with the field's separator and position options.
   */
  public static CompletionAnalyzer analyzer(
      FieldMapping field, boolean search, java.util.function.Function<String, Analyzer> named) {
    Object name = search ? field.params().get("search_analyzer") : null;
    if (name == null) {
      name = field.params().get("analyzer");
    }
    Analyzer base = name == null ? SIMPLE : named.apply(name.toString());
    if (base == null) {
      base = SIMPLE;
    }
    boolean separators = !Boolean.FALSE.equals(field.params().get("preserve_separators"));
    boolean positions = !Boolean.FALSE.equals(field.params().get("preserve_position_increments"));
    Analyzer wrapped = base;
    return ANALYZERS.computeIfAbsent(
        new AnalyzerKey(base, separators, positions),
        k -> new CompletionAnalyzer(wrapped, separators, positions));
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    Object value = t.isScalarValue() ? p.getText() : JsonMaps.read(p, t);
    Map<String, Input> inputs = new LinkedHashMap<>();
    collect(value, inputs, true);
    if (inputs.isEmpty()) {
      return;
    }
    List<CompletionContexts.Mapping> mappings = CompletionContexts.of(field.params());
    Analyzer analyzer =
        analyzer(
            field,
            false,
            name -> context == null ? null : context.indexAnalyzer(path) /* the field's own */);
    int max = field.params().get("max_input_length") instanceof Number n ? n.intValue() : 50;
    for (Map.Entry<String, Input> e : inputs.entrySet()) {
      String input = e.getKey();
      if (input.trim().isEmpty()) {
        continue;
      }
      if (input.length() > max) {
        int len = max;
        if (Character.isHighSurrogate(input.charAt(len - 1))) {
          len++;
        }
        input = input.substring(0, len);
      }
      try {
        if (mappings.isEmpty()) {
          out.add(new Suggestion(path, input, e.getValue().weight, analyzer));
        } else {
          Set<CharSequence> contexts =
              CompletionContexts.indexed(path, mappings, e.getValue().contexts, context);
          out.add(new ContextSuggestion(path, input, e.getValue().weight, analyzer, contexts));
        }
      } catch (IllegalArgumentException reserved) {
        throw DuetException.illegalArgument(reserved.getMessage());
      }
    }
  }

  /** One input's weight and its own contexts (null: none given). */
  private record Input(int weight, Map<?, ?> contexts) {}

  private static void collect(Object value, Map<String, Input> inputs, boolean top) {
    if (value instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof List<?>) {
          throw new DuetException(
              400, "parse_exception", "failed to parse [completion]: nested arrays");
        }
        collect(item, inputs, false);
      }
      return;
    }
    if (value instanceof Map<?, ?> map) {
      int weight = 1;
      Map<?, ?> contexts = null;
      List<String> given = new java.util.ArrayList<>();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String key = e.getKey().toString();
        switch (key) {
          case "input" -> {
            if (e.getValue() instanceof List<?> l) {
              for (Object o : l) {
                given.add(String.valueOf(o));
              }
            } else if (e.getValue() != null) {
              given.add(e.getValue().toString());
            }
          }
          case "weight" -> weight = weight(e.getValue());
          case "contexts" -> {
            if (e.getValue() instanceof Map<?, ?> m) {
              contexts = m;
            } else if (e.getValue() != null) {
              throw new DuetException(
                  400,
                  "parse_exception",
                  "contexts must be an object or an array , but was [" + e.getValue() + "]");
            }
          }
          default ->
              throw DuetException.illegalArgument(
                  "unknown field name [" + key + "], must be one of [input, weight, contexts]");
        }
      }
      for (String input : given) {
        Input previous = inputs.get(input);
        if (previous == null || previous.weight < weight) {
          inputs.put(input, new Input(weight, contexts));
        }
      }
      return;
    }
    if (value != null) {
      inputs.putIfAbsent(value.toString(), new Input(1, null));
    }
  }

  private static int weight(Object value) {
    double weight;
    if (value instanceof Number n) {
      if (!(value instanceof Integer || value instanceof Long || value instanceof Short)) {
        throw DuetException.illegalArgument("weight must be an integer, but was [" + value + "]");
      }
      weight = n.doubleValue();
    } else {
      try {
        weight = Long.parseLong(String.valueOf(value));
      } catch (NumberFormatException e) {
        throw DuetException.illegalArgument(
            "weight must be a number or string, but was [" + value + "]");
      }
    }
    if (weight < 0 || weight > Integer.MAX_VALUE) {
      throw DuetException.illegalArgument(
          "weight must be in the interval [0..2147483647], but was [" + (long) weight + "]");
    }
    return (int) weight;
  }

  /** A suggestion analyzed by its field's own completion analyzer, not the writer's. */
  private static final class Suggestion extends SuggestField {
    private final Analyzer analyzer;

    Suggestion(String name, String value, int weight, Analyzer analyzer) {
      super(name, value, weight);
      this.analyzer = analyzer;
    }

    @Override
    public TokenStream tokenStream(Analyzer ignored, TokenStream reuse) {
      return super.tokenStream(analyzer, reuse);
    }
  }

  /** A suggestion with contexts, analyzed by its field's own completion analyzer. */
  private static final class ContextSuggestion extends ContextSuggestField {
    private final Analyzer analyzer;

    ContextSuggestion(
        String name, String value, int weight, Analyzer analyzer, Set<CharSequence> contexts) {
      super(name, value, weight, contexts.toArray(new CharSequence[0]));
      this.analyzer = analyzer;
    }

    @Override
    public TokenStream tokenStream(Analyzer ignored, TokenStream reuse) {
      return super.tokenStream(analyzer, reuse);
    }
  }
}
