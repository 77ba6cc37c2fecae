package dev.duet.engine.internal.fetch;

import java.io.IOException;
import java.text.BreakIterator;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.PriorityQueue;
import org.apache.lucene.search.uhighlight.FieldHighlighter;
import org.apache.lucene.search.uhighlight.FieldOffsetStrategy;
import org.apache.lucene.search.uhighlight.OffsetsEnum;
import org.apache.lucene.search.uhighlight.Passage;
import org.apache.lucene.search.uhighlight.PassageFormatter;
import org.apache.lucene.search.uhighlight.PassageScorer;

/**
 * Lucene's field highlighter with the two changes OpenSearch makes: a passage is cut around the
 * first match it holds (one {@code preceding}/{@code following} pair per passage, which {@link
 * BoundedSentenceIterator} needs), and without matches a {@code no_match_size} prefix of the first
 * value is returned.
 */
public final class FragmentHighlighter extends FieldHighlighter {
  private static final Comparator<Passage> BY_START =
      Comparator.comparingInt(Passage::getStartOffset);

  private final Locale locale;
  private final int noMatchSize;
  private String content;

  FragmentHighlighter(
      String field,
      FieldOffsetStrategy offsets,
      BreakIterator breaks,
      PassageScorer scorer,
      int maxPassages,
      PassageFormatter formatter,
      Locale locale,
      int noMatchSize) {
    super(
        field, offsets, breaks, scorer, maxPassages, noMatchSize > 0 ? 1 : 0, formatter, BY_START);
    this.locale = locale;
    this.noMatchSize = noMatchSize;
  }

  @Override
  public Object highlightFieldForDoc(
      org.apache.lucene.index.LeafReader reader, int docId, String content) throws IOException {
    this.content = content;
    try {
      return super.highlightFieldForDoc(reader, docId, content);
    } finally {
      this.content = null;
    }
  }

  @Override
  protected Passage[] getSummaryPassagesNoHighlight(int maxPassages) {
    if (noMatchSize <= 0) {
      return new Passage[0];
    }
    int pos = 0;
    while (pos < content.length() && content.charAt(pos) == HitHighlighter.VALUE_SEPARATOR) {
      pos++;
    }
    if (pos >= content.length()) {
      return new Passage[0];
    }
    int end = content.indexOf(HitHighlighter.VALUE_SEPARATOR, pos);
    if (end == -1) {
      end = content.length();
    }
    if (noMatchSize + pos < end) {
      BreakIterator words = BreakIterator.getWordInstance(locale);
      words.setText(content);
      end = words.following(noMatchSize + pos);
      if (end == BreakIterator.DONE) {
        end = content.length();
      }
    }
    Passage passage = new Passage();
    passage.setScore(Float.NaN);
    passage.setStartOffset(pos);
    passage.setEndOffset(end);
    return new Passage[] {passage};
  }

  @Override
  protected Passage[] highlightOffsetsEnums(OffsetsEnum off) throws IOException {
    int contentLength = breakIterator.getText().getEndIndex();
    if (!off.nextPosition()) {
      return new Passage[0];
    }
    PriorityQueue<Passage> queue =
        new PriorityQueue<>(
            Math.min(64, maxPassages + 1),
            (a, b) ->
                a.getScore() != b.getScore()
                    ? Float.compare(a.getScore(), b.getScore())
                    : a.getStartOffset() - b.getStartOffset());
    Passage passage = new Passage();
    do {
      int start = off.startOffset();
      if (start == -1) {
        throw new IllegalArgumentException("field '" + field + "' was indexed without offsets");
      }
      int end = off.endOffset();
      if (start < contentLength && end > contentLength) {
        continue;
      }
      if (start >= passage.getEndOffset()) {
        passage = offer(queue, passage, contentLength);
        if (start >= contentLength) {
          break;
        }
        passage.setStartOffset(Math.max(breakIterator.preceding(start + 1), 0));
        passage.setEndOffset(Math.min(breakIterator.following(start), contentLength));
      }
      passage.addMatch(start, end, off.getTerm(), off.freq());
    } while (off.nextPosition());
    offer(queue, passage, contentLength);
    Passage[] passages = queue.toArray(new Passage[0]);
    Arrays.sort(passages, BY_START);
    return passages;
  }

  /** Scores {@code passage} into the queue of the best ones; returns the passage to fill next. */
  private Passage offer(PriorityQueue<Passage> queue, Passage passage, int contentLength) {
    if (passage.getStartOffset() == -1) {
      return passage;
    }
    passage.setScore(passageScorer.score(passage, contentLength));
    if (queue.size() == maxPassages && passage.getScore() < queue.peek().getScore()) {
      passage.reset();
      return passage;
    }
    queue.offer(passage);
    if (queue.size() > maxPassages) {
      Passage evicted = queue.poll();
      evicted.reset();
      return evicted;
    }
    return new Passage();
  }
}
