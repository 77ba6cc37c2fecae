package dev.duet.engine.internal.fetch;

import org.apache.lucene.search.highlight.Encoder;
import org.apache.lucene.search.uhighlight.Passage;
import org.apache.lucene.search.uhighlight.PassageFormatter;

/**
 * Formats passages as OpenSearch does: each match (overlapping ones merged) between the first pre
 * and post tag, text through the encoder, a trailing value separator dropped, the fragment trimmed.
 */
public final class FragmentFormatter extends PassageFormatter {
  /** One formatted passage; {@code highlighted} is false for a {@code no_match_size} fragment. */
  record Fragment(String text, float score, boolean highlighted) {}

  private final String preTag;
  private final String postTag;
  private final Encoder encoder;

  FragmentFormatter(String preTag, String postTag, Encoder encoder) {
    this.preTag = preTag;
    this.postTag = postTag;
    this.encoder = encoder;
  }

  @Override
  public Fragment[] format(Passage[] passages, String content) {
    Fragment[] fragments = new Fragment[passages.length];
    for (int j = 0; j < passages.length; j++) {
      Passage passage = passages[j];
      StringBuilder sb = new StringBuilder();
      int pos = passage.getStartOffset();
      int[] starts = passage.getMatchStarts();
      int[] ends = passage.getMatchEnds();
      for (int i = 0; i < passage.getNumMatches(); i++) {
        int start = starts[i];
        append(sb, content, pos, start);
        int end = ends[i];
        while (i + 1 < passage.getNumMatches() && starts[i + 1] < end) {
          end = ends[++i];
        }
        end = Math.min(end, passage.getEndOffset());
        sb.append(preTag);
        append(sb, content, start, end);
        sb.append(postTag);
        pos = end;
      }
      append(sb, content, pos, Math.max(pos, passage.getEndOffset()));
      if (!sb.isEmpty()) {
        char last = sb.charAt(sb.length() - 1);
        if (last == HitHighlighter.VALUE_SEPARATOR || last == '\u2029') {
          sb.setLength(sb.length() - 1);
        }
      }
      fragments[j] =
          new Fragment(sb.toString().trim(), passage.getScore(), passage.getNumMatches() > 0);
    }
    return fragments;
  }

  private void append(StringBuilder sb, String content, int start, int end) {
    sb.append(encoder.encodeText(content.substring(start, end)));
  }
}
