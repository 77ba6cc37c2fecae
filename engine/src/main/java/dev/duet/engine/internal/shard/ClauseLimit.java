package dev.duet.engine.internal.shard;

import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.LibraryException;
import java.util.function.Supplier;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.automaton.ByteRunAutomaton;

/**
 * The node's {@code indices.query.bool.max_clause_count}: how many clauses one boolean query may
 * hold, and how many leaf queries a whole query may hold, as Lucene counts them.
 *
 * <p>Lucene keeps this limit in one JVM-wide static, which OpenSearch sets from the node setting.
 * Several Duet engines may share a JVM with different limits, so each engine counts for itself (the
 * same two rules as Lucene: {@code BooleanQuery.Builder.add} and {@code IndexSearcher}'s
 * nested-clause check) and only ever raises Lucene's static, so that Lucene never refuses what an
 * engine allows.
 */
public final class ClauseLimit {
  /** OpenSearch's default {@code indices.query.bool.max_clause_count}. */
  public static final int DEFAULT_MAX_CLAUSE_COUNT = Engines.DEFAULT_MAX_CLAUSE_COUNT;

  static final ClauseLimit DEFAULT = new ClauseLimit(DEFAULT_MAX_CLAUSE_COUNT);

  private volatile int max;
  private volatile boolean allowExpensiveQueries = true;

  public ClauseLimit(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("maxClauseCount: " + max + " (expected: >= 1)");
    }
    this.max = max;
    raiseLuceneLimit(max);
  }

  /**
   * Changes the limit live ({@code PUT _cluster/settings}); searches already translated keep
   * theirs.
   */
  public void set(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("maxClauseCount: " + max + " (expected: >= 1)");
    }
    raiseLuceneLimit(max);
    this.max = max;
  }

  public int max() {
    return max;
  }

  /**
   * The node's {@code search.allow_expensive_queries}, held beside the clause limit because every
   * query translation asks both; changed live like it.
   */
  public boolean allowExpensiveQueries() {
    return allowExpensiveQueries;
  }

  public void allowExpensiveQueries(boolean allow) {
    this.allowExpensiveQueries = allow;
  }

  /**
   * Fails as OpenSearch does when {@code query}, translated for {@code fields}' index, breaks the
   * limit: a boolean query with too many clauses as a {@code query_shard_exception} (OpenSearch
   * fails while building it), too many leaves in all as {@code too_many_nested_clauses} (OpenSearch
   * fails when the searcher checks it).
   */
  public Query check(Query query, ShardFailure fields) {
    query.visit(new OneLevel(fields));
    query.visit(new Leaves());
    return query;
  }

  /** Lucene's own refusal (its static limit is never below this one), reported with our limit. */
  public DuetException translationFailure(ShardFailure fields) {
    return fields.failure(
        "failed to create query: " + reason(),
        new LibraryException("too_many_clauses", reason(), null));
  }

  /**
   * Lucene's refusal while searching (a rewrite that merged boolean queries, or the searcher's
   * nested-clause check), reported with our limit. OpenSearch answers these with a 500; a client
   * sent the query, so Duet answers 400 with the same type and reason.
   */
  public DuetException searchFailure(IndexSearcher.TooManyClauses e) {
    return e instanceof IndexSearcher.TooManyNestedClauses
        ? nestedFailure()
        : new DuetException(400, "too_many_clauses", reason());
  }

  private DuetException nestedFailure() {
    return new DuetException(
        400, "too_many_nested_clauses", "Query contains too many nested clauses; " + reason());
  }

  private String reason() {
    return "maxClauseCount is set to " + max;
  }

  private static synchronized void raiseLuceneLimit(int max) {
    if (IndexSearcher.getMaxClauseCount() < max) {
      IndexSearcher.setMaxClauseCount(max);
    }
  }

  /** Refuses a boolean query with more clauses than the limit, whatever their kind. */
  private final class OneLevel extends QueryVisitor {
    private final ShardFailure fields;

    OneLevel(ShardFailure fields) {
      this.fields = fields;
    }

    @Override
    public QueryVisitor getSubVisitor(BooleanClause.Occur occur, Query parent) {
      if (parent instanceof BooleanQuery b && b.clauses().size() > max) {
        throw translationFailure(fields);
      }
      return this;
    }
  }

  /**
   * Counts leaves over the whole query, negated ones too, as Lucene's searcher does (which lets one
   * leaf past the limit through).
   */
  private final class Leaves extends QueryVisitor {
    private int count;

    @Override
    public QueryVisitor getSubVisitor(BooleanClause.Occur occur, Query parent) {
      return this;
    }

    @Override
    public void visitLeaf(Query query) {
      count();
    }

    @Override
    public void consumeTerms(Query query, Term... terms) {
      count();
    }

    @Override
    public void consumeTermsMatching(
        Query query, String field, Supplier<ByteRunAutomaton> automaton) {
      count();
    }

    private void count() {
      if (count > max) {
        throw nestedFailure();
      }
      count++;
    }
  }

  /** Wraps a reason as the failure of one shard's query ({@code query_shard_exception}). */
  @FunctionalInterface
  public interface ShardFailure {
    DuetException failure(String reason, DuetException cause);
  }
}
