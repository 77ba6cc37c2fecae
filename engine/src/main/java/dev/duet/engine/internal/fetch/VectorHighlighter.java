package dev.duet.engine.internal.fetch;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Highlight;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.highlight.DefaultEncoder;
import org.apache.lucene.search.highlight.Encoder;
import org.apache.lucene.search.highlight.SimpleHTMLEncoder;
import org.apache.lucene.search.vectorhighlight.BoundaryScanner;
import org.apache.lucene.search.vectorhighlight.BreakIteratorBoundaryScanner;
import org.apache.lucene.search.vectorhighlight.FastVectorHighlighter;
import org.apache.lucene.search.vectorhighlight.FieldQuery;
import org.apache.lucene.search.vectorhighlight.FragListBuilder;
import org.apache.lucene.search.vectorhighlight.ScoreOrderFragmentsBuilder;
import org.apache.lucene.search.vectorhighlight.SimpleBoundaryScanner;
import org.apache.lucene.search.vectorhighlight.SimpleFragListBuilder;
import org.apache.lucene.search.vectorhighlight.SimpleFragmentsBuilder;
import org.apache.lucene.search.vectorhighlight.SingleFragListBuilder;

/**
 * The {@code fvh} highlighter of one field: Lucene's {@link FastVectorHighlighter} on the field's
 * term vectors (indexed with {@code term_vector: with_positions_offsets}), configured as
 * OpenSearch's: fragments of {@code fragment_size} characters cut at {@code boundary_chars}, in
 * text order unless {@code order: score}; the fragments' text comes from the hit's source values,
 * since Duet keeps text in {@code _source}, not in stored fields.
 */
final class VectorHighlighter {
  private static final int DEFAULT_FRAGMENT_SIZE = 100;
  private static final int DEFAULT_NUMBER_OF_FRAGMENTS = 5;
  private static final char[] BOUNDARY_CHARS = {'.', ',', '!', '?', ' ', '\t', '\n'};
  private static final int BOUNDARY_MAX_SCAN = 20;

  private final String field;
  private final Query query;
  private final FastVectorHighlighter highlighter;
  private final FragListBuilder fragList;
  private final SourceFragmentsBuilder fragments;
  private final int fragmentSize;
  private final int numberOfFragments;
  private final String[] preTags;
  private final String[] postTags;
  private final Encoder encoder;
  // The field query of the last reader: a search highlights all its hits on one reader.
  private IndexReader queryReader;
  private FieldQuery fieldQuery;

  VectorHighlighter(String field, FieldMapping mapping, Query query, Highlight.Options options) {
    String vectors = String.valueOf(mapping.params().getOrDefault("term_vector", "no"));
    if (!vectors.contains("positions") || !vectors.contains("offsets")) {
      throw DuetException.illegalArgument(
          "the field ["
              + field
              + "] should be indexed with term vector with position offsets to be used with fast"
              + " vector highlighter");
    }
    this.field = field;
    this.query = query;
    boolean requireFieldMatch = options.requireFieldMatch() == null || options.requireFieldMatch();
    this.highlighter = new FastVectorHighlighter(true, requireFieldMatch);
    int fragments =
        options.numberOfFragments() == null
            ? DEFAULT_NUMBER_OF_FRAGMENTS
            : options.numberOfFragments();
    this.numberOfFragments = fragments == 0 ? 1 : Math.max(fragments, 1);
    this.fragmentSize =
        options.fragmentSize() == null ? DEFAULT_FRAGMENT_SIZE : options.fragmentSize();
    this.fragList = fragments == 0 ? new SingleFragListBuilder() : new SimpleFragListBuilder();
    BoundaryScanner scanner =
        "sentence".equals(options.boundaryScanner()) || "word".equals(options.boundaryScanner())
            ? new BreakIteratorBoundaryScanner(
                "word".equals(options.boundaryScanner())
                    ? java.text.BreakIterator.getWordInstance(java.util.Locale.ROOT)
                    : java.text.BreakIterator.getSentenceInstance(java.util.Locale.ROOT))
            : new SimpleBoundaryScanner(BOUNDARY_MAX_SCAN, BOUNDARY_CHARS);
    this.preTags =
        (options.preTags() == null ? List.of("<em>") : options.preTags()).toArray(String[]::new);
    this.postTags =
        (options.postTags() == null ? List.of("</em>") : options.postTags()).toArray(String[]::new);
    this.fragments = new SourceFragmentsBuilder("score".equals(options.order()), scanner);
    this.encoder =
        "html".equals(options.encoder()) ? new SimpleHTMLEncoder() : new DefaultEncoder();
  }

  /** The fragments of document {@code doc} (reader-wide) whose field values are {@code values}. */
  List<String> fragments(IndexReader reader, int doc, List<Object> values) {
    try {
      if (reader != queryReader) {
        fieldQuery = highlighter.getFieldQuery(query, reader);
        queryReader = reader;
      }
      Field[] fields = new Field[values.size()];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = new Field(field, String.valueOf(values.get(i)), TextField.TYPE_NOT_STORED);
      }
      fragments.values = fields;
      String[] out =
          highlighter.getBestFragments(
              fieldQuery,
              reader,
              doc,
              field,
              fragmentSize,
              numberOfFragments,
              fragList,
              fragments,
              preTags,
              postTags,
              encoder);
      List<String> kept = new ArrayList<>();
      if (out != null) {
        for (String fragment : out) {
          if (fragment != null && !fragment.isEmpty()) {
            kept.add(fragment);
          }
        }
      }
      return kept;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      fragments.values = null;
    }
  }

  /** Builds fragments from the values handed to it, in text or score order. */
  private static final class SourceFragmentsBuilder extends SimpleFragmentsBuilder {
    private final boolean byScore;
    private Field[] values;

    SourceFragmentsBuilder(boolean byScore, BoundaryScanner scanner) {
      super(scanner);
      this.byScore = byScore;
      setDiscreteMultiValueHighlighting(false);
    }

    @Override
    protected Field[] getFields(IndexReader reader, int docId, String fieldName) {
      return values;
    }

    @Override
    public List<org.apache.lucene.search.vectorhighlight.FieldFragList.WeightedFragInfo>
        getWeightedFragInfoList(
            List<org.apache.lucene.search.vectorhighlight.FieldFragList.WeightedFragInfo> src) {
      return byScore
          ? new ScoreOrderFragmentsBuilder().getWeightedFragInfoList(src)
          : super.getWeightedFragInfoList(src);
    }
  }
}
