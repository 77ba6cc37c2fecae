package dev.duet.server.grpc;

import dev.duet.api.common.BoolQuery;
import dev.duet.api.common.ExistsQuery;
import dev.duet.api.common.FieldValue;
import dev.duet.api.common.IdsQuery;
import dev.duet.api.common.MatchQuery;
import dev.duet.api.common.MatchQueryField;
import dev.duet.api.common.MinimumShouldMatch;
import dev.duet.api.common.Query;
import dev.duet.api.common.RangeQuery;
import dev.duet.api.common.TermLevelQuery;
import dev.duet.api.common.TermLevelQueryField;
import dev.duet.api.common.TermQuery;
import dev.duet.api.common.TermQueryField;
import dev.duet.api.common.TermsQuery;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.Ids;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.TextOptions;
import dev.duet.engine.search.Wildcard;
import dev.duet.server.rest.SearchJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decodes a typed {@code duet.common.Query} into the query model by its proto fields, calling the
 * model's constructors as REST's streaming parser does (the constructors hold the rules), so no
 * JSON is written or read. The common shapes of the hot query types are decoded here: {@code
 * match_all}, {@code bool}, {@code match}, {@code term}, {@code terms}, {@code range}, {@code
 * exists}, {@code ids}, {@code prefix}, {@code wildcard}. Any other type or shape (two types in one
 * object, a map of two fields, an option this class does not read) goes the JSON route, through
 * REST's decoder, which gives OpenSearch's answer and message to whatever the message holds.
 */
final class TypedQueryDecoder {
  private TypedQueryDecoder() {}

  static dev.duet.engine.search.Query decode(Query q) {
    dev.duet.engine.search.Query direct;
    try {
      direct = direct(q);
    } catch (DuetException e) {
      direct = null; // the model refused it: REST's decoder refuses it again, in REST's words
    }
    return direct != null ? direct : viaJson(q);
  }

  /** REST's decoder over the message's REST JSON: the route for what {@link #direct} leaves. */
  static dev.duet.engine.search.Query viaJson(Query q) {
    try {
      return SearchJson.query(RestBodies.json(q));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The query, or null when this class does not decode its type or shape. */
  private static dev.duet.engine.search.Query direct(Query q) {
    if (q.getAllFields().size() != 1) {
      return null;
    }
    if (q.hasBool()) {
      return bool(q.getBool());
    }
    if (q.hasMatchAll()) {
      var m = q.getMatchAll();
      return named(
          m.hasXName() ? m.getXName() : null,
          new dev.duet.engine.search.Query.MatchAll(m.hasBoost() ? m.getBoost() : 1f));
    }
    if (q.getMatchCount() == 1) {
      var e = q.getMatchMap().entrySet().iterator().next();
      return match(e.getKey(), e.getValue());
    }
    if (q.getTermCount() == 1) {
      var e = q.getTermMap().entrySet().iterator().next();
      return term(e.getKey(), e.getValue());
    }
    if (q.getRangeCount() == 1) {
      var e = q.getRangeMap().entrySet().iterator().next();
      return range(e.getKey(), e.getValue());
    }
    if (q.hasTerms()) {
      return terms(q.getTerms());
    }
    if (q.hasExists()) {
      return exists(q.getExists());
    }
    if (q.hasIds()) {
      return ids(q.getIds());
    }
    if (q.getPrefixCount() == 1) {
      var e = q.getPrefixMap().entrySet().iterator().next();
      return prefixOrWildcard(e.getKey(), e.getValue(), false);
    }
    if (q.getWildcardCount() == 1) {
      var e = q.getWildcardMap().entrySet().iterator().next();
      return prefixOrWildcard(e.getKey(), e.getValue(), true);
    }
    return null;
  }

  private static dev.duet.engine.search.Query bool(BoolQuery b) {
    return named(
        b.hasXName() ? b.getXName() : null,
        new dev.duet.engine.search.Query.Bool(
            all(b.getMustList()),
            all(b.getShouldList()),
            all(b.getMustNotList()),
            all(b.getFilterList()),
            b.hasMinimumShouldMatch() ? minimumShouldMatch(b.getMinimumShouldMatch()) : null,
            b.hasBoost() ? b.getBoost() : 1f));
  }

  private static List<dev.duet.engine.search.Query> all(List<Query> clauses) {
    List<dev.duet.engine.search.Query> out = new ArrayList<>(clauses.size());
    for (Query clause : clauses) {
      out.add(decode(clause));
    }
    return out;
  }

  /** {@code {"f": "text"}} or {@code {"f": {"query": ..., "operator": ..., ...}}}. */
  private static dev.duet.engine.search.Query match(String field, MatchQueryField f) {
    Object text;
    switch (f.getValueCase()) {
      case STRING_VALUE -> text = f.getStringValue();
      case NUMBER_VALUE -> text = FieldValues.number(f.getNumberValue());
      case BOOL_VALUE -> text = f.getBoolValue();
      case MATCH_QUERY -> {
        return matchObject(field, f.getMatchQuery());
      }
      default -> {
        return null;
      }
    }
    return new dev.duet.engine.search.Query.Match(
        field, text, SearchJson.operator(null), null, TextOptions.DEFAULT, 1f);
  }

  private static dev.duet.engine.search.Query matchObject(String field, MatchQuery m) {
    // The options beyond these (fuzziness, analyzer, ...) are read by REST's decoder.
    int read = 0;
    read += m.hasQuery() ? 1 : 0;
    read += m.hasOperator() ? 1 : 0;
    read += m.hasMinimumShouldMatch() ? 1 : 0;
    read += m.hasBoost() ? 1 : 0;
    read += m.hasXName() ? 1 : 0;
    if (read != m.getAllFields().size()) {
      return null;
    }
    Object text = m.hasQuery() ? scalar(m.getQuery()) : null;
    return named(
        m.hasXName() ? m.getXName() : null,
        new dev.duet.engine.search.Query.Match(
            field,
            text,
            SearchJson.operator(m.hasOperator() ? m.getOperator() : null),
            m.hasMinimumShouldMatch() ? minimumShouldMatch(m.getMinimumShouldMatch()) : null,
            SearchJson.textOptions(Map.of()),
            m.hasBoost() ? m.getBoost() : 1f));
  }

  private static dev.duet.engine.search.Query term(String field, TermQueryField f) {
    return switch (f.getValueCase()) {
      case STRING_VALUE ->
          new dev.duet.engine.search.Query.Term(field, f.getStringValue(), false, 1f);
      case NUMBER_VALUE ->
          new dev.duet.engine.search.Query.Term(
              field, FieldValues.number(f.getNumberValue()), false, 1f);
      case BOOL_VALUE -> new dev.duet.engine.search.Query.Term(field, f.getBoolValue(), false, 1f);
      case TERM_QUERY -> {
        TermQuery t = f.getTermQuery();
        yield named(
            t.hasXName() ? t.getXName() : null,
            new dev.duet.engine.search.Query.Term(
                field,
                t.hasValue() ? scalar(t.getValue()) : null,
                t.hasCaseInsensitive() && t.getCaseInsensitive(),
                t.hasBoost() ? t.getBoost() : 1f));
      }
      default -> null;
    };
  }

  /**
   * The bounds in REST's order (gt, gte, lt, lte, then the legacy from, to, include_lower,
   * include_upper), each overriding the one before as REST's parser reads the same keys.
   */
  private static dev.duet.engine.search.Query range(String field, RangeQuery r) {
    Object from = null;
    Object to = null;
    boolean includeLower = true;
    boolean includeUpper = true;
    if (r.hasGt()) {
      from = scalar(r.getGt());
      includeLower = false;
    }
    if (r.hasGte()) {
      from = scalar(r.getGte());
      includeLower = true;
    }
    if (r.hasLt()) {
      to = scalar(r.getLt());
      includeUpper = false;
    }
    if (r.hasLte()) {
      to = scalar(r.getLte());
      includeUpper = true;
    }
    if (r.hasFrom()) {
      from = scalar(r.getFrom());
    }
    if (r.hasTo()) {
      to = scalar(r.getTo());
    }
    if (r.hasIncludeLower()) {
      includeLower = r.getIncludeLower();
    }
    if (r.hasIncludeUpper()) {
      includeUpper = r.getIncludeUpper();
    }
    if (r.hasTimeZone()) {
      return null; // REST's decoder refuses it, with its message
    }
    return named(
        r.hasXName() ? r.getXName() : null,
        new dev.duet.engine.search.Query.Range(
            field,
            includeLower ? null : from,
            includeLower ? from : null,
            includeUpper ? null : to,
            includeUpper ? to : null,
            r.hasFormat() ? r.getFormat() : null,
            r.hasRelation() ? r.getRelation().toLowerCase(java.util.Locale.ROOT) : null,
            r.hasBoost() ? r.getBoost() : 1f));
  }

  /** A field's list of values; a lookup or two fields go through REST's decoder. */
  private static dev.duet.engine.search.Query terms(TermsQuery t) {
    if (t.getFieldsCount() != 1 || t.hasValueType()) {
      return null;
    }
    var e = t.getFieldsMap().entrySet().iterator().next();
    if (!e.getValue().hasListValue()) {
      return null;
    }
    List<FieldValue> given = e.getValue().getListValue().getValuesList();
    List<Object> values = new ArrayList<>(given.size());
    for (FieldValue v : given) {
      Object value = scalar(v);
      if (value == null) {
        return null; // REST's decoder refuses it, with its message and place
      }
      values.add(value);
    }
    return named(
        t.hasXName() ? t.getXName() : null,
        new dev.duet.engine.search.Query.Terms(
            e.getKey(),
            values,
            dev.duet.engine.search.Query.Terms.ValueType.DEFAULT,
            t.hasBoost() ? t.getBoost() : 1f));
  }

  private static dev.duet.engine.search.Query exists(ExistsQuery e) {
    if (!e.hasField()) {
      return null; // REST's decoder refuses it, with its message and place
    }
    return named(
        e.hasXName() ? e.getXName() : null,
        new Exists(e.getField(), e.hasBoost() ? e.getBoost() : 1f));
  }

  private static dev.duet.engine.search.Query ids(IdsQuery i) {
    return named(
        i.hasXName() ? i.getXName() : null,
        new Ids(new ArrayList<>(i.getValuesList()), i.hasBoost() ? i.getBoost() : 1f));
  }

  /** {@code {"f": "ab"}} or {@code {"f": {"value": "ab", "case_insensitive": .., "boost": ..}}}. */
  private static dev.duet.engine.search.Query prefixOrWildcard(
      String field, TermLevelQueryField f, boolean wildcard) {
    String value;
    boolean caseInsensitive = false;
    float boost = 1f;
    String name = null;
    switch (f.getValueCase()) {
      case STRING_VALUE -> value = f.getStringValue();
      case TERM_LEVEL_QUERY -> {
        TermLevelQuery t = f.getTermLevelQuery();
        int read = 0;
        read += t.hasValue() ? 1 : 0;
        read += t.hasCaseInsensitive() ? 1 : 0;
        read += t.hasBoost() ? 1 : 0;
        read += t.hasXName() ? 1 : 0;
        if (read != t.getAllFields().size() || !t.hasValue()) {
          return null; // other options (rewrite, a wildcard key, ...): REST's decoder
        }
        Object v = scalar(t.getValue());
        value = v == null ? null : String.valueOf(v);
        caseInsensitive = t.hasCaseInsensitive() && t.getCaseInsensitive();
        boost = t.hasBoost() ? t.getBoost() : 1f;
        name = t.hasXName() ? t.getXName() : null;
      }
      default -> {
        return null;
      }
    }
    return named(
        name,
        wildcard
            ? new Wildcard(field, value, caseInsensitive, boost)
            : new Prefix(field, value, caseInsensitive, boost));
  }

  /** A typed scalar as REST's parser reads the same JSON value ({@code Json.scalar}). */
  static Object scalar(FieldValue v) {
    return switch (v.getValueCase()) {
      case STRING_VALUE -> v.getStringValue();
      case NUMBER_VALUE -> FieldValues.number(v.getNumberValue());
      case BOOL_VALUE -> v.getBoolValue();
      case VALUE_NOT_SET -> null;
    };
  }

  private static String minimumShouldMatch(MinimumShouldMatch m) {
    return switch (m.getValueCase()) {
      case INT_VALUE -> Integer.toString(m.getIntValue());
      case STRING_VALUE -> m.getStringValue();
      case VALUE_NOT_SET -> null;
    };
  }

  private static dev.duet.engine.search.Query named(
      String name, dev.duet.engine.search.Query query) {
    return dev.duet.engine.search.Query.Named.of(name, query);
  }
}
