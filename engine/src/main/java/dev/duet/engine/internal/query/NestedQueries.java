package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.search.Boosting;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.Query.Bool;
import dev.duet.engine.search.SortSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
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
 * queries ask for, for the fetch phase ({@link NestedInnerHitSpec}): a nested query's inside
 * another's are returned within the enclosing one's hits, and dropped when it asks for none (as
 * OpenSearch).
 */
public final class NestedQueries {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final Function<dev.duet.engine.search.Query, Query> translate;
  private final Function<List<SortSpec>, Sort> sorts;
  private final List<NestedInnerHitSpec> innerHits = new ArrayList<>();
  // Where the inner hits of the nested query being translated go: the top-level list, the
  // enclosing nested query's (which returns them within its own), or nowhere (null) when that
  // enclosing query asks for none, as in OpenSearch.
  private List<NestedInnerHitSpec> collecting = innerHits;
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
    List<NestedInnerHitSpec> outerCollecting = collecting;
    List<NestedInnerHitSpec> within = n.innerHits() == null ? null : new ArrayList<>();
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
          new NestedInnerHitSpec(
              path, outer, children, n.innerHits(), sorts.apply(n.innerHits().sort()), within));
    }
    return new ToParentBlockJoinQuery(children, new QueryBitSetProducer(parents), mode(n));
  }

  /** The inner hits the top-level nested queries translated so far ask for, in query order. */
  List<NestedInnerHitSpec> innerHits() {
    return innerHits;
  }

  /** Whether a query asks for inner hits anywhere: the fetch phase has work only then. */
  public static boolean asksInnerHits(dev.duet.engine.search.Query q) {
    boolean[] asks = {false};
    forEachNested(q, n -> asks[0] |= n.innerHits() != null);
    return asks[0];
  }

  /** Every {@code nested} query within {@code q}, outermost first. */
  public static void forEachNested(dev.duet.engine.search.Query q, Consumer<Nested> each) {
    switch (q) {
      case Nested n -> {
        each.accept(n);
        forEachNested(n.query(), each);
      }
      case Bool b -> {
        forEachNested(b.must(), each);
        forEachNested(b.should(), each);
        forEachNested(b.filter(), each);
        forEachNested(b.mustNot(), each);
      }
      case dev.duet.engine.search.Query.Named n -> forEachNested(n.query(), each);
      case ConstantScore c -> forEachNested(c.filter(), each);
      case Boosting b -> {
        forEachNested(b.positive(), each);
        forEachNested(b.negative(), each);
      }
      case DisMax d -> forEachNested(d.queries(), each);
      case FunctionScore f -> forEachNested(f.query(), each);
      default -> {}
    }
  }

  private static void forEachNested(
      List<dev.duet.engine.search.Query> queries, Consumer<Nested> each) {
    for (dev.duet.engine.search.Query q : queries) {
      forEachNested(q, each);
    }
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
