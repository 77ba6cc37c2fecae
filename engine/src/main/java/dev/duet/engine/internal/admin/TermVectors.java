package dev.duet.engine.internal.admin;

import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.TermVectorsRequest;
import dev.duet.engine.document.TermVectorsResult;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.DocLookup;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PayloadAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;

/**
 * Answers {@code _termvectors} on one index as OpenSearch does: a field that stores term vectors
 * ({@code term_vector}) is read from Lucene's when the document is in the searcher as the get saw
 * it and no other analyzer is asked for; every other text or keyword field is analysed again from
 * the document's source (or the artificial document), positions and offsets as indexing makes them.
 * Term and field statistics come from the index's current searcher.
 */
public final class TermVectors {
  private TermVectors() {}

  /** The term vectors {@code request} asks for, of a document of {@code index}. */
  public static TermVectorsResult of(LuceneIndex index, TermVectorsRequest request) {
    long start = System.nanoTime();
    MappingLookup lookup = index.lookup();
    byte[] source;
    long version;
    boolean stored = request.id() != null;
    GetResult got = null;
    if (stored) {
      got = index.get(request.id(), request.routing(), request.realtime());
      if (!got.found()) {
        return new TermVectorsResult(index.name(), request.id(), 0, false, took(start), Map.of());
      }
      if (request.version() != null && request.version() != got.version()) {
        throw new DuetException(
            409,
            "version_conflict_engine_exception",
            "["
                + request.id()
                + "]: version conflict, current version ["
                + got.version()
                + "] is different than the one provided ["
                + request.version()
                + "]",
            Map.of("index", index.name(), "shard", "0"),
            null);
      }
      source = got.source();
      version = got.version();
    } else {
      source = request.doc();
      version = 0;
    }
    IndexSearcher searcher = index.acquireSearcher();
    try {
      IndexReader reader = searcher.getIndexReader();
      // Lucene's stored vectors only describe the document the get saw once it is searchable.
      int doc =
          stored && index.get(request.id(), request.routing(), false).version() == version
              ? luceneDoc(reader, request.id())
              : -1;
      SourceValues values = SourceValues.of(source);
      Map<String, TermVectorsResult.Field> fields = new LinkedHashMap<>();
      for (String field : fields(lookup, request, values, stored)) {
        TermVectorsResult.Field one = field(lookup, reader, doc, field, values, request);
        if (one != null && !one.terms().isEmpty()) {
          fields.put(field, one);
        }
      }
      return new TermVectorsResult(index.name(), request.id(), version, true, took(start), fields);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      index.releaseSearcher(searcher);
    }
  }

  private static long took(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }

  /**
   * The fields asked for, mapped text and keyword fields only: in the order the request names them
   * (a pattern's in name order), else in name order.
   */
  private static List<String> fields(
      MappingLookup lookup, TermVectorsRequest request, SourceValues values, boolean stored) {
    TreeSet<String> eligible = new TreeSet<>();
    for (String path : lookup.leafPaths()) {
      FieldMapping field = lookup.leaf(path);
      if (field != null && FieldTypes.of(field).textSearch() != FieldType.TextSearch.NONE) {
        eligible.add(path);
      }
    }
    java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
    if (request.fields() != null) {
      for (String pattern : request.fields()) {
        for (String path : eligible) {
          if (Wildcards.matches(pattern.trim(), path)) {
            out.add(path);
          }
        }
      }
      return new ArrayList<>(out);
    }
    for (String path : eligible) {
      FieldMapping field = lookup.leaf(path);
      if (stored ? storesVectors(field) : !values.at(sourcePath(lookup, path)).isEmpty()) {
        out.add(path);
      }
    }
    return new ArrayList<>(out);
  }

  private static boolean storesVectors(FieldMapping field) {
    Object vectors = field.params().get("term_vector");
    return vectors != null && !vectors.equals("no");
  }

  private static TermVectorsResult.Field field(
      MappingLookup lookup,
      IndexReader reader,
      int doc,
      String name,
      SourceValues values,
      TermVectorsRequest request)
      throws IOException {
    String indexed = lookup.resolve(name);
    FieldMapping mapping = lookup.leaf(name);
    Map<BytesRef, List<TermVectorsResult.Token>> occurrences = new TreeMap<>();
    Map<BytesRef, Integer> freqs = new TreeMap<>();
    String analyzerName = request.perFieldAnalyzer().get(name);
    Terms vectors =
        doc >= 0 && analyzerName == null && storesVectors(mapping)
            ? reader.termVectors().get(doc, indexed)
            : null;
    if (vectors != null) {
      fromLucene(vectors, request, occurrences, freqs);
    } else {
      Analyzer analyzer = analyzerName == null ? null : lookup.analyzerNamed(analyzerName);
      if (analyzerName != null && analyzer == null) {
        throw DuetException.illegalArgument("failed to find analyzer [" + analyzerName + "]");
      }
      List<Object> texts = values.at(sourcePath(lookup, name));
      if (analyzer == null && FieldTypes.of(mapping).textSearch() == FieldType.TextSearch.KEYWORD) {
        keywords(lookup, indexed, texts, request, occurrences, freqs);
      } else {
        analyzed(
            analyzer == null ? lookup.indexAnalyzer(indexed) : analyzer,
            indexed,
            texts,
            request,
            occurrences,
            freqs);
      }
    }
    TermVectorsResult.FieldStatistics statistics = null;
    Terms all = MultiTerms.getTerms(reader, indexed);
    if (request.fieldStatistics()) {
      statistics =
          all == null
              ? new TermVectorsResult.FieldStatistics(0, 0, 0)
              : new TermVectorsResult.FieldStatistics(
                  all.getSumDocFreq(), all.getDocCount(), all.getSumTotalTermFreq());
    }
    Map<String, TermVectorsResult.Term> terms = new LinkedHashMap<>();
    for (Map.Entry<BytesRef, Integer> e : freqs.entrySet()) {
      Long docFreq = null;
      Long ttf = null;
      if (request.termStatistics()) {
        Term term = new Term(indexed, e.getKey());
        int df = reader.docFreq(term);
        if (df > 0) { // a term the index does not hold has no statistics, as in OpenSearch
          docFreq = (long) df;
          ttf = reader.totalTermFreq(term);
        }
      }
      List<TermVectorsResult.Token> found = occurrences.get(e.getKey());
      // Tokens show when they say something: a position, offsets or a payload.
      boolean tokens =
          request.positions()
              || request.offsets()
              || request.payloads() && found.stream().anyMatch(t -> t.payload() != null);
      terms.put(
          e.getKey().utf8ToString(),
          new TermVectorsResult.Term(docFreq, ttf, e.getValue(), tokens ? found : null));
    }
    return new TermVectorsResult.Field(statistics, terms);
  }

  private static void fromLucene(
      Terms vectors,
      TermVectorsRequest request,
      Map<BytesRef, List<TermVectorsResult.Token>> occurrences,
      Map<BytesRef, Integer> freqs)
      throws IOException {
    TermsEnum te = vectors.iterator();
    PostingsEnum postings = null;
    for (BytesRef term = te.next(); term != null; term = te.next()) {
      BytesRef key = BytesRef.deepCopyOf(term);
      postings = te.postings(postings, PostingsEnum.ALL);
      postings.nextDoc();
      int freq = postings.freq();
      List<TermVectorsResult.Token> tokens = new ArrayList<>(freq);
      for (int i = 0; i < freq; i++) {
        int position = postings.nextPosition();
        BytesRef payload = postings.getPayload();
        tokens.add(
            new TermVectorsResult.Token(
                request.positions() && vectors.hasPositions() ? position : null,
                request.offsets() && vectors.hasOffsets() ? postings.startOffset() : null,
                request.offsets() && vectors.hasOffsets() ? postings.endOffset() : null,
                request.payloads() && payload != null ? base64(payload) : null));
      }
      freqs.put(key, freq);
      occurrences.put(key, tokens);
    }
  }

  /** A keyword's values: each one term (normalized), as the field indexes it. */
  private static void keywords(
      MappingLookup lookup,
      String field,
      List<Object> texts,
      TermVectorsRequest request,
      Map<BytesRef, List<TermVectorsResult.Token>> occurrences,
      Map<BytesRef, Integer> freqs) {
    int position = -1;
    int offset = 0;
    for (Object value : texts) {
      if (value == null || value instanceof Map<?, ?> || value instanceof List<?>) {
        continue;
      }
      String text = String.valueOf(value);
      String term = lookup.normalize(field, text);
      position++; // one term per value, the keyword analyzer adding no gap
      add(
          new BytesRef(term),
          new TermVectorsResult.Token(
              request.positions() ? position : null,
              request.offsets() ? offset : null,
              request.offsets() ? offset + text.length() : null,
              null),
          occurrences,
          freqs);
      offset += text.length() + 1;
    }
  }

  private static void analyzed(
      Analyzer analyzer,
      String field,
      List<Object> texts,
      TermVectorsRequest request,
      Map<BytesRef, List<TermVectorsResult.Token>> occurrences,
      Map<BytesRef, Integer> freqs)
      throws IOException {
    int position = -1;
    int offsetBase = 0;
    boolean first = true;
    for (Object value : texts) {
      if (value == null || value instanceof Map<?, ?> || value instanceof List<?>) {
        continue;
      }
      String text = String.valueOf(value);
      if (!first) {
        position += analyzer.getPositionIncrementGap(field);
        offsetBase += analyzer.getOffsetGap(field);
      }
      first = false;
      int lastEnd = 0;
      try (TokenStream ts = analyzer.tokenStream(field, text)) {
        CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
        PositionIncrementAttribute increment = ts.addAttribute(PositionIncrementAttribute.class);
        OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
        PayloadAttribute payload = ts.addAttribute(PayloadAttribute.class);
        ts.reset();
        while (ts.incrementToken()) {
          position += increment.getPositionIncrement();
          BytesRef p = payload.getPayload();
          add(
              new BytesRef(term),
              new TermVectorsResult.Token(
                  request.positions() ? position : null,
                  request.offsets() ? offsetBase + offset.startOffset() : null,
                  request.offsets() ? offsetBase + offset.endOffset() : null,
                  request.payloads() && p != null ? base64(p) : null),
              occurrences,
              freqs);
        }
        ts.end();
        lastEnd = offset.endOffset();
      }
      offsetBase += lastEnd;
    }
  }

  private static void add(
      BytesRef term,
      TermVectorsResult.Token token,
      Map<BytesRef, List<TermVectorsResult.Token>> occurrences,
      Map<BytesRef, Integer> freqs) {
    occurrences.computeIfAbsent(term, t -> new ArrayList<>()).add(token);
    freqs.merge(term, 1, Integer::sum);
  }

  private static String base64(BytesRef bytes) {
    return Base64.getEncoder()
        .encodeToString(
            java.util.Arrays.copyOfRange(bytes.bytes, bytes.offset, bytes.offset + bytes.length));
  }

  /** A multi-field's values are its parent's in the source, an alias's its target's. */
  private static String sourcePath(MappingLookup lookup, String name) {
    String target = lookup.resolve(name);
    int dot = target.lastIndexOf('.');
    if (dot > 0) {
      FieldMapping parent = lookup.leaf(target.substring(0, dot));
      if (parent != null && parent.fields().containsKey(target.substring(dot + 1))) {
        return target.substring(0, dot);
      }
    }
    return target;
  }

  /** The live Lucene document of {@code id} in the searcher's reader (its root), or -1. */
  private static int luceneDoc(IndexReader reader, String id) throws IOException {
    BytesRef term = new BytesRef(id);
    for (LeafReaderContext leaf : reader.leaves()) {
      Terms terms = leaf.reader().terms(MetaFields.ID);
      if (terms == null) {
        continue;
      }
      TermsEnum te = terms.iterator();
      if (!te.seekExact(term)) {
        continue;
      }
      int doc =
          DocLookup.lastLive(te.postings(null, PostingsEnum.NONE), leaf.reader().getLiveDocs());
      if (doc != DocIdSetIterator.NO_MORE_DOCS) {
        return leaf.docBase + doc;
      }
    }
    return -1;
  }
}
