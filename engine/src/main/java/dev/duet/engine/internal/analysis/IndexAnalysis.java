package dev.duet.engine.internal.analysis;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.core.StopAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/**
 * One index's analyzers and normalizers: those its {@code index.analysis.*} settings define, over
 * the built-in ones. Definitions are built when the index is opened, so a bad one fails index
 * creation as OpenSearch's does.
 */
public final class IndexAnalysis {
  public static final IndexAnalysis NONE = new IndexAnalysis(Map.of(), AnalysisLimits.DEFAULTS);

  private final AnalysisComponents components;
  private final AnalysisLimits limits;
  private final Map<String, Analyzer> analyzers = new ConcurrentHashMap<>();
  private final Map<String, Analyzer> normalizers = new ConcurrentHashMap<>();
  private final Map<String, CustomChain> customs = new ConcurrentHashMap<>();

  private IndexAnalysis(
      Map<String, Map<String, Map<String, Object>>> defined, AnalysisLimits limits) {
    this.components = new AnalysisComponents(defined, limits);
    this.limits = limits;
    components.checkDefined();
    defined
        .getOrDefault("analyzer", Map.of())
        .forEach((name, p) -> analyzers.put(name, analyzer(name, p)));
    defined
        .getOrDefault("normalizer", Map.of())
        .forEach((name, p) -> normalizers.put(name, normalizer(p)));
  }

  /**
   * The analysis of an index being created: its definitions within the limits of its settings, else
   * a 400 as OpenSearch refuses them.
   */
  public static IndexAnalysis validate(IndexSettings settings) {
    return of(settings, AnalysisLimits.of(settings));
  }

  /**
   * The analysis an index's settings define ({@code analysis.<kind>.<name>.<param>} keys), as it
   * was created: its own definitions are not checked again against limits added since.
   */
  public static IndexAnalysis of(IndexSettings settings) {
    return of(settings, AnalysisLimits.of(settings).enforced(false));
  }

  private static IndexAnalysis of(IndexSettings settings, AnalysisLimits limits) {
    Map<String, Map<String, Map<String, Object>>> defined = new HashMap<>();
    for (Map.Entry<String, String> e : settings.values().entrySet()) {
      String key = e.getKey().startsWith("index.") ? e.getKey().substring(6) : e.getKey();
      if (!key.startsWith("analysis.")) {
        continue;
      }
      String[] parts = key.split("\\.", 4);
      if (parts.length < 4) {
        continue;
      }
      defined
          .computeIfAbsent(parts[1], k -> new HashMap<>())
          .computeIfAbsent(parts[2], k -> new HashMap<>())
          .put(
              parts[3],
              settings.lists().containsKey(e.getKey())
                  ? settings.lists().get(e.getKey())
                  : e.getValue());
    }
    return defined.isEmpty() && limits.enforced(true).equals(AnalysisLimits.DEFAULTS)
        ? NONE
        : new IndexAnalysis(defined, limits);
  }

  /** An analyzer by name: the index's own, then the built-ins; null when neither has it. */
  public Analyzer analyzer(String name) {
    Analyzer own = analyzers.get(name);
    return own != null ? own : Analyzers.builtIn(name);
  }

  /**
   * The parts of the index's {@code custom} analyzer of this name, which {@code _analyze}'s {@code
   * explain} shows one by one; null for any other analyzer.
   */
  public CustomChain customChain(String name) {
    return customs.get(name);
  }

  /**
   * A custom analyzer's tokenizer, filters and char filters, as {@link #components} builds them.
   */
  public record CustomChain(
      Object tokenizer, List<Object> filters, List<Object> charFilters, int gap) {}

  public Analyzer normalizer(String name) {
    if (name.equals("lowercase")) {
      return normalizers.computeIfAbsent(
          name, n -> components.chain(null, List.of("lowercase"), List.of(), -1));
    }
    return normalizers.get(name);
  }

  /**
   * Refuses fields that name an analyzer or normalizer this index does not have, as OpenSearch's
   * {@code PUT /{index}/_mapping} does (its analyzer check is an {@code
   * illegal_argument_exception}, its normalizer check a {@code mapper_parsing_exception}).
   */
  public void checkFields(Map<String, dev.duet.engine.mapping.FieldMapping> fields) {
    for (Map.Entry<String, dev.duet.engine.mapping.FieldMapping> e : fields.entrySet()) {
      dev.duet.engine.mapping.FieldMapping field = e.getValue();
      for (String key : List.of("analyzer", "search_analyzer")) {
        Object name = field.params().get(key);
        if (name != null && analyzer(name.toString()) == null) {
          throw DuetException.illegalArgument(
              "analyzer [" + name + "] has not been configured in mappings");
        }
      }
      Object normalizer = field.params().get("normalizer");
      if (normalizer != null && normalizer(normalizer.toString()) == null) {
        throw new DuetException(
            400,
            "mapper_parsing_exception",
            "normalizer [" + normalizer + "] not found for field [" + e.getKey() + "]");
      }
      checkFields(field.properties());
      checkFields(field.fields());
    }
  }

  /** The components a request's own chain is built from, within this index's limits. */
  public AnalysisComponents components() {
    return components.under(limits.enforced(true));
  }

  private Analyzer analyzer(String name, Map<String, Object> p) {
    String type =
        String.valueOf(p.getOrDefault("type", p.containsKey("tokenizer") ? "custom" : ""));
    int gap =
        p.get("position_increment_gap") == null
            ? 100
            : Integer.parseInt(p.get("position_increment_gap").toString());
    return switch (type) {
      case "custom" -> {
        if (p.get("tokenizer") == null) {
          throw DuetException.illegalArgument(
              "custom analyzer [" + name + "] must be configured with a tokenizer");
        }
        CustomChain chain =
            new CustomChain(
                p.get("tokenizer"),
                List.<Object>copyOf(AnalysisComponents.list(p.get("filter"))),
                List.<Object>copyOf(AnalysisComponents.list(p.get("char_filter"))),
                gap);
        customs.put(name, chain);
        yield components.chain(chain.tokenizer(), chain.filters(), chain.charFilters(), gap);
      }
      case "standard" -> {
        StandardAnalyzer a =
            new StandardAnalyzer(stopwords(p.get("stopwords"), CharArraySet.EMPTY_SET));
        if (p.get("max_token_length") != null) {
          a.setMaxTokenLength(Integer.parseInt(p.get("max_token_length").toString()));
        }
        yield a;
      }
      case "stop" ->
          new StopAnalyzer(stopwords(p.get("stopwords"), EnglishAnalyzer.ENGLISH_STOP_WORDS_SET));
      default -> {
        Analyzer builtIn = Analyzers.builtIn(type);
        if (builtIn == null) {
          throw DuetException.illegalArgument(
              "Unknown analyzer type [" + type + "] for [" + name + "]");
        }
        yield builtIn;
      }
    };
  }

  private Analyzer normalizer(Map<String, Object> p) {
    return components.chain(
        null,
        List.copyOf(AnalysisComponents.list(p.get("filter"))),
        List.copyOf(AnalysisComponents.list(p.get("char_filter"))),
        -1);
  }

  private static CharArraySet stopwords(Object value, CharArraySet otherwise) {
    if (value == null) {
      return otherwise;
    }
    if ("_english_".equals(value)) {
      return EnglishAnalyzer.ENGLISH_STOP_WORDS_SET;
    }
    if ("_none_".equals(value)) {
      return CharArraySet.EMPTY_SET;
    }
    return new CharArraySet(AnalysisComponents.list(value), false);
  }
}
