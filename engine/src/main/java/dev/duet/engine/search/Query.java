package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import java.util.List;

/**
 * The query DSL as a model: what both the JSON and the protobuf decoders produce, and what the
 * engine turns into a Lucene query. Field values ({@code value}, {@code values}, range bounds) are
 * {@link String}, {@link Long}, {@link Double} or {@link Boolean}, as the client sent them; the
 * engine converts them by the field's mapping.
 */
public sealed interface Query {
  /**
   * A query option the request gave that {@code query} does not take, or that Duet does not honour
   * yet: refused, never dropped.
   */
  static DuetException doesNotSupport(String query, String option) {
    if (query.equals("simple_query_string")) { // OpenSearch's SimpleQueryStringBuilder words it so
      return DuetException.parsing("[" + query + "] unsupported field [" + option + "]");
    }
    return DuetException.parsing("[" + query + "] query does not support [" + option + "]");
  }

  /** A query type Duet does not know. */
  static DuetException unknownQuery(String name) {
    return DuetException.parsing("unknown query [" + name + "]");
  }

  /** Multiplies the score of matching documents; 1 when the request gave none. */
  float boost();

  /**
   * A query the request named ({@code _name}): it matches and scores as {@code query} does, and
   * each hit names the named queries it matches ({@code matched_queries}).
   */
  record Named(String name, Query query) implements Query {
    public Named {
      requireNonNull(name, "name");
      requireNonNull(query, "query");
    }

    /** {@code query} named {@code name}, or {@code query} itself when name is null. */
    public static Query of(String name, Query query) {
      return name == null ? query : new Named(name, query);
    }

    /** The name carries no boost of its own: {@code query}'s applies. */
    @Override
    public float boost() {
      return 1f;
    }
  }

  record MatchAll(float boost) implements Query {}

  record MatchNone(float boost) implements Query {}

  /** {@code match}: analyzed full-text query; {@code operator} OR or AND between terms. */
  record Match(
      String field,
      Object query,
      Operator operator,
      String minimumShouldMatch,
      TextOptions options,
      float boost)
      implements Query {
    public Match {
      requireNonNull(field, "field");
      if (query == null) {
        throw DuetException.parsing("No text specified for text query");
      }
      requireNonNull(operator, "operator");
      requireNonNull(options, "options");
    }

    public Match(
        String field, Object query, Operator operator, String minimumShouldMatch, float boost) {
      this(field, query, operator, minimumShouldMatch, TextOptions.DEFAULT, boost);
    }
  }

  /** The rest of the full-text family, one record per file in this package. */
  sealed interface FullText extends Query
      permits MatchPhrase,
          MatchPhrasePrefix,
          MatchBoolPrefix,
          MultiMatch,
          QueryString,
          Intervals,
          MoreLikeThis {}

  /** The rest of the term-level family, one record per file in this package. */
  sealed interface TermLevel extends Query
      permits Exists,
          Prefix,
          Wildcard,
          Regexp,
          Fuzzy,
          Ids,
          TermsSet,
          GeoDistance,
          GeoBoundingBox,
          DistanceFeature,
          TermsLookup {}

  /** Queries that wrap other queries, one record per file in this package. */
  sealed interface Compound extends Query
      permits ConstantScore, Boosting, DisMax, FunctionScore, Nested {}

  /**
   * {@code term}: exact value, not analyzed. Like OpenSearch's query builders, it refuses a missing
   * field or value with a 400, whichever transport decoded it.
   */
  record Term(String field, Object value, boolean caseInsensitive, float boost) implements Query {
    public Term {
      requireFieldName(field, "field name is null or empty");
      if (value == null) {
        throw DuetException.illegalArgument("value cannot be null");
      }
    }

    /** A case-sensitive term query. */
    public Term(String field, Object value, float boost) {
      this(field, value, false, boost);
    }
  }

  /**
   * {@code terms}: any of the exact values; with {@link ValueType#BITMAP} the one value is a base64
   * serialized RoaringBitmap of the integers to match.
   */
  record Terms(String field, List<Object> values, ValueType valueType, float boost)
      implements Query {
    /** A terms value that is null, or no value at all. */
    public static final String NO_VALUE = "No value specified for terms query";

    /** A {@code terms} query that names more than one field. */
    public static DuetException multipleFields() {
      return DuetException.parsing("[terms] query does not support multiple fields");
    }

    public Terms {
      requireFieldName(field, "field name cannot be null.");
      values = List.copyOf(values);
      requireNonNull(valueType, "valueType");
      if (valueType == ValueType.BITMAP
          && (values.size() != 1 || !(values.get(0) instanceof String))) {
        throw DuetException.illegalArgument(
            "Invalid value for bitmap type: Expected a single-element array with a base64 encoded"
                + " serialized bitmap.");
      }
    }

    public Terms(String field, List<Object> values, float boost) {
      this(field, values, ValueType.DEFAULT, boost);
    }

    /** How the values are given: {@code value_type}. */
    public enum ValueType {
      DEFAULT,
      BITMAP;

      /** OpenSearch's {@code value_type} names ({@code default}, {@code bitmap}). */
      public static ValueType of(String name) {
        return switch (name) {
          case "default" -> DEFAULT;
          case "bitmap" -> BITMAP;
          default -> throw DuetException.illegalArgument(name + " is not valid value_type");
        };
      }
    }
  }

  /**
   * {@code range}: null bounds are open. {@code format} (dates) may be null, meaning the field's
   * own format; {@code timeZone} (dates) is the zone a bound without an offset is read in and
   * rounded in, null for UTC.
   */
  record Range(
      String field,
      Object gt,
      Object gte,
      Object lt,
      Object lte,
      String format,
      String relation,
      String timeZone,
      float boost)
      implements Query {
    public Range {
      requireFieldName(field, "field name is null or empty");
      TimeZones.of(timeZone);
      if (relation != null
          && !relation.equals("intersects")
          && !relation.equals("contains")
          && !relation.equals("within")) {
        throw DuetException.illegalArgument(
            relation.equals("disjoint")
                ? "[range] query does not support relation [disjoint]"
                : relation + " is not a valid relation");
      }
    }

    /** A range with no {@code time_zone} (dates without an offset are UTC). */
    public Range(
        String field,
        Object gt,
        Object gte,
        Object lt,
        Object lte,
        String format,
        String relation,
        float boost) {
      this(field, gt, gte, lt, lte, format, relation, null, boost);
    }

    /** A range with no {@code relation} (values in the range: {@code intersects}). */
    public Range(
        String field, Object gt, Object gte, Object lt, Object lte, String format, float boost) {
      this(field, gt, gte, lt, lte, format, null, null, boost);
    }
  }

  /** {@code bool}: {@code minimumShouldMatch} is OpenSearch's string form or null. */
  record Bool(
      List<Query> must,
      List<Query> should,
      List<Query> mustNot,
      List<Query> filter,
      String minimumShouldMatch,
      float boost)
      implements Query {
    public Bool {
      must = List.copyOf(must);
      should = List.copyOf(should);
      mustNot = List.copyOf(mustNot);
      filter = List.copyOf(filter);
    }
  }

  /**
   * {@code knn} (the k-NN plugin's query): the documents whose {@code knn_vector} field is nearest
   * to {@code vector}. Exactly one of {@code k} (top k), {@code minScore} or {@code maxDistance}
   * (radial search) is set; {@code filter} restricts the candidates before the search (efficient
   * filtering), {@code efSearch} (null: the default) sets the HNSW candidate list, {@code rescore}
   * (null: the field's default) re-ranks quantized candidates with the full-precision vectors.
   * Scores are the plugin's per space type. The plugin's request checks live here, once.
   */
  record Knn(
      String field,
      float[] vector,
      Integer k,
      Float minScore,
      Float maxDistance,
      Query filter,
      Integer efSearch,
      Rescore rescore,
      float boost)
      implements Query {
    /** The largest {@code k} the k-NN plugin accepts. */
    public static final int MAX_K = 10_000;

    /** A given query vector, which the k-NN plugin refuses empty where the client gives it. */
    public static float[] checkVector(float[] vector) {
      if (vector == null || vector.length == 0) {
        throw emptyVector();
      }
      return vector;
    }

    /** The refusal of a given vector that is empty or not a vector at all. */
    public static DuetException emptyVector() {
      return DuetException.illegalArgument(
          "[knn] field 'vector' requires to be non-null and non-empty");
    }

    /** A {@code method_parameters} key: the Lucene engine takes {@code ef_search} only. */
    public static void checkMethodParameter(String name) {
      if (!name.equals("ef_search")) {
        throw unknownMethodParameter(name);
      }
    }

    /** The refusal of a {@code method_parameters} key other than {@code ef_search}. */
    public static DuetException unknownMethodParameter(String name) {
      return DuetException.parsing("[knn] unknown method parameter found [" + name + "]");
    }

    public Knn {
      requireFieldName(field, "[knn] requires field name");
      if (vector == null || vector.length == 0) {
        throw DuetException.illegalArgument("[knn] requires query vector");
      }
      int given = (k != null ? 1 : 0) + (minScore != null ? 1 : 0) + (maxDistance != null ? 1 : 0);
      if (given != 1) {
        throw DuetException.illegalArgument(
            "[knn] requires exactly one of k, distance or score to be set");
      }
      if (k != null && (k <= 0 || k > MAX_K)) {
        throw DuetException.illegalArgument(
            "[knn] requires k to be in the range (0, " + MAX_K + "]");
      }
      if (minScore != null && !(minScore > 0)) {
        throw DuetException.illegalArgument("[knn] requires minScore to be greater than 0");
      }
      if (efSearch != null && efSearch <= 0) {
        throw DuetException.illegalArgument(
            "[knn] errors in method parameter [Validation Failed: 1: Validation Failed: 1:"
                + " ef_search should be greater than 0;;]");
      }
      if (rescore != null
          && rescore.oversampleFactor() != null
          && !(rescore.oversampleFactor() >= 1 && rescore.oversampleFactor() <= 100)) {
        throw DuetException.illegalArgument(
            "Oversample factor [" + rescore.oversampleFactor() + "] must be between 1.0 and 100.0");
      }
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Knn other
          && field.equals(other.field)
          && java.util.Arrays.equals(vector, other.vector)
          && java.util.Objects.equals(k, other.k)
          && java.util.Objects.equals(minScore, other.minScore)
          && java.util.Objects.equals(maxDistance, other.maxDistance)
          && java.util.Objects.equals(filter, other.filter)
          && java.util.Objects.equals(efSearch, other.efSearch)
          && java.util.Objects.equals(rescore, other.rescore)
          && Float.compare(boost, other.boost) == 0;
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hash(field, java.util.Arrays.hashCode(vector), k, filter, boost);
    }

    @Override
    public String toString() {
      return "Knn[field="
          + field
          + ", vector="
          + java.util.Arrays.toString(vector)
          + ", k="
          + k
          + ", minScore="
          + minScore
          + ", maxDistance="
          + maxDistance
          + ", filter="
          + filter
          + ", efSearch="
          + efSearch
          + ", rescore="
          + rescore
          + ", boost="
          + boost
          + "]";
    }
  }

  /**
   * {@code rescore} of a knn query: {@code false} turns it off; {@code oversampleFactor} (null: the
   * field's default) is how many times k candidates the quantized search collects first.
   */
  record Rescore(boolean enabled, Float oversampleFactor) {}

  enum Operator {
    OR,
    AND
  }

  /** The check OpenSearch's term-level query builders make on their field, in their words. */
  private static void requireFieldName(String field, String reason) {
    if (field == null || field.isEmpty()) {
      throw DuetException.illegalArgument(reason);
    }
  }
}
