package dev.duet.engine.internal.field;

/** What indexing a value needs from its index beyond the field's mapping. */
public interface IndexContext {
  /** A keyword value through the field's {@code normalizer}; the value itself when it has none. */
  String normalize(String path, String value);

  /** The analyzer that indexes the text field at {@code path}. */
  org.apache.lucene.analysis.Analyzer indexAnalyzer(String path);

  /**
   * The values of the document being indexed at {@code path}, as its source has them (objects and
   * number arrays whole): what a completion field's context {@code path} reads. Empty outside a
   * document.
   */
  default java.util.List<Object> documentValues(String path) {
    return java.util.List.of();
  }
}
