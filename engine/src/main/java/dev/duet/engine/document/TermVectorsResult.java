package dev.duet.engine.document;

import java.util.List;
import java.util.Map;

/**
 * A document's term vectors as {@code _termvectors} answers: each field's terms in term order, with
 * the field's statistics (null when not asked for). {@code id} is null for an artificial document.
 */
public record TermVectorsResult(
    String index,
    String id,
    long version,
    boolean found,
    long tookMillis,
    Map<String, Field> fields) {

  public TermVectorsResult {
    fields = fields == null ? Map.of() : java.util.Collections.unmodifiableMap(fields);
  }

  /** One field's statistics (null when not asked for) and terms, in term order. */
  public record Field(FieldStatistics statistics, Map<String, Term> terms) {}

  /** A field's figures over the index: {@code sum_doc_freq}, {@code doc_count}, {@code sum_ttf}. */
  public record FieldStatistics(long sumDocFreq, long docCount, long sumTotalTermFreq) {}

  /**
   * One term: its frequency in the document; its {@code doc_freq} and {@code ttf} over the index
   * when term statistics are asked for (else null); its tokens when positions or offsets are (else
   * null).
   */
  public record Term(Long docFreq, Long totalTermFreq, int termFreq, List<Token> tokens) {}

  /** One occurrence; each part null when not asked for (or, a payload, when there is none). */
  public record Token(Integer position, Integer startOffset, Integer endOffset, String payload) {}
}
