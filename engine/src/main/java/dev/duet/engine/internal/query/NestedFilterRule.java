package dev.duet.engine.internal.query;

import dev.duet.engine.internal.document.MappingLookup;
import java.util.function.Predicate;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.IndexOrDocValuesQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PointRangeQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.join.ToParentBlockJoinQuery;

/**
 * When a query needs a filter to keep it to one level of a nested block, OpenSearch's rule ({@code
 * NestedHelper}): a top-level query gets the root-documents filter only if it might match nested
 * documents, and a nested query's inner query gets its path's filter only if it might match
 * documents outside the path. So a term on a root field stays countable without collecting (and
 * reports {@code terminated_early} as OpenSearch's does), and explanations read the same. When
 * unsure, it might.
 */
public final class NestedFilterRule {
  private final MappingLookup lookup;

  NestedFilterRule(MappingLookup lookup) {
    this.lookup = lookup;
  }

  /** Whether a top-level query might match nested documents. */
  boolean mightMatchNested(Query query) {
    return mightMatch(query, this::nestedField);
  }

  /** Whether the inner query of a nested query at {@code path} might match other documents. */
  boolean mightMatchOutside(Query query, String path) {
    return mightMatch(query, field -> outsideField(field, path));
  }

  private boolean mightMatch(Query query, Predicate<String> field) {
    return switch (query) {
      case ConstantScoreQuery q -> mightMatch(q.getQuery(), field);
      case BoostQuery q -> mightMatch(q.getQuery(), field);
      case MatchAllDocsQuery q -> true;
      case MatchNoDocsQuery q -> false;
      case TermQuery q -> field.test(q.getTerm().field());
      case TermInSetQuery q -> field.test(q.getField());
      case PointRangeQuery q -> field.test(q.getField());
      case IndexOrDocValuesQuery q -> mightMatch(q.getIndexQuery(), field);
      case ToParentBlockJoinQuery q -> false; // it matches the parents of its level only
      case BooleanQuery q -> {
        boolean required = q.clauses().stream().anyMatch(BooleanClause::isRequired);
        yield required
            ? q.clauses().stream()
                .filter(BooleanClause::isRequired)
                .allMatch(c -> mightMatch(c.query(), field))
            : q.clauses().stream()
                .filter(c -> c.occur() == BooleanClause.Occur.SHOULD)
                .anyMatch(c -> mightMatch(c.query(), field));
      }
      default -> true;
    };
  }

  private boolean nestedField(String field) {
    if (field.startsWith("_")) {
      return true;
    }
    return lookup.leaf(field) != null && lookup.nestedParent(field) != null;
  }

  private boolean outsideField(String field, String path) {
    if (field.startsWith("_")) {
      return true;
    }
    if (lookup.leaf(field) == null) {
      return false;
    }
    // Only a field whose nearest nested object is the path itself stays inside it, unless that
    // object's fields are copied to its parent or the root as well.
    if (!path.equals(lookup.nestedParent(field))) {
      return true;
    }
    var params = lookup.object(path).params();
    return Boolean.TRUE.equals(params.get("include_in_parent"))
        || Boolean.TRUE.equals(params.get("include_in_root"));
  }
}
