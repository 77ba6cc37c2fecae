package dev.duet.server.grpc;

import dev.duet.engine.search.MatchBoolPrefix;
import dev.duet.engine.search.MatchPhrase;
import dev.duet.engine.search.MatchPhrasePrefix;
import dev.duet.engine.search.MultiMatch;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.TextOptions;
import org.opensearch.protobufs.Fuzziness;
import org.opensearch.protobufs.MatchBoolPrefixQuery;
import org.opensearch.protobufs.MatchPhrasePrefixQuery;
import org.opensearch.protobufs.MatchPhraseQuery;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.MultiMatchQuery;
import org.opensearch.protobufs.Operator;
import org.opensearch.protobufs.ZeroTermsQuery;

/** The full-text cases of {@link QueryDecoder}: the match family and {@code multi_match}. */
final class FullTextQueryDecoder {
  private FullTextQueryDecoder() {}

  static Query match(MatchQuery match) {
    QueryDecoder.requireField("match", match.getField());
    return new Query.Match(
        match.getField(),
        match.hasQuery() ? FieldValues.fromProto(match.getQuery()) : null,
        operator(match.getOperator()),
        match.hasMinimumShouldMatch()
            ? QueryDecoder.minimumShouldMatch(match.getMinimumShouldMatch())
            : null,
        new TextOptions(
            match.hasAnalyzer() ? match.getAnalyzer() : null,
            match.hasFuzziness() ? fuzziness(match.getFuzziness()) : null,
            match.hasPrefixLength() ? match.getPrefixLength() : 0,
            match.hasMaxExpansions() ? match.getMaxExpansions() : 50,
            !match.hasFuzzyTranspositions() || match.getFuzzyTranspositions(),
            match.getZeroTermsQuery() == ZeroTermsQuery.ZERO_TERMS_QUERY_ALL),
        QueryDecoder.boost(match.hasBoost(), match.getBoost()));
  }

  static Query matchPhrase(MatchPhraseQuery q) {
    QueryDecoder.requireField("match_phrase", q.getField());
    return new MatchPhrase(
        q.getField(),
        q.getQuery(),
        q.hasSlop() ? q.getSlop() : 0,
        q.hasAnalyzer() ? q.getAnalyzer() : null,
        q.getZeroTermsQuery() == ZeroTermsQuery.ZERO_TERMS_QUERY_ALL,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query matchPhrasePrefix(MatchPhrasePrefixQuery q) {
    QueryDecoder.requireField("match_phrase_prefix", q.getField());
    return new MatchPhrasePrefix(
        q.getField(),
        q.getQuery(),
        q.hasSlop() ? q.getSlop() : 0,
        q.hasMaxExpansions() ? q.getMaxExpansions() : 50,
        q.hasAnalyzer() ? q.getAnalyzer() : null,
        q.getZeroTermsQuery() == ZeroTermsQuery.ZERO_TERMS_QUERY_ALL,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query matchBoolPrefix(MatchBoolPrefixQuery q) {
    QueryDecoder.requireField("match_bool_prefix", q.getField());
    return new MatchBoolPrefix(
        q.getField(),
        q.getQuery(),
        operator(q.getOperator()),
        q.hasMinimumShouldMatch()
            ? QueryDecoder.minimumShouldMatch(q.getMinimumShouldMatch())
            : null,
        new TextOptions(
            q.hasAnalyzer() ? q.getAnalyzer() : null,
            q.hasFuzziness() ? fuzziness(q.getFuzziness()) : null,
            q.hasPrefixLength() ? q.getPrefixLength() : 0,
            q.hasMaxExpansions() ? q.getMaxExpansions() : 50,
            !q.hasFuzzyTranspositions() || q.getFuzzyTranspositions(),
            false),
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query multiMatch(MultiMatchQuery q) {
    MultiMatch.Type type =
        switch (q.getType()) {
          case TEXT_QUERY_TYPE_MOST_FIELDS -> MultiMatch.Type.MOST_FIELDS;
          case TEXT_QUERY_TYPE_CROSS_FIELDS -> MultiMatch.Type.CROSS_FIELDS;
          case TEXT_QUERY_TYPE_PHRASE -> MultiMatch.Type.PHRASE;
          case TEXT_QUERY_TYPE_PHRASE_PREFIX -> MultiMatch.Type.PHRASE_PREFIX;
          case TEXT_QUERY_TYPE_BOOL_PREFIX -> MultiMatch.Type.BOOL_PREFIX;
          default -> MultiMatch.Type.BEST_FIELDS;
        };
    return new MultiMatch(
        q.getFieldsList(),
        q.getQuery(),
        type,
        operator(q.getOperator()),
        q.hasMinimumShouldMatch()
            ? QueryDecoder.minimumShouldMatch(q.getMinimumShouldMatch())
            : null,
        q.hasTieBreaker() ? q.getTieBreaker() : null,
        q.hasSlop() ? q.getSlop() : 0,
        new TextOptions(
            q.hasAnalyzer() ? q.getAnalyzer() : null,
            q.hasFuzziness() ? fuzziness(q.getFuzziness()) : null,
            q.hasPrefixLength() ? q.getPrefixLength() : 0,
            q.hasMaxExpansions() ? q.getMaxExpansions() : 50,
            !q.hasFuzzyTranspositions() || q.getFuzzyTranspositions(),
            q.getZeroTermsQuery() == ZeroTermsQuery.ZERO_TERMS_QUERY_ALL),
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static String fuzziness(Fuzziness f) {
    return switch (f.getFuzzinessCase()) {
      case STRING -> f.getString();
      case INT32 -> Integer.toString(f.getInt32());
      case FUZZINESS_NOT_SET -> null;
    };
  }

  private static Query.Operator operator(Operator operator) {
    return operator == Operator.OPERATOR_AND ? Query.Operator.AND : Query.Operator.OR;
  }
}
