package dev.duet.server.grpc;

import dev.duet.engine.search.Exists;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.Ids;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.TermsSet;
import dev.duet.engine.search.Wildcard;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.protobufs.ExistsQuery;
import org.opensearch.protobufs.FuzzyQuery;
import org.opensearch.protobufs.IdsQuery;
import org.opensearch.protobufs.PrefixQuery;
import org.opensearch.protobufs.RegexpQuery;
import org.opensearch.protobufs.TermsSetQuery;
import org.opensearch.protobufs.WildcardQuery;

/**
 * The term-level cases of {@link QueryDecoder} beyond term, terms and range: exists, prefix,
 * wildcard, regexp, fuzzy, ids and terms_set.
 */
final class TermLevelQueryDecoder {
  private TermLevelQueryDecoder() {}

  static Query exists(ExistsQuery q) {
    return new Exists(
        q.getField().isEmpty() ? null : q.getField(),
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query prefix(PrefixQuery q) {
    return new Prefix(
        q.getField(),
        q.getValue(),
        q.hasCaseInsensitive() && q.getCaseInsensitive(),
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query wildcard(WildcardQuery q) {
    String value = q.hasValue() ? q.getValue() : q.hasWildcard() ? q.getWildcard() : null;
    return new Wildcard(
        q.getField(),
        value,
        q.hasCaseInsensitive() && q.getCaseInsensitive(),
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query regexp(RegexpQuery q) {
    return new Regexp(
        q.getField(),
        q.getValue(),
        q.hasFlags() ? q.getFlags() : null,
        q.hasCaseInsensitive() && q.getCaseInsensitive(),
        q.hasMaxDeterminizedStates()
            ? q.getMaxDeterminizedStates()
            : Regexp.DEFAULT_MAX_DETERMINIZED_STATES,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query fuzzy(FuzzyQuery q) {
    return new Fuzzy(
        q.getField(),
        q.hasValue() ? FieldValues.fromProto(q.getValue()) : null,
        q.hasFuzziness() ? FullTextQueryDecoder.fuzziness(q.getFuzziness()) : null,
        q.hasPrefixLength() ? q.getPrefixLength() : 0,
        q.hasMaxExpansions() ? q.getMaxExpansions() : 50,
        !q.hasTranspositions() || q.getTranspositions(),
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query ids(IdsQuery q) {
    return new Ids(q.getValuesList(), QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query termsSet(TermsSetQuery q) {
    if (q.hasMinimumShouldMatchScript()) {
      QueryDecoder.unsupported("terms_set", "minimum_should_match_script");
    }
    List<Object> terms = new ArrayList<>(q.getTermsList());
    return new TermsSet(
        q.getField(),
        terms,
        q.hasMinimumShouldMatchField() ? q.getMinimumShouldMatchField() : null,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }
}
