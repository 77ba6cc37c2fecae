package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.internal.hppc.LongIntHashMap;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.BytesRefHash;

/**
 * {@code terms}: keywords are counted by a term id shared across segments (each segment maps its
 * ordinals to term ids once, lazily), numbers by their value; either way one {@link BucketOrds}
 * lookup per value. As on one OpenSearch shard, the top {@code size} buckets are returned and the
 * rest summed in {@code sum_other_doc_count}.
 */
class TermsAggregator extends Aggregator.Buckets {
  private static final int UNSEEN = -2;
  private static final int REJECTED = -1;

  private final Aggregation.Terms spec;
  private TermFilter filter;
  private final BucketOrds ords = new BucketOrds();
  private final BytesRefHash terms = new BytesRefHash();
  private FieldSource source = FieldSource.UNMAPPED;
  private ValueFormat format = ValueFormat.RAW;

  /** The field's type and mapping, which show its terms (null until a segment maps the field). */
  private FieldType type;

  private FieldMapping mapping;

  /** Whole-number values keyed as doubles: the field is floating in another searched index. */
  private final boolean doubleKeys;

  // What profile: true reports: segments whose keyword values are single- or multi-valued.
  private int singleValuedSegments;
  private int multiValuedSegments;

  TermsAggregator(Aggregation.Terms spec, List<Aggregator> subs, int maxRegexLength) {
    this(spec, subs, maxRegexLength, false);
  }

  TermsAggregator(
      Aggregation.Terms spec, List<Aggregator> subs, int maxRegexLength, boolean doubleKeys) {
    super(spec.name(), subs);
    this.spec = spec;
    this.filter = TermFilter.of(spec.includeExclude(), maxRegexLength);
    this.doubleKeys = doubleKeys;
  }

  @Override
  String profileType() {
    return source == FieldSource.KEYWORD || source == FieldSource.UNMAPPED
        ? "GlobalOrdinalsStringTermsAggregator"
        : "NumericTermsAggregator";
  }

  @Override
  void profileDebug(Map<String, Object> debug) {
    if (source == FieldSource.KEYWORD || source == FieldSource.UNMAPPED) {
      debug.put("segments_with_single_valued_ords", singleValuedSegments);
      debug.put("segments_with_multi_valued_ords", multiValuedSegments);
      debug.put("has_filter", !filter.acceptsAll());
      debug.put("result_strategy", "terms");
      return;
    }
    debug.put("total_buckets", ords.size());
    debug.put(
        "result_strategy",
        switch (kind()) {
          case DOUBLE_TERMS -> "double_terms";
          case UNSIGNED_LONG_TERMS -> "unsigned_long_terms";
          default -> "long_terms";
        });
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource resolved = typed(FieldSource.resolve(segment.target, spec.field()));
    if (resolved != FieldSource.UNMAPPED && segment.target.fields().apply(spec.field()) != null) {
      boolean first = type == null;
      source = resolved;
      mapping = segment.target.fields().apply(spec.field());
      type = FieldTypes.of(mapping);
      format = ValueFormat.of(source, mapping, null, null);
      if (first) {
        bindFilter(resolved);
      }
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    if (resolved == FieldSource.UNMAPPED && spec.missing() == null) {
      return LeafCollector.NO_OP;
    }
    if (resolved == FieldSource.KEYWORD || resolved == FieldSource.UNMAPPED) {
      // Unmapped with a missing value: string terms (its kind), every document in that bucket.
      return keywordLeaf(segment, subLeaves, resolved);
    }
    SortedNumericDocValues values = resolved.numeric(segment, spec.field());
    boolean widen =
        doubleKeys && (resolved == FieldSource.LONG || resolved == FieldSource.UNSIGNED);
    if (doubleKeys) {
      source = FieldSource.DOUBLE; // keys of every index are sortable doubles
    }
    long missing =
        spec.missing() == null ? 0 : missingKey(doubleKeys ? FieldSource.DOUBLE : resolved);
    return (doc, owning) -> {
      if (values.advanceExact(doc)) {
        long previous = 0;
        for (int i = 0, n = values.docValueCount(); i < n; i++) {
          long raw = values.nextValue();
          long value =
              widen
                  ? org.apache.lucene.util.NumericUtils.doubleToSortableLong(resolved.toDouble(raw))
                  : resolved == FieldSource.FLOAT && doubleKeys
                      ? org.apache.lucene.util.NumericUtils.doubleToSortableLong(
                          resolved.toDouble(raw))
                      : raw;
          if ((i == 0 || value != previous) && filter.accepts(value, resolved)) {
            collectBucket(subLeaves, doc, ords.add(owning, value));
          }
          previous = value;
        }
      } else if (spec.missing() != null) {
        collectBucket(subLeaves, doc, ords.add(owning, missing));
      }
    };
  }

  /**
   * An unmapped field with a missing value is read as its {@code value_type} ({@code long}, {@code
   * date}, ...), the missing value becoming a typed key; otherwise {@code resolved} itself.
   */
  private FieldSource typed(FieldSource resolved) {
    if (resolved != FieldSource.UNMAPPED || spec.valueType() == null || spec.missing() == null) {
      return resolved;
    }
    FieldSource typed = FieldSource.ofValueType(spec.valueType());
    if (typed == null) {
      return resolved;
    }
    if (type == null) {
      source = typed;
      format = ValueFormat.of(typed, null, null, null);
    }
    return typed;
  }

  /**
   * Reads the filter's listed values as the field's type does, and refuses a regular expression
   * where OpenSearch does: on anything but string terms.
   */
  private void bindFilter(FieldSource resolved) {
    if (filter.regexBased()
        && (resolved != FieldSource.KEYWORD || type.textSearch() == FieldType.TextSearch.NONE)) {
      // OpenSearch answers 500 here; Duet keeps its words and type, as a client error.
      throw new DuetException(
          400,
          "aggregation_execution_exception",
          "Aggregation ["
              + spec.name()
              + "] cannot support regular expression style include/exclude settings as they"
              + " can only be applied to string fields. Use an array of values for"
              + " include/exclude clauses");
    }
    if (resolved == FieldSource.KEYWORD) {
      filter = filter.forTerms(v -> type.docValueTerm(v, mapping));
    } else if (resolved == FieldSource.DATE) {
      // Listed dates are read by the field's format, as OpenSearch reads them.
      Object own = mapping.params().get("format");
      DateFormats formats = DateFormats.of(own == null ? null : own.toString());
      filter = filter.forNumbers(v -> Long.toString(formats.parseMillis(v, false)));
    }
  }

  private LeafCollector keywordLeaf(
      Segment segment, LeafCollector[] subLeaves, FieldSource resolved) throws IOException {
    SortedSetDocValues values = resolved.ordinals(segment, spec.field());
    if (org.apache.lucene.index.DocValues.unwrapSingleton(values) != null) {
      singleValuedSegments++;
    } else {
      multiValuedSegments++;
    }
    int[] termIds = new int[(int) Math.min(Integer.MAX_VALUE - 8, values.getValueCount())];
    java.util.Arrays.fill(termIds, UNSEEN);
    if (spec.minDocCount() == 0) {
      TermsEnum all = values.termsEnum();
      for (BytesRef term = all.next(); term != null; term = all.next()) {
        if (filter.accepts(term)) {
          termId(term);
        }
      }
    }
    int missing =
        spec.missing() == null
            ? REJECTED
            : termId(
                type == null
                    ? new BytesRef(spec.missing().toString())
                    : type.docValueTerm(spec.missing(), mapping));
    // At the top level (one owning bucket) a segment ordinal maps straight to its bucket, so the
    // common case costs an array read per document instead of a hash lookup.
    int[] topBuckets = new int[termIds.length];
    java.util.Arrays.fill(topBuckets, -1);
    org.apache.lucene.index.SortedDocValues single =
        org.apache.lucene.index.DocValues.unwrapSingleton(values);
    if (single != null) {
      return new SingleOrdinalLeaf(single, termIds, topBuckets, missing, subLeaves);
    }
    return (doc, owning) -> {
      if (values.advanceExact(doc)) {
        for (int i = values.docValueCount(); i > 0; i--) {
          int ord = (int) values.nextOrd();
          int id = termIds[ord];
          if (id == UNSEEN) {
            BytesRef term = values.lookupOrd(ord);
            id = termIds[ord] = filter.accepts(term) ? termId(term) : REJECTED;
          }
          if (id == REJECTED) {
            continue;
          }
          if (owning == 0) {
            int bucket = topBuckets[ord];
            if (bucket < 0) {
              bucket = topBuckets[ord] = ords.add(0, id);
            }
            collectBucket(subLeaves, doc, bucket);
          } else {
            collectBucket(subLeaves, doc, ords.add(owning, id));
          }
        }
      } else if (missing != REJECTED) {
        collectBucket(subLeaves, doc, ords.add(owning, missing));
      }
    };
  }

  /**
   * One ordinal per document (the keyword is single-valued in the segment): read straight, and a
   * block of documents counted and handed to the sub-aggregators in one call each.
   */
  private final class SingleOrdinalLeaf implements LeafCollector {
    private final org.apache.lucene.index.SortedDocValues values;
    private final int[] termIds;
    private final int[] topBuckets;
    private final int missing;
    private final LeafCollector[] subLeaves;
    private int[] subDocs = new int[0];
    private long[] subBuckets = new long[0];

    SingleOrdinalLeaf(
        org.apache.lucene.index.SortedDocValues values,
        int[] termIds,
        int[] topBuckets,
        int missing,
        LeafCollector[] subLeaves) {
      this.values = values;
      this.termIds = termIds;
      this.topBuckets = topBuckets;
      this.missing = missing;
      this.subLeaves = subLeaves;
    }

    @Override
    public void collect(int doc, long owning) throws IOException {
      long bucket = bucket(doc, owning);
      if (bucket >= 0) {
        collectBucket(subLeaves, doc, bucket);
      }
    }

    @Override
    public void collectBlock(int[] docs, long[] owning, int count) throws IOException {
      if (subDocs.length < count) {
        subDocs = new int[count];
        subBuckets = new long[count];
      }
      int kept = 0;
      for (int i = 0; i < count; i++) {
        long bucket = bucket(docs[i], owning[i]);
        if (bucket >= 0) {
          countDoc(bucket);
          subDocs[kept] = docs[i];
          subBuckets[kept++] = bucket;
        }
      }
      if (subLeaves.length > 0) {
        Buckets.collectBlock(subLeaves, subDocs, subBuckets, kept);
      }
    }

    /** The document's bucket under {@code owning}, or -1 when it has none. */
    private long bucket(int doc, long owning) throws IOException {
      if (!values.advanceExact(doc)) {
        return missing == REJECTED ? -1 : ords.add(owning, missing);
      }
      int ord = values.ordValue();
      int id = termIds[ord];
      if (id == UNSEEN) {
        BytesRef term = values.lookupOrd(ord);
        id = termIds[ord] = filter.accepts(term) ? termId(term) : REJECTED;
      }
      if (id == REJECTED) {
        return -1;
      }
      if (owning != 0) {
        return ords.add(owning, id);
      }
      // At the top level a segment ordinal maps straight to its bucket: an array read, no hash.
      int bucket = topBuckets[ord];
      if (bucket < 0) {
        bucket = topBuckets[ord] = ords.add(0, id);
      }
      return bucket;
    }
  }

  private int termId(BytesRef term) {
    int id = terms.add(term);
    return id >= 0 ? id : -1 - id;
  }

  private long missingKey(FieldSource source) {
    if (source == FieldSource.UNSIGNED) {
      try {
        return DocValuesType.encodeUnsigned(spec.missing());
      } catch (NumberFormatException e) {
        throw new DuetException(400, "number_format_exception", e.getMessage());
      }
    }
    if (source == FieldSource.BOOLEAN) {
      return Boolean.parseBoolean(spec.missing().toString()) ? 1 : 0;
    }
    if (source == FieldSource.DATE && !(spec.missing() instanceof Number)) {
      Object own = mapping == null ? null : mapping.params().get("format");
      return DateFormats.of(own == null ? null : own.toString())
          .parseMillis(spec.missing().toString(), false);
    }
    double value = MetricAggregator.toDouble(spec.missing());
    return switch (source) {
      case DOUBLE -> org.apache.lucene.util.NumericUtils.doubleToSortableLong(value);
      case FLOAT -> org.apache.lucene.util.NumericUtils.floatToSortableInt((float) value);
      default -> (long) value;
    };
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    List<Candidate> candidates = new ArrayList<>();
    long total = 0;
    LongIntHashMap map = ords.of(owning);
    if (map != null) {
      for (var cursor : map) {
        long count = docCount(cursor.value);
        // Buckets under min_doc_count are dropped, not counted as "other".
        if (count >= Math.max(1, spec.minDocCount())) {
          total += count;
          candidates.add(new Candidate(cursor.value, cursor.key, count));
        }
      }
    }
    if (spec.minDocCount() == 0 && source == FieldSource.KEYWORD) {
      for (int id = 0; id < terms.size(); id++) {
        if (map == null || !map.containsKey(id)) {
          candidates.add(new Candidate(-1, id, 0));
        }
      }
    }
    // Sub-aggregations are built for every candidate only when the order reads them.
    boolean bySubs = BucketOrdering.readsSubAggregations(spec.order());
    java.util.Map<Bucket, Integer> ordOf = new java.util.IdentityHashMap<>();
    List<Bucket> buckets = new ArrayList<>(candidates.size());
    for (Candidate c : candidates) {
      Bucket b = bucket(c, bySubs ? buildSubs(c.ord) : List.of());
      ordOf.put(b, c.ord);
      buckets.add(b);
    }
    List<Bucket> top =
        source == FieldSource.KEYWORD
            ? BucketOrdering.sortAndLimit(
                buckets, spec.order(), spec.size(), byTerm(candidates, buckets))
            : BucketOrdering.sortAndLimit(buckets, spec.order(), spec.size());
    long returned = 0;
    List<Bucket> out = new ArrayList<>(top.size());
    for (Bucket b : top) {
      returned += b.docCount();
      out.add(bySubs ? b : b.withSubAggregations(buildSubs(ordOf.get(b))));
    }
    return new AggregationResult.Buckets(
        name, kind(), out, false, 0L, Math.max(0, total - returned), null);
  }

  private Bucket bucket(Candidate c, List<AggregationResult> subResults) {
    return switch (source) {
      // Unmapped with a missing value: the missing value's term, a string as OpenSearch keys it.
      case KEYWORD, UNMAPPED ->
          new Bucket(keyOf(terms.get((int) c.key, new BytesRef())), null, c.count, subResults);
      case DOUBLE, FLOAT -> new Bucket(source.toDouble(c.key), null, c.count, subResults);
      // OpenSearch writes no key_as_string for unsigned terms.
      case UNSIGNED -> new Bucket(source.wholeKey(c.key), null, c.count, subResults);
      default -> new Bucket(c.key, format.format(c.key), c.count, subResults);
    };
  }

  /** A term as the field's type shows it ({@code ip}: its address); text as itself. */
  private Object keyOf(BytesRef term) {
    return type == null ? term.utf8ToString() : type.docValue(term, mapping, null);
  }

  /**
   * Keyword buckets compared by their terms' bytes, as OpenSearch orders them (an {@code ip}'s
   * addresses by value, not by their text).
   */
  private Comparator<Bucket> byTerm(List<Candidate> candidates, List<Bucket> buckets) {
    Map<Bucket, BytesRef> termOf = new IdentityHashMap<>();
    for (int i = 0; i < buckets.size(); i++) {
      termOf.put(buckets.get(i), terms.get((int) candidates.get(i).key, new BytesRef()));
    }
    return Comparator.comparing(termOf::get);
  }

  private Kind kind() {
    return switch (source) {
      case KEYWORD -> Kind.STRING_TERMS;
      case UNMAPPED -> spec.missing() == null ? Kind.UNMAPPED_TERMS : Kind.STRING_TERMS;
      case DOUBLE, FLOAT -> Kind.DOUBLE_TERMS;
      case UNSIGNED -> Kind.UNSIGNED_LONG_TERMS;
      default -> Kind.LONG_TERMS;
    };
  }

  private record Candidate(int ord, long key, long count) {}
}
