package dev.duet.engine.internal.admin;

import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.analysis.AnalysisComponents;
import dev.duet.engine.internal.analysis.Analyzers;
import dev.duet.engine.internal.analysis.IndexAnalysis;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;
import org.apache.lucene.util.BytesRef;

/**
 * The {@code _analyze} API: picks the analyzer as OpenSearch does (named, the field's, a
 * normalizer, or a chain built from components, else the standard analyzer) and lists its tokens;
 * several texts continue one another's offsets and positions.
 */
public final class AnalyzeService {
  private static final int FIELD_POSITION_GAP = 100;

  private AnalyzeService() {}

  public static AnalyzeResponse analyze(AnalyzeRequest r, LuceneIndex index) {
    if (r.text().isEmpty()) {
      throw new DuetException(
          400, "action_request_validation_exception", "Validation Failed: 1: text is missing;");
    }
    IndexAnalysis analysis = index == null ? IndexAnalysis.NONE : index.lookup().analysis();
    int gap = 0;
    String field = "";
    Analyzer analyzer;
    // For explain: the analyzer's name, or the chain whose steps it shows.
    String name = "standard";
    IndexAnalysis.CustomChain chain = null;
    if (r.analyzer() != null) {
      name = r.analyzer();
      chain = analysis.customChain(name);
      analyzer = analysis.analyzer(r.analyzer());
      if (analyzer == null) {
        throw DuetException.illegalArgument(
            index == null
                ? "failed to find global analyzer [" + r.analyzer() + "]"
                : "failed to find analyzer [" + r.analyzer() + "]");
      }
    } else if (r.normalizer() != null) {
      if (index == null) {
        throw DuetException.illegalArgument("analysis based on a normalizer requires an index");
      }
      analyzer = analysis.normalizer(r.normalizer());
      name = r.normalizer();
      if (analyzer == null) {
        throw DuetException.illegalArgument(
            "failed to find normalizer under [" + r.normalizer() + "]");
      }
    } else if (r.tokenizer() != null || !r.filters().isEmpty() || !r.charFilters().isEmpty()) {
      analyzer = analysis.components().chain(r.tokenizer(), r.filters(), r.charFilters(), -1);
      chain = new IndexAnalysis.CustomChain(r.tokenizer(), r.filters(), r.charFilters(), -1);
    } else if (r.field() != null && index != null) {
      FieldMapping mapping = index.lookup().leaf(r.field());
      field = r.field();
      if (mapping != null && FieldTypes.of(mapping).textSearch() == FieldType.TextSearch.KEYWORD) {
        Analyzer normalizer = index.lookup().normalizer(r.field());
        analyzer = normalizer != null ? normalizer : Analyzers.builtIn("keyword");
        name = normalizer != null ? String.valueOf(mapping.params().get("normalizer")) : "keyword";
      } else {
        analyzer = index.lookup().indexAnalyzer(r.field());
        gap = FIELD_POSITION_GAP;
        Object named = mapping == null ? null : mapping.params().get("analyzer");
        name = named == null ? "default" : named.toString();
        chain = analysis.customChain(name);
      }
    } else {
      analyzer = Analyzers.STANDARD;
    }
    int maxTokens =
        index == null
            ? IndexSettingsRules.DEFAULT_MAX_TOKEN_COUNT
            : IndexSettingsRules.maxTokenCount(index.metadata().settings());
    if (!r.explain()) {
      return new AnalyzeResponse(tokens(analyzer, field, r.text(), gap, maxTokens, null));
    }
    Set<String> attributes = new HashSet<>();
    r.attributes().forEach(a -> attributes.add(a.toLowerCase(Locale.ROOT)));
    if (chain == null) {
      AnalyzeResponse.Stage whole =
          new AnalyzeResponse.Stage(
              name, tokens(analyzer, field, r.text(), gap, maxTokens, attributes));
      return new AnalyzeResponse(
          List.of(), new AnalyzeResponse.Detail(false, whole, List.of(), null, List.of()));
    }
    return new AnalyzeResponse(
        List.of(), steps(analysis, chain, field, r.text(), gap, maxTokens, attributes));
  }

  /**
   * OpenSearch's detail of a chain: the text after each char filter, the tokens out of the
   * tokenizer, and the tokens after each token filter, each step run from the start of the chain.
   */
  private static AnalyzeResponse.Detail steps(
      IndexAnalysis analysis,
      IndexAnalysis.CustomChain chain,
      String field,
      List<String> texts,
      int fieldGap,
      int maxTokens,
      Set<String> attributes) {
    AnalysisComponents components = analysis.components();
    int gap = chain.gap();
    List<AnalyzeResponse.CharFilterText> charFilters = new ArrayList<>();
    for (int i = 0; i < chain.charFilters().size(); i++) {
      Analyzer upTo = components.chain(null, List.of(), chain.charFilters().subList(0, i + 1), gap);
      List<String> filtered = new ArrayList<>();
      for (String text : texts) {
        StringBuilder out = new StringBuilder();
        for (AnalyzeResponse.Token t : tokens(upTo, field, List.of(text), 0, maxTokens, null)) {
          out.append(t.token());
        }
        filtered.add(out.toString());
      }
      charFilters.add(
          new AnalyzeResponse.CharFilterText(stepName(chain.charFilters().get(i)), filtered));
    }
    Analyzer tokenizerOnly =
        components.chain(chain.tokenizer(), List.of(), chain.charFilters(), gap);
    AnalyzeResponse.Stage tokenizer =
        new AnalyzeResponse.Stage(
            chain.tokenizer() == null ? "keyword" : stepName(chain.tokenizer()),
            tokens(tokenizerOnly, field, texts, fieldGap, maxTokens, attributes));
    List<AnalyzeResponse.Stage> filters = new ArrayList<>();
    for (int i = 0; i < chain.filters().size(); i++) {
      Analyzer upTo =
          components.chain(
              chain.tokenizer(), chain.filters().subList(0, i + 1), chain.charFilters(), gap);
      filters.add(
          new AnalyzeResponse.Stage(
              stepName(chain.filters().get(i)),
              tokens(upTo, field, texts, fieldGap, maxTokens, attributes)));
    }
    return new AnalyzeResponse.Detail(true, null, charFilters, tokenizer, filters);
  }

  /**
   * A component's name in the detail: its own, or {@code __anonymous__<type>} for an inline one.
   */
  private static String stepName(Object component) {
    if (component instanceof Map<?, ?> inline) {
      return "__anonymous__" + inline.get("type");
    }
    return String.valueOf(component);
  }

  /** OpenSearch's words and type for it; 400 here, where OpenSearch answers 500. */
  private static DuetException tooManyTokens(int max) {
    return new DuetException(
        400,
        "illegal_state_exception",
        "The number of tokens produced by calling _analyze has exceeded the allowed maximum of ["
            + max
            + "]. This limit can be set by changing the [index.analyze.max_token_count] index"
            + " level setting.");
  }

  /**
   * The tokens of the texts; with {@code attributes} (not null), each with its extra attributes.
   */
  private static List<AnalyzeResponse.Token> tokens(
      Analyzer analyzer,
      String field,
      List<String> texts,
      int fieldGap,
      int maxTokens,
      Set<String> attributes) {
    List<AnalyzeResponse.Token> out = new ArrayList<>();
    int lastPosition = -1;
    int lastOffset = 0;
    for (int i = 0; i < texts.size(); i++) {
      if (i > 0) {
        lastPosition += fieldGap > 0 ? fieldGap : analyzer.getPositionIncrementGap(field);
        lastOffset += analyzer.getOffsetGap(field);
      }
      int position = lastPosition;
      int endOffset = lastOffset;
      try (TokenStream ts = analyzer.tokenStream(field, texts.get(i))) {
        CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
        OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
        PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
        TypeAttribute type = ts.addAttribute(TypeAttribute.class);
        PositionLengthAttribute length = ts.addAttribute(PositionLengthAttribute.class);
        ts.reset();
        while (ts.incrementToken()) {
          if (out.size() >= maxTokens) {
            throw tooManyTokens(maxTokens);
          }
          position += inc.getPositionIncrement();
          out.add(
              new AnalyzeResponse.Token(
                  term.toString(),
                  lastOffset + offset.startOffset(),
                  lastOffset + offset.endOffset(),
                  type.type(),
                  position,
                  length.getPositionLength(),
                  attributes == null ? Map.of() : extendedAttributes(ts, attributes)));
        }
        ts.end();
        position += inc.getPositionIncrement();
        endOffset = lastOffset + offset.endOffset();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      lastPosition = position;
      lastOffset = endOffset;
    }
    return out;
  }

  /**
   * A token's attributes beyond term, offsets, position increment and type, by the names Lucene
   * reflects them with (a {@code BytesRef} as its hex form), sorted: OpenSearch's {@code
   * extractExtendedAttributes}.
   */
  private static Map<String, Object> extendedAttributes(TokenStream ts, Set<String> include) {
    Map<String, Object> out = new TreeMap<>();
    ts.reflectWith(
        (attClass, key, value) -> {
          if (CharTermAttribute.class.isAssignableFrom(attClass)
              || PositionIncrementAttribute.class.isAssignableFrom(attClass)
              || OffsetAttribute.class.isAssignableFrom(attClass)
              || TypeAttribute.class.isAssignableFrom(attClass)) {
            return;
          }
          if (include.isEmpty() || include.contains(key.toLowerCase(Locale.ROOT))) {
            out.put(key, value instanceof BytesRef bytes ? bytes.toString() : value);
          }
        });
    return out;
  }
}
