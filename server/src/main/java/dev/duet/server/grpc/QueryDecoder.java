package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.DateRangeQuery;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.MinimumShouldMatch;
import org.opensearch.protobufs.NumberRangeQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.TermsQuery;
import org.opensearch.protobufs.TermsQueryField;

/**
 * Decodes a {@link QueryContainer} into the query model, reading proto fields directly. A query
 * type the model lacks fails as REST fails for it: 400 {@code parsing_exception} "unknown query
 * [x]"; an option the model cannot honour fails as 400 rather than being silently dropped.
 */
final class QueryDecoder {
  private QueryDecoder() {}

  static Query decode(QueryContainer query) {
    return Query.Named.of(queryName(query.getQueryContainerCase(), query), body(query));
  }

  private static Query body(QueryContainer query) {
    return switch (query.getQueryContainerCase()) {
      case MATCH_ALL ->
          new Query.MatchAll(boost(query.getMatchAll().hasBoost(), query.getMatchAll().getBoost()));
      case MATCH_NONE ->
          new Query.MatchNone(
              boost(query.getMatchNone().hasBoost(), query.getMatchNone().getBoost()));
      case MATCH -> FullTextQueryDecoder.match(query.getMatch());
      case MATCH_PHRASE -> FullTextQueryDecoder.matchPhrase(query.getMatchPhrase());
      case MATCH_PHRASE_PREFIX ->
          FullTextQueryDecoder.matchPhrasePrefix(query.getMatchPhrasePrefix());
      case MATCH_BOOL_PREFIX -> FullTextQueryDecoder.matchBoolPrefix(query.getMatchBoolPrefix());
      case MULTI_MATCH -> FullTextQueryDecoder.multiMatch(query.getMultiMatch());
      case EXISTS -> TermLevelQueryDecoder.exists(query.getExists());
      case PREFIX -> TermLevelQueryDecoder.prefix(query.getPrefix());
      case WILDCARD -> TermLevelQueryDecoder.wildcard(query.getWildcard());
      case REGEXP -> TermLevelQueryDecoder.regexp(query.getRegexp());
      case FUZZY -> TermLevelQueryDecoder.fuzzy(query.getFuzzy());
      case IDS -> TermLevelQueryDecoder.ids(query.getIds());
      case TERMS_SET -> TermLevelQueryDecoder.termsSet(query.getTermsSet());
      case CONSTANT_SCORE -> CompoundQueryDecoder.constantScore(query.getConstantScore());
      case FUNCTION_SCORE -> CompoundQueryDecoder.functionScore(query.getFunctionScore());
      case TERM -> term(query.getTerm());
      case TERMS -> terms(query.getTerms());
      case RANGE -> range(query.getRange());
      case BOOL -> bool(query.getBool());
      case KNN -> KnnQueryDecoder.decode(query.getKnn());
      case NESTED -> NestedQueryDecoder.nested(query.getNested());
      case GEO_DISTANCE -> GeoQueryDecoder.geoDistance(query.getGeoDistance());
      case GEO_BOUNDING_BOX -> GeoQueryDecoder.geoBoundingBox(query.getGeoBoundingBox());
      case QUERYCONTAINER_NOT_SET ->
          throw DuetException.parsing("query malformed, empty clause found");
      default -> throw Query.unknownQuery(name(query));
    };
  }

  /** The query's name as OpenSearch spells it: the proto field of the set case. */
  private static String name(QueryContainer query) {
    return QueryContainer.getDescriptor()
        .findFieldByNumber(query.getQueryContainerCase().getNumber())
        .getName();
  }

  private static Query term(TermQuery term) {
    Object value = term.hasValue() ? FieldValues.fromProto(term.getValue()) : null;
    // The model checks field and value (as OpenSearch's TermQueryBuilder does) before options.
    return new Query.Term(
        term.getField(),
        value,
        term.hasCaseInsensitive() && term.getCaseInsensitive(),
        boost(term.hasBoost(), term.getBoost()));
  }

  private static Query terms(TermsQuery terms) {
    if (terms.getTermsCount() > 1) {
      throw Query.Terms.multipleFields();
    }
    if (terms.getTermsCount() == 0) {
      throw DuetException.parsing(
          "[terms] query requires a field name, followed by array of terms or a document"
              + " lookup specification");
    }
    var entry = terms.getTermsMap().entrySet().iterator().next();
    TermsQueryField field = entry.getValue();
    Query.Terms.ValueType valueType =
        terms.hasValueType()
                && terms.getValueType()
                    == org.opensearch.protobufs.TermsQueryValueType.TERMS_QUERY_VALUE_TYPE_BITMAP
            ? Query.Terms.ValueType.BITMAP
            : Query.Terms.ValueType.DEFAULT;
    if (field.hasLookup()) {
      var lookup = field.getLookup();
      return new dev.duet.engine.search.TermsLookup(
          entry.getKey(),
          lookup.getIndex().isEmpty() ? null : lookup.getIndex(),
          lookup.getId().isEmpty() ? null : lookup.getId(),
          lookup.getPath().isEmpty() ? null : lookup.getPath(),
          lookup.hasRouting() ? lookup.getRouting() : null,
          lookup.hasStore() && lookup.getStore(),
          valueType,
          boost(terms.hasBoost(), terms.getBoost()));
    }
    List<FieldValue> protoValues = field.getValue().getFieldValueArrayList();
    List<Object> values = new ArrayList<>(protoValues.size());
    for (FieldValue value : protoValues) {
      Object v = FieldValues.fromProto(value);
      if (v == null) {
        throw DuetException.illegalArgument(Query.Terms.NO_VALUE);
      }
      values.add(v);
    }
    return new Query.Terms(
        entry.getKey(), values, valueType, boost(terms.hasBoost(), terms.getBoost()));
  }

  private static Query range(RangeQuery range) {
    return switch (range.getRangeQueryCase()) {
      case NUMBER_RANGE_QUERY -> numberRange(range.getNumberRangeQuery());
      case DATE_RANGE_QUERY -> dateRange(range.getDateRangeQuery());
      case RANGEQUERY_NOT_SET -> throw DuetException.parsing("[range] query requires a field name");
    };
  }

  private static Query numberRange(NumberRangeQuery q) {
    Object gt = q.hasGt() ? FieldValues.number(q.getGt()) : null;
    Object gte = q.hasGte() ? FieldValues.number(q.getGte()) : null;
    Object lt = q.hasLt() ? FieldValues.number(q.getLt()) : null;
    Object lte = q.hasLte() ? FieldValues.number(q.getLte()) : null;
    // The legacy from/to form, with include_lower/include_upper (default true), as OpenSearch
    // parses it after the gt/gte/lt/lte keys.
    if (q.hasFrom()) {
      Object from =
          switch (q.getFrom().getNumberRangeQueryAllOfFromCase()) {
            case DOUBLE -> FieldValues.number(q.getFrom().getDouble());
            case STRING -> q.getFrom().getString();
            default -> null;
          };
      if (!q.hasIncludeLower() || q.getIncludeLower()) {
        gte = from;
        gt = null;
      } else {
        gt = from;
        gte = null;
      }
    }
    if (q.hasTo()) {
      Object to =
          switch (q.getTo().getNumberRangeQueryAllOfToCase()) {
            case DOUBLE -> FieldValues.number(q.getTo().getDouble());
            case STRING -> q.getTo().getString();
            default -> null;
          };
      if (!q.hasIncludeUpper() || q.getIncludeUpper()) {
        lte = to;
        lt = null;
      } else {
        lt = to;
        lte = null;
      }
    }
    return new Query.Range(
        q.getField(),
        gt,
        gte,
        lt,
        lte,
        null,
        q.hasRelation() ? relation(q.getRelation()) : null,
        boost(q.hasBoost(), q.getBoost()));
  }

  private static Query dateRange(DateRangeQuery q) {
    Object gt = q.hasGt() ? q.getGt() : null;
    Object gte = q.hasGte() ? q.getGte() : null;
    Object lt = q.hasLt() ? q.getLt() : null;
    Object lte = q.hasLte() ? q.getLte() : null;
    if (q.hasFrom()) {
      Object from = q.getFrom().hasString() ? q.getFrom().getString() : null;
      if (!q.hasIncludeLower() || q.getIncludeLower()) {
        gte = from;
        gt = null;
      } else {
        gt = from;
        gte = null;
      }
    }
    if (q.hasTo()) {
      Object to = q.getTo().hasString() ? q.getTo().getString() : null;
      if (!q.hasIncludeUpper() || q.getIncludeUpper()) {
        lte = to;
        lt = null;
      } else {
        lt = to;
        lte = null;
      }
    }
    return new Query.Range(
        q.getField(),
        gt,
        gte,
        lt,
        lte,
        q.hasFormat() ? q.getFormat() : null,
        q.hasRelation() ? relation(q.getRelation()) : null,
        q.hasTimeZone() ? q.getTimeZone() : null,
        boost(q.hasBoost(), q.getBoost()));
  }

  /** A range query's relation as OpenSearch names it (null: the default, intersects). */
  private static String relation(org.opensearch.protobufs.RangeRelation relation) {
    return switch (relation) {
      case RANGE_RELATION_CONTAINS -> "contains";
      case RANGE_RELATION_WITHIN -> "within";
      case RANGE_RELATION_INTERSECTS -> "intersects";
      default -> null;
    };
  }

  private static Query bool(BoolQuery bool) {
    return new Query.Bool(
        decodeAll(bool.getMustList()),
        decodeAll(bool.getShouldList()),
        decodeAll(bool.getMustNotList()),
        decodeAll(bool.getFilterList()),
        bool.hasMinimumShouldMatch() ? minimumShouldMatch(bool.getMinimumShouldMatch()) : null,
        boost(bool.hasBoost(), bool.getBoost()));
  }

  private static List<Query> decodeAll(List<QueryContainer> clauses) {
    if (clauses.isEmpty()) {
      return List.of();
    }
    List<Query> out = new ArrayList<>(clauses.size());
    for (QueryContainer clause : clauses) {
      out.add(decode(clause));
    }
    return out;
  }

  static String minimumShouldMatch(MinimumShouldMatch msm) {
    return switch (msm.getMinimumShouldMatchCase()) {
      case INT32 -> Integer.toString(msm.getInt32());
      case STRING -> msm.getString();
      case MINIMUMSHOULDMATCH_NOT_SET -> null;
    };
  }

  static float boost(boolean present, float boost) {
    return present ? boost : 1f;
  }

  static void requireField(String query, String field) {
    if (field.isEmpty()) {
      throw DuetException.parsing("[" + query + "] query requires a field name");
    }
  }

  /** The words REST uses for a query option it does not take, so both ports answer alike. */
  static void unsupported(String query, String option) {
    throw Query.doesNotSupport(query, option);
  }

  /**
   * The query's {@code _name} ({@code x_name} of the set case's message, or of the message a case
   * such as {@code range} wraps in a oneof of its own), or null.
   */
  private static String queryName(QueryContainer.QueryContainerCase set, QueryContainer query) {
    if (set == QueryContainer.QueryContainerCase.QUERYCONTAINER_NOT_SET) {
      return null;
    }
    Object inner =
        query.getField(QueryContainer.getDescriptor().findFieldByNumber(set.getNumber()));
    return inner instanceof com.google.protobuf.Message m ? queryName(m, 2) : null;
  }

  private static String queryName(com.google.protobuf.Message m, int depth) {
    com.google.protobuf.Descriptors.Descriptor type = m.getDescriptorForType();
    com.google.protobuf.Descriptors.FieldDescriptor field = type.findFieldByName("x_name");
    if (field != null) {
      return m.hasField(field) ? (String) m.getField(field) : null;
    }
    if (depth == 0) {
      return null;
    }
    for (com.google.protobuf.Descriptors.OneofDescriptor oneof : type.getOneofs()) {
      com.google.protobuf.Descriptors.FieldDescriptor chosen = m.getOneofFieldDescriptor(oneof);
      if (chosen != null && m.getField(chosen) instanceof com.google.protobuf.Message inner) {
        return queryName(inner, depth - 1);
      }
    }
    return null;
  }
}
