package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.SignificantBucket;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.BytesRefHash;

/**
 * {@code significant_text}: the indexed terms of a text field that are more frequent in the
 * matching documents than in the index, scored by JLH as {@code significant_terms}. A text field
 * has no doc values, so collection records the documents of each segment and the first build reads
 * the field's postings of those segments: each term's documents among the recorded ones are its
 * foreground, its {@code docFreq} its background. Sub-aggregations see each term's documents in
 * order, through collectors of their own per term.
 */
final class SignificantTextAggregator extends Aggregator.Buckets {
  private static final long ENTRY_BYTES = Integer.BYTES + Long.BYTES;

  private final Aggregation.SignificantText spec;
  private final List<Recorded> recorded = new ArrayList<>();
  private final BucketOrds ords = new BucketOrds();
  private final BytesRefHash terms = new BytesRefHash();
  private final Map<IndexReader, Boolean> backgrounds = new IdentityHashMap<>();
  private long[] subsetSizes = new long[1];
  private boolean read;

  SignificantTextAggregator(Aggregation.SignificantText spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
  }

  /** The documents collected in one segment, in order, with their owning buckets. */
  private static final class Recorded {
    final Segment segment;
    int size;
    int[] docs = new int[16];
    long[] owning = new long[16];

    Recorded(Segment segment) {
      this.segment = segment;
    }
  }

  @Override
  String profileType() {
    return "MapStringTermsAggregator";
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    backgrounds.put(segment.target.searcher().getIndexReader(), Boolean.TRUE);
    Recorded r = new Recorded(segment);
    recorded.add(r);
    return (doc, owning) -> {
      if (owning >= subsetSizes.length) {
        subsetSizes =
            Arrays.copyOf(subsetSizes, (int) Math.max(owning + 1, subsetSizes.length * 2L));
      }
      subsetSizes[(int) owning]++;
      if (r.size == r.docs.length) {
        int size = r.size * 2;
        reserve((size - r.size) * ENTRY_BYTES);
        r.docs = Arrays.copyOf(r.docs, size);
        r.owning = Arrays.copyOf(r.owning, size);
      }
      r.docs[r.size] = doc;
      r.owning[r.size] = owning;
      r.size++;
    };
  }

  /** Counts each term of the recorded documents into its bucket, and feeds the sub-aggregators. */
  private void readPostings() throws IOException {
    read = true;
    for (Recorded r : recorded) {
      if (r.size == 0) {
        continue;
      }
      Terms fieldTerms = r.segment.context.reader().terms(spec.field());
      if (fieldTerms == null) {
        continue;
      }
      TermsEnum it = fieldTerms.iterator();
      PostingsEnum postings = null;
      for (BytesRef term = it.next(); term != null; term = it.next()) {
        postings = it.postings(postings, PostingsEnum.NONE);
        LeafCollector[] subLeaves = null;
        int at = 0;
        for (int doc = postings.nextDoc();
            doc != DocIdSetIterator.NO_MORE_DOCS && at < r.size;
            doc = postings.nextDoc()) {
          while (at < r.size && r.docs[at] < doc) {
            at++;
          }
          for (int i = at; i < r.size && r.docs[i] == doc; i++) {
            if (subLeaves == null) {
              subLeaves = subLeaves(r.segment);
            }
            int added = terms.add(term);
            int id = added >= 0 ? added : -1 - added;
            collectBucket(subLeaves, doc, ords.add(r.owning[i], id));
          }
        }
      }
    }
    recorded.clear();
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    if (!read) {
      readPostings();
    }
    long subsetSize = owning >= 0 && owning < subsetSizes.length ? subsetSizes[(int) owning] : 0;
    long supersetSize = 0;
    for (IndexReader reader : backgrounds.keySet()) {
      supersetSize += reader.maxDoc();
    }
    List<Candidate> candidates = new ArrayList<>();
    var map = ords.of(owning);
    if (map != null) {
      BytesRef scratch = new BytesRef();
      for (var cursor : map) {
        long subsetFreq = docCount(cursor.value);
        if (subsetFreq < spec.minDocCount()) {
          continue;
        }
        BytesRef term = BytesRef.deepCopyOf(terms.get((int) cursor.key, scratch));
        long supersetFreq = 0;
        for (IndexReader reader : backgrounds.keySet()) {
          supersetFreq += reader.docFreq(new Term(spec.field(), term));
        }
        double score =
            SignificantTermsAggregator.jlh(subsetFreq, subsetSize, supersetFreq, supersetSize);
        if (score > 0) {
          candidates.add(new Candidate(cursor.value, term, subsetFreq, supersetFreq, score));
        }
      }
    }
    candidates.sort(
        Comparator.comparingDouble(Candidate::score).reversed().thenComparing(Candidate::term));
    List<SignificantBucket> buckets = new ArrayList<>();
    for (Candidate c : candidates.subList(0, Math.min(spec.size(), candidates.size()))) {
      buckets.add(
          new SignificantBucket(
              c.term.utf8ToString(), c.subsetFreq, c.score, c.supersetFreq, buildSubs(c.ord)));
    }
    return new AggregationResult.SignificantTerms(name, subsetSize, supersetSize, buckets);
  }

  private record Candidate(
      int ord, BytesRef term, long subsetFreq, long supersetFreq, double score) {}
}
