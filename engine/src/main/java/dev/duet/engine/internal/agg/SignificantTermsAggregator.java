package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.agg.Aggregation;
import dev.duet.engine.search.agg.AggregationResult;
import dev.duet.engine.search.agg.AggregationResult.SignificantBucket;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.internal.hppc.LongIntHashMap;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.BytesRefHash;

/**
 * {@code significant_terms} on a keyword field: foreground counts per term are collected like
 * {@code terms}; the background is every document of the searched indices, as OpenSearch's default
 * (its size is {@code maxDoc}, a term's frequency its {@code docFreq}); buckets are scored by JLH
 * and only those with a positive score and at least {@code min_doc_count} documents are kept.
 */
final class SignificantTermsAggregator extends Aggregator.Buckets {
  private static final int UNSEEN = -1;

  private final Aggregation.SignificantTerms spec;
  private final BucketOrds ords = new BucketOrds();
  private final BytesRefHash terms = new BytesRefHash();
  // The documents each owning bucket held: the foreground size.
  private long[] subsetSizes = new long[1];
  // The indices searched, each once: the background.
  private final Map<IndexReader, Boolean> backgrounds = new IdentityHashMap<>();

  SignificantTermsAggregator(Aggregation.SignificantTerms spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    backgrounds.put(segment.target.searcher().getIndexReader(), Boolean.TRUE);
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    LeafCollector[] subLeaves = subLeaves(segment);
    if (source != FieldSource.KEYWORD && source != FieldSource.UNMAPPED) {
      throw DuetException.illegalArgument(
          "significant_terms on a field of type ["
              + segment.target.fields().apply(spec.field()).type()
              + "] is not supported by Duet yet; use a keyword field");
    }
    SortedSetDocValues values =
        source == FieldSource.UNMAPPED ? null : source.ordinals(segment, spec.field());
    int[] termIds =
        new int[values == null ? 0 : (int) Math.min(Integer.MAX_VALUE - 8, values.getValueCount())];
    Arrays.fill(termIds, UNSEEN);
    return (doc, owning) -> {
      if (owning >= subsetSizes.length) {
        subsetSizes =
            Arrays.copyOf(subsetSizes, (int) Math.max(owning + 1, subsetSizes.length * 2L));
      }
      subsetSizes[(int) owning]++;
      if (values == null || !values.advanceExact(doc)) {
        return;
      }
      for (int i = values.docValueCount(); i > 0; i--) {
        int ord = (int) values.nextOrd();
        int id = termIds[ord];
        if (id == UNSEEN) {
          int added = terms.add(values.lookupOrd(ord));
          id = termIds[ord] = added >= 0 ? added : -1 - added;
        }
        collectBucket(subLeaves, doc, ords.add(owning, id));
      }
    };
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    long subsetSize = owning >= 0 && owning < subsetSizes.length ? subsetSizes[(int) owning] : 0;
    long supersetSize = 0;
    for (IndexReader reader : backgrounds.keySet()) {
      supersetSize += reader.maxDoc();
    }
    List<Candidate> candidates = new ArrayList<>();
    LongIntHashMap map = ords.of(owning);
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
        double score = jlh(subsetFreq, subsetSize, supersetFreq, supersetSize);
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

  /** OpenSearch's JLH score: absolute change in probability times relative change. */
  static double jlh(long subsetFreq, long subsetSize, long supersetFreq, long supersetSize) {
    if (subsetSize == 0 || supersetSize == 0 || supersetFreq == 0) {
      return 0;
    }
    double subsetProbability = (double) subsetFreq / subsetSize;
    double supersetProbability = (double) supersetFreq / supersetSize;
    double absoluteChange = subsetProbability - supersetProbability;
    if (absoluteChange <= 0) {
      return 0;
    }
    return absoluteChange * (subsetProbability / supersetProbability);
  }

  private record Candidate(
      int ord, BytesRef term, long subsetFreq, long supersetFreq, double score) {}
}
