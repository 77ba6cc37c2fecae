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
  /** Multiplies the score of matching documents; 1 when the request gave none. */
  float boost();

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
      requireNonNull(query, "query");
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
      permits MatchPhrase, MatchPhrasePrefix, MatchBoolPrefix, MultiMatch, QueryString {}

  /** The rest of the term-level family, one record per file in this package. */
  sealed interface TermLevel extends Query
      permits Exists, Prefix, Wildcard, Regexp, Fuzzy, Ids, TermsSet {}

  /** Queries that wrap other queries, one record per file in this package. */
  sealed interface Compound extends Query permits ConstantScore, Boosting, DisMax, FunctionScore {}

  /**
   * {@code term}: exact value, not analyzed. Like OpenSearch's query builders, it refuses a missing
   * field or value with a 400, whichever transport decoded it.
   */
  record Term(String field, Object value, float boost) implements Query {
    public Term {
      requireFieldName(field, "field name is null or empty");
      if (value == null) {
        throw DuetException.illegalArgument("value cannot be null");
      }
    }
  }

  /** {@code terms}: any of the exact values. */
  record Terms(String field, List<Object> values, float boost) implements Query {
    public Terms {
      requireFieldName(field, "field name cannot be null.");
      values = List.copyOf(values);
    }
  }

  /**
   * {@code range}: null bounds are open. {@code format} (dates) may be null, meaning the field's
   * own format.
   */
  record Range(
      String field, Object gt, Object gte, Object lt, Object lte, String format, float boost)
      implements Query {
    public Range {
      requireFieldName(field, "field name is null or empty");
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
