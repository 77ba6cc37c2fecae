package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.Slice;
import java.io.IOException;
import java.util.Objects;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.ScorerSupplier;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.StringHelper;

/**
 * One slice of an index's documents, as OpenSearch's {@code SliceBuilder} cuts a single shard:
 * without a field, by the murmur3 hash of each {@code _id} in OpenSearch's binary id encoding
 * ({@link OpenSearchIds}), else by the mixed bits of each numeric doc value; a document belongs to
 * slice {@code floorMod(hash, max)}.
 */
public final class SliceQuery extends Query {
  private static final int ID_HASH_SEED = 7919;

  private final String field; // null: _id
  private final int id;
  private final int max;

  private SliceQuery(String field, int id, int max) {
    this.field = field;
    this.id = id;
    this.max = max;
  }

  /** Refuses a slice outside a scroll or point in time. */
  public static void requireSession(SearchRequest request) {
    if (request.options().slice() != null && request.session() == null) {
      // OpenSearch fails this as a 500; it is the client's mistake, so a 400.
      throw new DuetException(
          400,
          "search_exception",
          "`slice` cannot be used outside of a scroll context or PIT context");
    }
  }

  /** {@code query} within the slice on {@code index}; {@code query} itself when there is none. */
  public static Query restrict(Query query, Slice slice, LuceneIndex index) {
    if (slice == null) {
      return query;
    }
    int maxSlices =
        dev.duet.engine.internal.meta.IndexSettingsRules.maxSlicesPerScroll(
            index.metadata().settings());
    if (slice.max() > maxSlices) {
      throw DuetException.illegalArgument(
          "The number of slices ["
              + slice.max()
              + "] is too large. It must be less than ["
              + maxSlices
              + "]. This limit can be set by changing the [index.max_slices_per_scroll] index"
              + " level setting.");
    }
    String field = slice.field();
    if (field != null && field.equals(MetaFields.ID)) {
      field = null;
    }
    if (field != null) {
      FieldMapping mapping = index.lookup().leaf(field);
      if (mapping == null) {
        throw DuetException.illegalArgument("field " + field + " not found");
      }
      if (!numericDocValues(mapping)) {
        throw DuetException.illegalArgument("cannot load numeric doc values on " + field);
      }
    }
    Query filter;
    if (slice.max() < 1) {
      // A slice without max: OpenSearch's one-slice-per-shard rule, shard 0 being slice 0.
      filter = slice.id() == 0 ? new MatchAllDocsQuery() : new MatchNoDocsQuery("not this slice");
    } else if (slice.max() == 1) {
      filter = new MatchAllDocsQuery();
    } else {
      filter = new SliceQuery(field, slice.id(), slice.max());
    }
    return new BooleanQuery.Builder()
        .add(query, BooleanClause.Occur.MUST)
        .add(filter, BooleanClause.Occur.FILTER)
        .build();
  }

  private static boolean numericDocValues(FieldMapping mapping) {
    DocValuesType values = FieldTypes.of(mapping).docValuesType();
    boolean numeric =
        values.number() || values == DocValuesType.DATE || values == DocValuesType.DATE_NANOS;
    return numeric && !Boolean.FALSE.equals(mapping.params().get("doc_values"));
  }

  private boolean contains(long hash) {
    return Math.floorMod(hash, max) == id;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public ScorerSupplier scorerSupplier(LeafReaderContext context) throws IOException {
        DocIdSetIterator docs = field == null ? byId(context) : byDocValues(context);
        if (docs == null) {
          return null;
        }
        return new DefaultScorerSupplier(new ConstantScoreScorer(score(), scoreMode, docs));
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return field == null || DocValues.isCacheable(ctx, field);
      }
    };
  }

  private DocIdSetIterator byId(LeafReaderContext context) throws IOException {
    Terms terms = context.reader().terms(MetaFields.ID);
    if (terms == null) {
      return null;
    }
    FixedBitSet bits = new FixedBitSet(context.reader().maxDoc());
    TermsEnum te = terms.iterator();
    PostingsEnum postings = null;
    for (BytesRef term = te.next(); term != null; term = te.next()) {
      BytesRef encoded = OpenSearchIds.encode(term.utf8ToString());
      if (contains(StringHelper.murmurhash3_x86_32(encoded, ID_HASH_SEED))) {
        postings = te.postings(postings, PostingsEnum.NONE);
        for (int d = postings.nextDoc();
            d != DocIdSetIterator.NO_MORE_DOCS;
            d = postings.nextDoc()) {
          bits.set(d);
        }
      }
    }
    return new org.apache.lucene.util.BitSetIterator(bits, bits.approximateCardinality());
  }

  private DocIdSetIterator byDocValues(LeafReaderContext context) throws IOException {
    SortedNumericDocValues values = DocValues.getSortedNumeric(context.reader(), field);
    TwoPhaseIterator twoPhase =
        new TwoPhaseIterator(values) {
          @Override
          public boolean matches() throws IOException {
            for (int i = 0; i < values.docValueCount(); i++) {
              if (contains(mix(values.nextValue()))) {
                return true;
              }
            }
            return false;
          }

          @Override
          public float matchCost() {
            return 10;
          }
        };
    return TwoPhaseIterator.asDocIdSetIterator(twoPhase);
  }

  /** HPPC's {@code BitMixer.mix(long)}, which OpenSearch hashes doc values with. */
  private static int mix(long z) {
    z = (z ^ (z >>> 32)) * 0x4cd6944c5cc20b6dL;
    z = (z ^ (z >>> 29)) * 0xfc12c5b19d3259e9L;
    return (int) (z ^ (z >>> 32));
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String f) {
    return "slice(" + (field == null ? MetaFields.ID : field) + ", " + id + "/" + max + ")";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SliceQuery other
        && Objects.equals(field, other.field)
        && id == other.id
        && max == other.max;
  }

  @Override
  public int hashCode() {
    return Objects.hash(field, id, max);
  }
}
