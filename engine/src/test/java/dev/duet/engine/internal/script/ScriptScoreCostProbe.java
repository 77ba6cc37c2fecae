package dev.duet.engine.internal.script;

import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.script.Script;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queries.function.FunctionScoreQuery;
import org.apache.lucene.search.DoubleValuesSource;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.FSDirectory;

/**
 * A developer probe, not a test: the cost per document of a Painless {@code script_score} ({@code
 * doc['price'].value * params.f}) over 100,000 documents, against the same top-10 search scored by
 * Lucene's own doc-values source and unscored. Run with the engine's test class path: {@code java
 * -cp ... dev.duet.engine.internal.script.ScriptScoreCostProbe}.
 */
public final class ScriptScoreCostProbe {
  private static final int DOCS = 100_000;

  private ScriptScoreCostProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Files.createTempDirectory("script-cost");
    long t0 = System.nanoTime();
    ScoreScript.Factory factory =
        Scripts.compile(Script.inline("doc['price'].value * params.f"), Scripts.SCORE);
    System.out.printf(
        "first compile (engine build included): %.0f ms%n", (System.nanoTime() - t0) / 1e6);
    t0 = System.nanoTime();
    Scripts.compile(Script.inline("doc['price'].value * params.f + 1"), Scripts.SCORE);
    System.out.printf("second compile: %.1f ms%n", (System.nanoTime() - t0) / 1e6);
    try (FSDirectory d = FSDirectory.open(dir);
        IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
      for (int i = 0; i < DOCS; i++) {
        Document doc = new Document();
        doc.add(new SortedNumericDocValuesField("price", i % 1000));
        doc.add(new org.apache.lucene.document.NumericDocValuesField("plain_price", i % 1000));
        w.addDocument(doc);
      }
      w.forceMerge(1);
      w.commit();
      try (DirectoryReader r = DirectoryReader.open(d)) {
        IndexSearcher searcher = new IndexSearcher(r);
        Map<String, DocValuesType> types = Map.of("price", DocValuesType.WHOLE);
        Query script =
            new FunctionScoreQuery(
                new MatchAllDocsQuery(),
                new ScriptValues(factory, Map.of("f", 2), types::get, "p", true));
        Query lucene =
            new FunctionScoreQuery(
                new MatchAllDocsQuery(), DoubleValuesSource.fromLongField("plain_price"));
        Query plain = new MatchAllDocsQuery();
        for (int round = 0; round < 3; round++) {
          report("match_all", searcher, plain);
          report("Lucene doc-values score", searcher, lucene);
          report("Painless script_score", searcher, script);
        }
      }
    }
  }

  private static void report(String name, IndexSearcher searcher, Query q) throws Exception {
    int runs = 50;
    for (int i = 0; i < 10; i++) {
      searcher.search(q, 10);
    }
    long start = System.nanoTime();
    for (int i = 0; i < runs; i++) {
      searcher.search(q, 10);
    }
    double perSearch = (System.nanoTime() - start) / (double) runs;
    System.out.printf(
        "%-26s %8.2f ms per search, %6.1f ns per document%n",
        name, perSearch / 1e6, perSearch / DOCS);
  }
}
