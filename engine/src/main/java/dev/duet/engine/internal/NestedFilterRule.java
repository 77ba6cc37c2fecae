package dev.duet.engine.internal;

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

/**
 * Whether a top-level query might match nested documents, and so needs the root-documents filter:
 * OpenSearch's rule ({@code NestedHelper.mightMatchNestedDocs}), kept so that a query that cannot
 * (a term on a root field) stays countable without collecting, and reports {@code terminated_early}
 * as OpenSearch's does. When unsure, it might.
 */
final class NestedFilterRule {
  private final MappingLookup lookup;

  NestedFilterRule(MappingLookup lookup) {
    this.lookup = lookup;
  }

  boolean mightMatchNested(Query query) {
    return switch (query) {
      case ConstantScoreQuery q -> mightMatchNested(q.getQuery());
      case BoostQuery q -> mightMatchNested(q.getQuery());
      case MatchAllDocsQuery q -> true;
      case MatchNoDocsQuery q -> false;
      case TermQuery q -> mightMatchNested(q.getTerm().field());
      case TermInSetQuery q -> mightMatchNested(q.getField());
      case PointRangeQuery q -> mightMatchNested(q.getField());
      case IndexOrDocValuesQuery q -> mightMatchNested(q.getIndexQuery());
      case BooleanQuery q -> booleanMightMatch(q);
      default -> true;
    };
  }

  private boolean booleanMightMatch(BooleanQuery q) {
    boolean required = q.clauses().stream().anyMatch(BooleanClause::isRequired);
    if (required) {
      return q.clauses().stream()
          .filter(BooleanClause::isRequired)
          .allMatch(c -> mightMatchNested(c.query()));
    }
    return q.clauses().stream()
        .filter(c -> c.occur() == BooleanClause.Occur.SHOULD)
        .anyMatch(c -> mightMatchNested(c.query()));
  }

  private boolean mightMatchNested(String field) {
    if (field.startsWith("_")) {
      return true;
    }
    if (lookup.leaf(field) == null) {
      return false;
    }
    return lookup.nestedParent(field) != null;
  }
}
