package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
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
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.internal.hppc.LongArrayList;
import org.apache.lucene.internal.hppc.LongIntHashMap;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.BytesRefHash;

/**
 * {@code significant_terms} on a keyword, integer, date or boolean field: foreground counts per
 * term are collected like {@code terms}; the background is every document of the searched indices,
 * as OpenSearch's default (its size is {@code maxDoc}; a keyword's frequency its {@code docFreq}, a
 * number's the live documents holding it, see {@link NumericBackground}); buckets are scored by JLH
 * and only those with a positive score and at least {@code min_doc_count} documents are kept.
 * Floating-point fields are refused, as OpenSearch refuses them.
 */
final class SignificantTermsAggregator extends Aggregator.Buckets {
  private static final int UNSEEN = -1;

  private final Aggregation.SignificantTerms spec;
  private final BucketOrds ords = new BucketOrds();
  private final BytesRefHash terms = new BytesRefHash();
  // Numeric keys: a value's id is its index in numbers.
  private final LongIntHashMap numberIds = new LongIntHashMap();
  private final LongArrayList numbers = new LongArrayList();
  private FieldSource numericSource;
  private ValueFormat format = ValueFormat.RAW;

  /** The keyword-like field's mapping, whose type shows its terms. */
  private FieldMapping mapping;

  // The documents each owning bucket held: the foreground size.
  private long[] subsetSizes = new long[1];
  // The indices searched, each once: the background.
  private final Map<IndexReader, Boolean> backgrounds = new IdentityHashMap<>();
  private NumericBackground numericBackground;

  SignificantTermsAggregator(Aggregation.SignificantTerms spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    backgrounds.put(segment.target.searcher().getIndexReader(), Boolean.TRUE);
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    LeafCollector[] subLeaves = subLeaves(segment);
    if (source.isFloating()) {
      // OpenSearch fails the shard with a 500; a client asked, so Duet answers 400.
      throw new DuetException(
          400,
          "unsupported_operation_exception",
          "No support for examining floating point numerics");
    }
    boolean keyword = source == FieldSource.KEYWORD;
    if (keyword && numericSource != null || source.isNumeric() && terms.size() > 0) {
      throw DuetException.illegalArgument(
          "significant_terms on [" + spec.field() + "] mixes keyword and numeric mappings");
    }
    if (source.isNumeric()) {
      if (numericSource == null) {
        numericSource = source;
        format = ValueFormat.of(source, segment.target.fields().apply(spec.field()), null, null);
      }
      return numeric(source.numeric(segment, spec.field()), subLeaves);
    }
    if (keyword && mapping == null) {
      mapping = segment.target.fields().apply(spec.field());
    }
    SortedSetDocValues values =
        source == FieldSource.UNMAPPED ? null : source.ordinals(segment, spec.field());
    int[] termIds =
        new int[values == null ? 0 : (int) Math.min(Integer.MAX_VALUE - 8, values.getValueCount())];
    Arrays.fill(termIds, UNSEEN);
    return (doc, owning) -> {
      countSubset(owning);
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

  private LeafCollector numeric(SortedNumericDocValues values, LeafCollector[] subLeaves) {
    return (doc, owning) -> {
      countSubset(owning);
      if (!values.advanceExact(doc)) {
        return;
      }
      long previous = 0;
      for (int i = 0; i < values.docValueCount(); i++) {
        long v = values.nextValue();
        if (i > 0 && v == previous) {
          continue; // a document counts once per distinct value
        }
        previous = v;
        int id = numberIds.getOrDefault(v, UNSEEN);
        if (id == UNSEEN) {
          id = numbers.size();
          numbers.add(v);
          numberIds.put(v, id);
        }
        collectBucket(subLeaves, doc, ords.add(owning, id));
      }
    };
  }

  private void countSubset(long owning) {
    if (owning >= subsetSizes.length) {
      subsetSizes = Arrays.copyOf(subsetSizes, (int) Math.max(owning + 1, subsetSizes.length * 2L));
    }
    subsetSizes[(int) owning]++;
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
      if (numericSource != null) {
        countBackground(map);
      }
      BytesRef scratch = new BytesRef();
      for (var cursor : map) {
        long subsetFreq = docCount(cursor.value);
        if (subsetFreq < spec.minDocCount()) {
          continue;
        }
        Object key;
        long supersetFreq = 0;
        if (numericSource != null) {
          long value = numbers.get((int) cursor.key);
          key = value;
          supersetFreq = numericBackground.of(value);
        } else {
          BytesRef term = BytesRef.deepCopyOf(terms.get((int) cursor.key, scratch));
          key = term;
          for (IndexReader reader : backgrounds.keySet()) {
            supersetFreq += reader.docFreq(new Term(spec.field(), term));
          }
        }
        double score = jlh(subsetFreq, subsetSize, supersetFreq, supersetSize);
        if (score > 0) {
          candidates.add(new Candidate(cursor.value, key, subsetFreq, supersetFreq, score));
        }
      }
    }
    candidates.sort(Comparator.comparingDouble(Candidate::score).reversed().thenComparing(KEYS));
    List<SignificantBucket> buckets = new ArrayList<>();
    for (Candidate c : candidates.subList(0, Math.min(spec.size(), candidates.size()))) {
      buckets.add(
          new SignificantBucket(
              c.key instanceof BytesRef b
                  ? FieldTypes.of(mapping).docValue(b, mapping, null)
                  : c.key,
              keyAsString(c.key),
              c.subsetFreq,
              c.score,
              c.supersetFreq,
              buildSubs(c.ord)));
    }
    return new AggregationResult.SignificantTerms(name, subsetSize, supersetSize, buckets);
  }

  private void countBackground(LongIntHashMap map) throws IOException {
    if (numericBackground == null) {
      numericBackground = new NumericBackground(spec.field(), backgrounds.keySet());
    }
    long[] values = new long[map.size()];
    int n = 0;
    for (var cursor : map) {
      values[n++] = numbers.get((int) cursor.key);
    }
    numericBackground.count(values, n);
  }

  /** A date's formatted key; a boolean's as a {@code Boolean}, as OpenSearch writes it. */
  private Object keyAsString(Object key) {
    if (!(key instanceof Long value)) {
      return null;
    }
    if (numericSource == FieldSource.BOOLEAN) {
      return value != 0;
    }
    return format.format(value);
  }

  private static final Comparator<Candidate> KEYS =
      (a, b) ->
          a.key instanceof Long x && b.key instanceof Long y
              ? Long.compare(x, y)
              : ((BytesRef) a.key).compareTo((BytesRef) b.key);

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

  private record Candidate(int ord, Object key, long subsetFreq, long supersetFreq, double score) {}
}
