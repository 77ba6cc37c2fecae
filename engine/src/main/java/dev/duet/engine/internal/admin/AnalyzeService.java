package dev.duet.engine.internal.admin;

import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.error.DuetException;
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
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionLengthAttribute;
import org.apache.lucene.analysis.tokenattributes.TypeAttribute;

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
    if (r.analyzer() != null) {
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
      if (analyzer == null) {
        throw DuetException.illegalArgument(
            "failed to find normalizer under [" + r.normalizer() + "]");
      }
    } else if (r.tokenizer() != null || !r.filters().isEmpty() || !r.charFilters().isEmpty()) {
      analyzer = analysis.components().chain(r.tokenizer(), r.filters(), r.charFilters(), -1);
    } else if (r.field() != null && index != null) {
      FieldMapping mapping = index.lookup().leaf(r.field());
      field = r.field();
      if (mapping != null && FieldTypes.of(mapping).textSearch() == FieldType.TextSearch.KEYWORD) {
        Analyzer normalizer = index.lookup().normalizer(r.field());
        analyzer = normalizer != null ? normalizer : Analyzers.builtIn("keyword");
      } else {
        analyzer = index.lookup().indexAnalyzer(r.field());
        gap = FIELD_POSITION_GAP;
      }
    } else {
      analyzer = Analyzers.STANDARD;
    }
    int maxTokens =
        index == null
            ? IndexSettingsRules.DEFAULT_MAX_TOKEN_COUNT
            : IndexSettingsRules.maxTokenCount(index.metadata().settings());
    return new AnalyzeResponse(tokens(analyzer, field, r.text(), gap, maxTokens));
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

  private static List<AnalyzeResponse.Token> tokens(
      Analyzer analyzer, String field, List<String> texts, int fieldGap, int maxTokens) {
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
                  length.getPositionLength()));
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
}
