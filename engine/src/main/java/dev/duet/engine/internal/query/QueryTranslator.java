package dev.duet.engine.internal.query;

import dev.duet.engine.internal.document.FieldIndexer;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.document.Normalizers;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.knn.KnnQueryBuilder;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.shard.ClauseLimit;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.sort.SortBuilder;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Boosting;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.DistanceFeature;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.GeoBoundingBox;
import dev.duet.engine.search.GeoDistance;
import dev.duet.engine.search.Ids;
import dev.duet.engine.search.MatchBoolPrefix;
import dev.duet.engine.search.MatchPhrase;
import dev.duet.engine.search.MatchPhrasePrefix;
import dev.duet.engine.search.MultiMatch;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Query.Bool;
import dev.duet.engine.search.Query.Match;
import dev.duet.engine.search.Query.MatchAll;
import dev.duet.engine.search.Query.MatchNone;
import dev.duet.engine.search.Query.Range;
import dev.duet.engine.search.Query.Terms;
import dev.duet.engine.search.QueryString;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.TermsSet;
import dev.duet.engine.search.Wildcard;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Turns the query model into a Lucene query for one index, by that index's mapping: values are
 * converted by field type, text is analyzed, unmapped fields match nothing, and values a field
 * cannot hold fail as OpenSearch's {@code query_shard_exception}.
 */
public final class QueryTranslator {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final KnnQueryBuilder knn;
  private final TermLevelQueries termLevel;
  private final FullTextQueries fullText;
  private final CompoundQueries compound;
  private final ClauseLimit clauseLimit;
  private final int maxTermsCount;
  private final boolean queryStringLenient;
  private final NestedQueries nested;
  private final dev.duet.engine.internal.shard.DocumentLookup documents;
  private final String indexName;
  private final java.util.Map<String, Query> named = new java.util.LinkedHashMap<>();

  /**
   * Translates the filters of nested sort keys on {@code index}, each with a translator of its own
   * so that the inner hits of a nested query inside one are not the search's.
   */
  public static Function<dev.duet.engine.search.Query, Query> filters(LuceneIndex index) {
    return filter -> new QueryTranslator(index).translate(filter);
  }

  public QueryTranslator(LuceneIndex index) {
    this.clauseLimit = index.clauseLimit();
    this.maxTermsCount = IndexSettingsRules.maxTermsCount(index.metadata().settings());
    this.queryStringLenient = IndexSettingsRules.queryStringLenient(index.metadata().settings());
    this.lookup = index.lookup();
    this.documents = index.documents();
    this.indexName = index.name();
    this.fields = new FieldQueries(lookup, index.name(), index.uuid());
    this.knn = new KnnQueryBuilder(index.name(), index.uuid());
    this.termLevel =
        new TermLevelQueries(
            lookup, fields, IndexSettingsRules.maxRegexLength(index.metadata().settings()));
    this.fullText = new FullTextQueries(lookup, fields, termLevel);
    this.compound =
        new CompoundQueries(this::translate, new ScoreFunctions(lookup, fields, index.name()));
    this.nested =
        new NestedQueries(
            lookup,
            fields,
            this::translate,
            specs -> SortBuilder.build(specs, index, filters(index)));
  }

  /**
   * The named queries ({@code _name}) translated so far, by name in the order met (a name given
   * twice keeps its last query, as OpenSearch's), as the fetch phase checks each hit against them.
   */
  public java.util.Map<String, Query> namedQueries() {
    return java.util.Collections.unmodifiableMap(named);
  }

  /** The inner hits that the nested queries translated so far ask for. */
  public List<NestedInnerHitSpec> innerHits() {
    return nested.innerHits();
  }

  /**
   * The request's query; more clauses than the node's {@code indices.query.bool.max_clause_count}
   * fail as OpenSearch's shard does.
   */
  public Query translateRequest(dev.duet.engine.search.Query model) {
    Query query;
    try {
      query = translate(model);
      if (lookup.hasNested() && new NestedFilterRule(lookup).mightMatchNested(query)) {
        // The one rule that keeps nested documents out of every top-level search, as OpenSearch's
        // search context does: hits, counts, aggregations, by-query operations, sessions.
        query =
            new BooleanQuery.Builder()
                .add(query, BooleanClause.Occur.MUST)
                .add(NestedDocuments.rootDocuments(), BooleanClause.Occur.FILTER)
                .build();
      }
    } catch (org.apache.lucene.search.IndexSearcher.TooManyClauses e) {
      throw clauseLimit.translationFailure(fields::failure);
    } catch (IllegalArgumentException e) {
      // Lucene's own argument checks (a negative prefix length, a tie breaker above 1, ...): the
      // request's mistake, reported as OpenSearch's shard reports it.
      throw fields.failure(
          "failed to create query: " + e.getMessage(),
          dev.duet.engine.error.DuetException.illegalArgument(e.getMessage()));
    }
    return clauseLimit.check(query, fields::failure);
  }

  public Query translate(dev.duet.engine.search.Query model) {
    if (!clauseLimit.allowExpensiveQueries()) {
      ExpensiveQueries.check(model, lookup);
    }
    Query q =
        switch (model) {
          case MatchAll m -> MatchAllDocsQuery.INSTANCE;
          case dev.duet.engine.search.Query.Named n -> {
            Query inner = translate(n.query());
            named.put(n.name(), inner);
            yield inner;
          }
          case MatchNone m -> MatchNoDocsQuery.INSTANCE;
          case Match m -> match(m);
          case dev.duet.engine.search.Query.Term t ->
              t.caseInsensitive()
                  ? termLevel.caseInsensitiveTerm(t.field(), t.value())
                  : fields.term(t.field(), t.value());
          case Terms t -> terms(t);
          case Range r -> fields.range(r);
          case Bool b -> bool(b);
          case dev.duet.engine.search.Query.Knn k ->
              knn.build(
                  k, lookup.vector(k.field()), k.filter() == null ? null : translate(k.filter()));
          case dev.duet.engine.search.Query.FullText f -> fullText(f);
          case dev.duet.engine.search.Query.TermLevel t -> termLevel(t);
          case dev.duet.engine.search.Query.Compound c -> compound(c);
        };
    float boost = model.boost();
    if (boost < 0) {
      throw dev.duet.engine.error.DuetException.illegalArgument(
          "negative [boost] are not allowed.");
    }
    return boost == 1f || q instanceof MatchNoDocsQuery ? q : new BoostQuery(q, boost);
  }

  private Query match(Match m) {
    return fullText.named("match").match(m);
  }

  private Query fullText(dev.duet.engine.search.Query.FullText q) {
    return switch (q) {
      case MatchPhrase m -> fullText.named("match_phrase").phrase(m);
      case MatchPhrasePrefix m -> fullText.named("match_phrase_prefix").phrasePrefix(m);
      case MatchBoolPrefix m -> fullText.named("match_bool_prefix").boolPrefix(m);
      case MultiMatch m -> new MultiMatchQueries(lookup, fullText).multiMatch(m);
      case QueryString m ->
          new QueryStringQueries(lookup, fields, fullText, termLevel, queryStringLenient)
              .queryString(m);
      case dev.duet.engine.search.Intervals i -> new IntervalQueries(lookup, fields).intervals(i);
      case dev.duet.engine.search.MoreLikeThis m ->
          new MoreLikeThisQueries(lookup, documents, indexName).moreLikeThis(m);
    };
  }

  private Query termLevel(dev.duet.engine.search.Query.TermLevel q) {
    return switch (q) {
      case Exists e -> termLevel.exists(e);
      case Prefix p -> termLevel.prefix(p);
      case Wildcard w -> termLevel.wildcard(w);
      case Regexp r -> termLevel.regexp(r);
      case Fuzzy f -> termLevel.fuzzy(f);
      case Ids i -> termLevel.ids(i);
      case TermsSet t -> termLevel.termsSet(t);
      case GeoDistance g -> termLevel.geoDistance(g);
      case GeoBoundingBox g -> termLevel.geoBoundingBox(g);
      case DistanceFeature d -> termLevel.distanceFeature(d);
      case dev.duet.engine.search.TermsLookup t -> lookupTerms(t);
      case dev.duet.engine.search.ScriptQuery s -> new ScriptQueries(lookup).script(s);
    };
  }

  private Query compound(dev.duet.engine.search.Query.Compound q) {
    return switch (q) {
      case ConstantScore c -> compound.constantScore(c);
      case Boosting b -> compound.boosting(b);
      case DisMax d -> compound.disMax(d);
      case FunctionScore f -> compound.functionScore(f);
      case dev.duet.engine.search.Nested n -> nested.nested(n);
      case dev.duet.engine.search.ScriptScore s ->
          new ScriptQueries(lookup).scriptScore(s, this::translate);
    };
  }

  /**
   * The lookup's values as a terms query; a stored bitmap must be the path's one value (a {@code
   * binary} field, kept in the source as base64).
   */
  private Query lookupTerms(dev.duet.engine.search.TermsLookup t) {
    List<Object> values = lookedUp(t);
    if (t.bitmap() && !values.isEmpty()) {
      return terms(new Terms(t.field(), values, Terms.ValueType.BITMAP, t.boost()));
    }
    return terms(new Terms(t.field(), values, t.boost()));
  }

  /** The values at the lookup's path in its document; none when the document does not exist. */
  private List<Object> lookedUp(dev.duet.engine.search.TermsLookup t) {
    byte[] source = documents.source(t.index(), t.id(), t.routing());
    if (source == null) {
      return List.of();
    }
    List<Object> out = new ArrayList<>();
    for (Object value : dev.duet.engine.internal.source.SourceValues.of(source).at(t.path())) {
      if (value instanceof Number n) {
        out.add(
            n instanceof Double || n instanceof Float || n instanceof java.math.BigDecimal
                ? (Object) n.doubleValue()
                : (Object) n.longValue());
      } else if (value instanceof String || value instanceof Boolean) {
        out.add(value);
      }
    }
    return out;
  }

  private Query terms(Terms t) {
    if (t.valueType() == Terms.ValueType.BITMAP) {
      FieldMapping field = lookup.leaf(t.field());
      if (field == null) {
        return new MatchNoDocsQuery("unmapped field [" + t.field() + "]");
      }
      Query bitmap =
          FieldTypes.of(field).bitmapQuery(t.field(), field, (String) t.values().get(0), fields);
      if (bitmap != null) {
        return new ConstantScoreQuery(bitmap);
      }
    }
    if (t.values().isEmpty()) {
      return new MatchNoDocsQuery("no terms");
    }
    if (t.values().size() > maxTermsCount) {
      String reason =
          "The number of terms ["
              + t.values().size()
              + "] used in the Terms Query request has exceeded the allowed maximum of ["
              + maxTermsCount
              + "]. This maximum can be set by changing the [index.max_terms_count] index level"
              + " setting.";
      throw fields.failure(
          "failed to create query: " + reason,
          dev.duet.engine.error.DuetException.illegalArgument(reason));
    }
    // _id and _ignored are meta fields matched by their terms.
    boolean meta = t.field().equals(MetaFields.ID) || t.field().equals(FieldIndexer.IGNORED);
    FieldMapping field = meta ? null : lookup.leaf(t.field());
    Query own = field == null ? null : fields.numericSet(t.field(), field, t.values());
    if (own != null) {
      return own; // the type's own set query (numbers, wildcard, flat_object)
    }
    if (meta || field != null && FieldTypes.of(field).textSearch() != FieldType.TextSearch.NONE) {
      List<BytesRef> terms = new ArrayList<>(t.values().size());
      var normalizer = field == null ? null : lookup.normalizer(t.field());
      for (Object v : t.values()) {
        terms.add(new BytesRef(Normalizers.apply(normalizer, t.field(), String.valueOf(v))));
      }
      if (field != null && !FieldQueries.indexed(field)) {
        return SortedSetDocValuesField.newSlowSetQuery(t.field(), terms);
      }
      return new TermInSetQuery(t.field(), terms);
    }
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + t.field() + "]");
    }
    Query set = fields.numericSet(t.field(), field, t.values());
    if (set != null) {
      return set;
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (Object v : t.values()) {
      b.add(fields.term(t.field(), v), BooleanClause.Occur.SHOULD);
    }
    return new ConstantScoreQuery(b.build());
  }

  private Query bool(Bool b) {
    if (b.must().isEmpty()
        && b.should().isEmpty()
        && b.mustNot().isEmpty()
        && b.filter().isEmpty()) {
      return MatchAllDocsQuery.INSTANCE;
    }
    BooleanQuery.Builder builder = new BooleanQuery.Builder();
    for (dev.duet.engine.search.Query q : b.must()) {
      builder.add(translate(q), BooleanClause.Occur.MUST);
    }
    for (dev.duet.engine.search.Query q : b.filter()) {
      builder.add(translate(q), BooleanClause.Occur.FILTER);
    }
    for (dev.duet.engine.search.Query q : b.should()) {
      builder.add(translate(q), BooleanClause.Occur.SHOULD);
    }
    for (dev.duet.engine.search.Query q : b.mustNot()) {
      builder.add(translate(q), BooleanClause.Occur.MUST_NOT);
    }
    if (b.must().isEmpty() && b.filter().isEmpty() && b.should().isEmpty()) {
      // Only negations: match everything else, as OpenSearch does.
      builder.add(MatchAllDocsQuery.INSTANCE, BooleanClause.Occur.FILTER);
    }
    if (b.minimumShouldMatch() != null && !b.should().isEmpty()) {
      builder.setMinimumNumberShouldMatch(
          MinimumShouldMatch.calculate(b.should().size(), b.minimumShouldMatch()));
    }
    return builder.build();
  }
}
