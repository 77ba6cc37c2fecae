package dev.duet.engine.internal.fetch;

import dev.duet.engine.search.Highlight;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.highlight.DefaultEncoder;
import org.apache.lucene.search.highlight.Encoder;
import org.apache.lucene.search.highlight.Fragmenter;
import org.apache.lucene.search.highlight.Highlighter;
import org.apache.lucene.search.highlight.InvalidTokenOffsetsException;
import org.apache.lucene.search.highlight.NullFragmenter;
import org.apache.lucene.search.highlight.QueryScorer;
import org.apache.lucene.search.highlight.SimpleHTMLEncoder;
import org.apache.lucene.search.highlight.SimpleHTMLFormatter;
import org.apache.lucene.search.highlight.SimpleSpanFragmenter;
import org.apache.lucene.search.highlight.TextFragment;

/**
 * The {@code plain} highlighter as OpenSearch runs it: Lucene's classic highlighter over each value
 * re-analyzed, span fragments of about {@code fragment_size} characters, best-scoring fragments
 * first.
 */
public final class PlainHighlighter {
  private final Highlighter highlighter;
  private final Analyzer analyzer;
  private final int numberOfFragments;
  private final int noMatchSize;
  private final boolean scoreOrdered;
  private final int maxChars;

  PlainHighlighter(
      String field,
      Query query,
      Highlight.Options options,
      Analyzer analyzer,
      int fragmentSize,
      int numberOfFragments,
      String preTag,
      String postTag) {
    boolean requireFieldMatch = options.requireFieldMatch() == null || options.requireFieldMatch();
    QueryScorer scorer = new QueryScorer(query, requireFieldMatch ? field : null);
    scorer.setExpandMultiTermQuery(true);
    Fragmenter fragmenter =
        numberOfFragments == 0
            ? new NullFragmenter()
            : new SimpleSpanFragmenter(scorer, fragmentSize);
    Encoder encoder =
        "html".equals(options.encoder()) ? new SimpleHTMLEncoder() : new DefaultEncoder();
    this.highlighter = new Highlighter(new SimpleHTMLFormatter(preTag, postTag), encoder, scorer);
    highlighter.setTextFragmenter(fragmenter);
    highlighter.setMaxDocCharsToAnalyze(Integer.MAX_VALUE);
    // max_analyzer_offset: OpenSearch's plain highlighter reads (and shows) only that much text
    this.maxChars =
        options.maxAnalyzerOffset() == null ? Integer.MAX_VALUE : options.maxAnalyzerOffset();
    this.analyzer = analyzer;
    this.numberOfFragments = numberOfFragments;
    this.noMatchSize = options.noMatchSize() == null ? 0 : options.noMatchSize();
    this.scoreOrdered = "score".equals(options.order());
  }

  List<String> fragments(String field, List<Object> values) {
    int wanted = numberOfFragments == 0 ? 1 : numberOfFragments;
    List<TextFragment> found = new ArrayList<>();
    try {
      for (Object value : values) {
        String text = value.toString();
        if (text.length() > maxChars) {
          text = text.substring(0, maxChars);
        }
        try (TokenStream tokens = analyzer.tokenStream(field, text)) {
          for (TextFragment fragment :
              highlighter.getBestTextFragments(tokens, text, false, wanted)) {
            if (fragment != null && fragment.getScore() > 0) {
              found.add(fragment);
            }
          }
        }
      }
      if (scoreOrdered) {
        found.sort((a, b) -> Math.round(b.getScore() - a.getScore()));
      }
      int count =
          numberOfFragments == 0 && values.size() > 1
              ? found.size()
              : Math.min(found.size(), wanted);
      List<String> out = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        out.add(found.get(i).toString());
      }
      if (!out.isEmpty() || noMatchSize <= 0 || values.isEmpty()) {
        return out;
      }
      String first = values.get(0).toString();
      int end = noMatchEnd(field, first);
      return end > 0 ? List.of(first.substring(0, end)) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InvalidTokenOffsetsException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The end of the last whole token within {@code no_match_size} characters. */
  private int noMatchEnd(String field, String text) throws IOException {
    try (TokenStream tokens = analyzer.tokenStream(field, text)) {
      OffsetAttribute offsets = tokens.addAttribute(OffsetAttribute.class);
      int end = -1;
      tokens.reset();
      while (tokens.incrementToken()) {
        if (offsets.endOffset() >= noMatchSize) {
          return offsets.endOffset() == noMatchSize ? noMatchSize : end;
        }
        end = offsets.endOffset();
      }
      tokens.end();
      return end;
    }
  }
}
