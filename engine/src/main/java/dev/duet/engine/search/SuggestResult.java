package dev.duet.engine.search;

import java.util.List;
import java.util.Map;

/**
 * One suggester's answer: its name and type, and one entry per piece of its text (a token for the
 * term suggester, the whole text otherwise), each with its options best first.
 */
public record SuggestResult(String name, String type, List<Entry> entries) {
  public SuggestResult {
    entries = List.copyOf(entries);
  }

  /** A piece of the suggested text: where it is in the text, and what is suggested for it. */
  public record Entry(String text, int offset, int length, List<Option> options) {
    public Entry {
      options = List.copyOf(options);
    }
  }

  /**
   * One suggestion: its {@code text} and {@code score}; a term option's {@code freq} (else null); a
   * phrase option's {@code highlighted} text (null: none); a completion option's document ({@code
   * hit}: index, id, score, source) and the contexts its suggestion was indexed with, by mapping
   * name (else null).
   */
  public record Option(
      String text,
      float score,
      Long freq,
      String highlighted,
      SearchHit hit,
      Map<String, List<String>> contexts) {}
}
