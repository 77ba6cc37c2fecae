package dev.duet.engine.internal.fetch;

import java.text.BreakIterator;
import java.text.CharacterIterator;
import java.util.Locale;

/**
 * Sentence boundaries bounded to a fragment size, as OpenSearch's unified highlighter cuts
 * passages: consecutive sentences are joined while they fit in {@code maxLength}; a sentence longer
 * than that is cut at word boundaries around the match. Only answers the {@code preceding(offset +
 * 1)} then {@code following(offset)} calls, with increasing offsets, that Lucene's field
 * highlighter makes.
 */
public final class BoundedSentenceIterator extends BreakIterator {
  private final BreakIterator sentences;
  private final BreakIterator words;
  private final int maxLength;

  private int lastOffset = -1;
  private int windowStart = -1;
  private int windowEnd = -1;
  private int start = -1;
  private int end = 0;

  BoundedSentenceIterator(Locale locale, int maxLength) {
    this.sentences = BreakIterator.getSentenceInstance(locale);
    this.words = BreakIterator.getWordInstance(locale);
    this.maxLength = maxLength;
  }

  @Override
  public int preceding(int offset) {
    if (offset < lastOffset) {
      throw new IllegalArgumentException("offsets must increase: " + offset + " < " + lastOffset);
    }
    if (offset > windowStart && offset < windowEnd) {
      // The next match lies in the same run of sentences: continue after the last passage.
      start = end;
      end = windowEnd;
    } else {
      windowStart = start = sentences.preceding(offset);
      windowEnd = end = sentences.following(offset - 1);
      while (end - start < maxLength) {
        int next = sentences.following(end);
        if (next == DONE || next - start > maxLength) {
          break;
        }
        windowEnd = end = next;
      }
    }
    if (end - start > maxLength) {
      // Too long: cut at a word boundary before the match, then spend what is left after it.
      if (offset - maxLength > start) {
        start = Math.max(start, words.preceding(offset - maxLength));
      }
      int remaining = Math.max(0, maxLength - (offset - start));
      if (offset + remaining < windowEnd) {
        end = Math.min(windowEnd, words.following(offset + remaining));
      }
    }
    lastOffset = offset - 1;
    return start;
  }

  @Override
  public int following(int offset) {
    if (offset != lastOffset || end == -1) {
      throw new IllegalArgumentException("following(" + offset + ") without preceding(offset + 1)");
    }
    return end;
  }

  @Override
  public int current() {
    return end;
  }

  @Override
  public CharacterIterator getText() {
    return sentences.getText();
  }

  @Override
  public void setText(CharacterIterator text) {
    reset();
    sentences.setText(text);
    words.setText(text);
  }

  @Override
  public void setText(String text) {
    reset();
    sentences.setText(text);
    words.setText(text);
  }

  private void reset() {
    lastOffset = -1;
    windowStart = -1;
    windowEnd = -1;
    start = -1;
    end = 0;
  }

  @Override
  public int first() {
    throw unsupported();
  }

  @Override
  public int last() {
    throw unsupported();
  }

  @Override
  public int next(int n) {
    throw unsupported();
  }

  @Override
  public int next() {
    throw unsupported();
  }

  @Override
  public int previous() {
    throw unsupported();
  }

  private static UnsupportedOperationException unsupported() {
    return new UnsupportedOperationException("only preceding/following, as the highlighter calls");
  }
}
