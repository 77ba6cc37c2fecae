package dev.duet.engine.internal.field;

/** What indexing a value needs from its index beyond the field's mapping. */
public interface IndexContext {
  /** A keyword value through the field's {@code normalizer}; the value itself when it has none. */
  String normalize(String path, String value);

  /** The analyzer that indexes the text field at {@code path}. */
  org.apache.lucene.analysis.Analyzer indexAnalyzer(String path);
}
