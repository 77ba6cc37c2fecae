package dev.duet.engine.internal.fetch;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.AnalyzerWrapper;
import org.apache.lucene.analysis.miscellaneous.LimitTokenOffsetFilter;

/**
 * An analyzer that stops at a start offset, as OpenSearch's highlighters analyze a text with {@code
 * max_analyzer_offset}: tokens past it are not highlighted, the text is still shown.
 */
final class OffsetLimitedAnalyzer extends AnalyzerWrapper {
  private final Analyzer delegate;
  private final int maxStartOffset;

  OffsetLimitedAnalyzer(Analyzer delegate, int maxStartOffset) {
    super(Analyzer.PER_FIELD_REUSE_STRATEGY);
    this.delegate = delegate;
    this.maxStartOffset = maxStartOffset;
  }

  @Override
  protected Analyzer getWrappedAnalyzer(String fieldName) {
    return delegate;
  }

  @Override
  protected TokenStreamComponents wrapComponents(
      String fieldName, TokenStreamComponents components) {
    return new TokenStreamComponents(
        components.getSource(),
        new LimitTokenOffsetFilter(components.getTokenStream(), maxStartOffset, false));
  }
}
