package dev.duet.engine.internal.document;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.util.BytesRef;

/** Applies a keyword field's normalizer to a value, at index time and to query values alike. */
public final class Normalizers {
  private Normalizers() {}

  /** The normalized value; the value itself when there is no normalizer. */
  public static String apply(Analyzer normalizer, String field, String value) {
    if (normalizer == null) {
      return value;
    }
    BytesRef normalized = normalizer.normalize(field, value);
    return normalized.utf8ToString();
  }
}
