package dev.duet.engine.internal;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Boosting;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.Query.Bool;
import dev.duet.engine.search.SortSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.search.join.ScoreMode;
import org.apache.lucene.search.join.ToParentBlockJoinQuery;

/**
 * The {@code nested} query as a Lucene block join: the inner query runs on the nested documents at
 * the path and each match scores its parent, the enclosing nested object inside another nested
 * query, else the root document. Records, per translation, the {@code inner_hits} that nested
 * queries ask for, for the fetch phase ({@link NestedInnerHits}): a nested query's inside another's
 * are returned within the enclosing one's hits, and dropped when it asks for none (as OpenSearch).
 */
final class NestedQueries {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final Function<dev.duet.engine.search.Query, Query> translate;
  private final Function<List<SortSpec>, Sort> sorts;
  private final List<NestedInnerHits> innerHits = new ArrayList<>();
  // Where the inner hits of the nested query being translated go: the top-level list, the
  // enclosing nested query's (which returns them within its own), or nowhere (null) when that
  // enclosing query asks for none, as in OpenSearch.
  private List<NestedInnerHits> collecting = innerHits;
  // The path of the nested query being translated, null outside any: whose documents are parents.
  private String scope;

  NestedQueries(
      MappingLookup lookup,
      FieldQueries fields,
      Function<dev.duet.engine.search.Query, Query> translate,
      Function<List<SortSpec>, Sort> sorts) {
    this.lookup = lookup;
    this.fields = fields;
    this.translate = translate;
    this.sorts = sorts;
  }

  Query nested(Nested n) {
    String path = n.path();
    if (!lookup.isNested(path)) {
      if (lookup.object(path) == null && n.ignoreUnmapped()) {
        return new MatchNoDocsQuery("unmapped nested path [" + path + "]");
      }
      String reason =
          lookup.object(path) != null
              ? "[nested] nested object under path [" + path + "] is not of nested type"
              : "[nested] failed to find nested object under path [" + path + "]";
      throw fields.failure(
          "failed to create query: " + reason,
          new DuetException(400, "illegal_state_exception", reason));
    }
    String outer = scope;
    List<NestedInnerHits> outerCollecting = collecting;
    List<NestedInnerHits> within = n.innerHits() == null ? null : new ArrayList<>();
    Query inner;
    scope = path;
    collecting = within;
    try {
      inner = translate.apply(n.query());
    } finally {
      scope = outer;
      collecting = outerCollecting;
    }
    // The block join wants child matches only; the path filter is added where it might not be.
    Query children =
        !new NestedFilterRule(lookup).mightMatchOutside(inner, path)
            ? inner
            : new BooleanQuery.Builder()
                .add(inner, BooleanClause.Occur.MUST)
                .add(NestedDocuments.atPath(path), BooleanClause.Occur.FILTER)
                .build();
    Query parents = outer == null ? NestedDocuments.rootDocuments() : NestedDocuments.atPath(outer);
    if (n.innerHits() != null && collecting != null) {
      collecting.add(
          new NestedInnerHits(
              path,
              outer,
              children,
              n.innerHits(),
              sorts.apply(n.innerHits().sort()),
              within,
              lookup));
    }
    return new ToParentBlockJoinQuery(children, new QueryBitSetProducer(parents), mode(n));
  }

  /** The inner hits the top-level nested queries translated so far ask for, in query order. */
  List<NestedInnerHits> innerHits() {
    return innerHits;
  }

  /** Whether a query asks for inner hits anywhere: the fetch phase has work only then. */
  static boolean asksInnerHits(dev.duet.engine.search.Query q) {
    return switch (q) {
      case Nested n -> n.innerHits() != null || asksInnerHits(n.query());
      case Bool b ->
          anyAsks(b.must()) || anyAsks(b.should()) || anyAsks(b.filter()) || anyAsks(b.mustNot());
      case ConstantScore c -> asksInnerHits(c.filter());
      case Boosting b -> asksInnerHits(b.positive()) || asksInnerHits(b.negative());
      case DisMax d -> anyAsks(d.queries());
      case FunctionScore f -> asksInnerHits(f.query());
      default -> false;
    };
  }

  private static boolean anyAsks(List<dev.duet.engine.search.Query> queries) {
    for (dev.duet.engine.search.Query q : queries) {
      if (asksInnerHits(q)) {
        return true;
      }
    }
    return false;
  }

  private static ScoreMode mode(Nested n) {
    return switch (n.scoreMode()) {
      case AVG -> ScoreMode.Avg;
      case MAX -> ScoreMode.Max;
      case MIN -> ScoreMode.Min;
      case SUM -> ScoreMode.Total;
      case NONE -> ScoreMode.None;
    };
  }
}
