package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.MappedType;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.util.BytesRef;

/**
 * What one field type means, in one place (the role of OpenSearch's {@code MappedFieldType} and
 * {@code FieldMapper} together): its mapping parameters, how a JSON value becomes Lucene fields,
 * how term, terms and range queries are built on it, what its doc values are (for sorting,
 * aggregations and collapsing), how its values show in {@code fields}, {@code docvalue_fields} and
 * sort values, and whether full-text queries and highlighters treat it as text.
 *
 * <p>A type is a stateless singleton registered in {@link FieldTypes}; each method gets the mapped
 * field ({@link FieldMapping}: the type's parameters as the mapping gives them). The rest of the
 * engine asks the type and never compares its name.
 */
public abstract class FieldType implements MappedType {
  /**
   * The Lucene field naming, per document, the fields it holds a value of that have no doc values
   * ({@link #namedInFieldNames}): what {@code exists} finds them by.
   */
  public static final String FIELD_NAMES = "_field_names";

  /** How text queries, highlighters and {@code _analyze} see a type's values. */
  public enum TextSearch {
    /** Not text: a full-text query on it is a term query. */
    NONE,
    /** One term per value, normalized ({@code keyword}). */
    KEYWORD,
    /** Analyzed into tokens ({@code text}). */
    ANALYZED
  }

  /**
   * The type as one mapped field has it: itself, or a variant of it when a parameter of the field
   * changes what the type answers (text's {@code fielddata} gives it doc values). {@link
   * FieldTypes#of(FieldMapping)} asks it, so the rest of the engine sees the variant.
   */
  public FieldType forField(FieldMapping field) {
    return this;
  }

  // ---- indexing

  /**
   * Adds the Lucene fields that index one JSON value (the parser is at token {@code t}) of the
   * field at {@code path}; a value the type cannot hold is a {@link DuetException} (or Jackson's
   * own exception) that the caller words as OpenSearch's {@code mapper_parsing_exception}. {@code
   * context} is null when indexing a mapping's {@code null_value}.
   */
  public abstract void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException;

  /**
   * Whether one value of the type may be a JSON object or array ({@code geo_point}'s {@code {"lat":
   * …, "lon": …}} and {@code [lon, lat]}, a range's {@code {"gte": …}}): then {@link #index} gets
   * the whole object or array (the parser at its start token) and reads it all, even when it fails.
   */
  public boolean structuredValues() {
    return false;
  }

  /**
   * Whether a document's object value is the type's own value ({@code flat_object}), handed to
   * {@link #index} at its {@code START_OBJECT}, rather than sub-fields to map.
   */
  public boolean acceptsObjects() {
    return false;
  }

  /**
   * The cause reported when a document gives an object where this type's value belongs (or
   * Jackson's exception, thrown, when that is what OpenSearch reports).
   */
  public DuetException objectValueFailure(JsonParser p) throws IOException {
    return new DuetException(
        400,
        "illegal_state_exception",
        "Can't get text on a START_OBJECT at "
            + p.currentLocation().getLineNr()
            + ":"
            + p.currentLocation().getColumnNr());
  }

  // ---- queries

  /** Fails, as OpenSearch does, when a query cannot run on the field at all. */
  public void checkSearchable(String name, FieldMapping field, QueryContext context) {
    if (!indexed(field) && !docValues(field)) {
      String reason =
          "Cannot search on field ["
              + name
              + "] since it is both not indexed, and does not have doc_values enabled.";
      throw context.failure(
          "failed to create query: " + reason, DuetException.illegalArgument(reason));
    }
  }

  /** The query for documents whose field holds {@code value} ({@code term}, {@code match}). */
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    return MatchNoDocsQuery.INSTANCE;
  }

  /**
   * A set query for documents holding any of {@code values} ({@code terms}), or null when the type
   * has none and the caller combines {@link #termQuery term queries}.
   */
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    return null;
  }

  /**
   * The query for values between the bounds (null: unbounded); {@code format} is the query's own
   * date format, or null.
   */
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    BytesRef lo = lower == null ? null : new BytesRef(String.valueOf(lower));
    BytesRef hi = upper == null ? null : new BytesRef(String.valueOf(upper));
    return new TermRangeQuery(name, lo, hi, includeLower, includeUpper);
  }

  /**
   * The range query with OpenSearch's {@code relation} ({@code intersects}, {@code contains},
   * {@code within}; null when the query gives none): only the range types tell the relations apart,
   * others take the values in the range, as OpenSearch's single-valued types do.
   */
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      String relation,
      QueryContext context) {
    return rangeQuery(name, field, lower, upper, includeLower, includeUpper, format, context);
  }

  /**
   * {@code distance_feature}: a score that decays with the distance of the field's value from
   * {@code origin}, half the {@code boost} at {@code pivot}; only dates, date_nanos and geo points
   * have one.
   */
  public Query distanceFeatureQuery(
      String name,
      FieldMapping field,
      Object origin,
      String pivot,
      float boost,
      QueryContext context) {
    String reason =
        "Illegal data type of ["
            + name()
            + "]!"
            + " [distance_feature] query can only be run on a date, date_nanos or geo_point field"
            + " type!";
    throw context.failure(
        "failed to create query: " + reason, DuetException.illegalArgument(reason));
  }

  /** The query for documents with a value in the field ({@code exists}). */
  /** The multi-term queries a type may answer in its own way ({@link #patternQuery}). */
  public enum Pattern {
    PREFIX,
    WILDCARD,
    REGEXP
  }

  /**
   * A prefix, wildcard or regexp query ({@code pattern} as the query gives it, {@code regexpFlags}
   * Lucene's {@link org.apache.lucene.util.automaton.RegExp} syntax flags) answered by the type's
   * own index ({@code wildcard}'s n-grams), or null to run the usual query on the field's terms.
   */
  public Query patternQuery(
      String name,
      FieldMapping field,
      Pattern kind,
      String pattern,
      boolean caseInsensitive,
      int regexpFlags,
      QueryContext context) {
    return null;
  }

  /**
   * A numeric sort's {@code search_after} value given as text, in the type's doc value units, or
   * null when the text is not one the type reads (the caller then reads it as a plain number): a
   * date's formatted text as its epoch value.
   */
  public Long searchAfterValue(String text, FieldMapping field) {
    return null;
  }

  /**
   * The query for documents holding any integer of the base64 serialized RoaringBitmap {@code
   * bitmap} ({@code terms} with {@code value_type: bitmap}), or null when the type is no number and
   * reads the value as an ordinary term, as OpenSearch's does.
   */
  public Query bitmapQuery(String name, FieldMapping field, String bitmap, QueryContext context) {
    return null;
  }

  /**
   * The query for documents with a value in the field ({@code exists}): by its doc values, or by
   * {@link #FIELD_NAMES} where it has none, as OpenSearch finds them.
   */
  public Query existsQuery(String name, FieldMapping field) {
    return namedInFieldNames(field)
        ? new TermQuery(new Term(FIELD_NAMES, name))
        : new FieldExistsQuery(name);
  }

  /**
   * Whether a document holding a value of the field names it in {@link #FIELD_NAMES}: when the
   * field keeps no doc values by which {@code exists} could find it, as OpenSearch's {@code
   * _field_names}.
   */
  public boolean namedInFieldNames(FieldMapping field) {
    return !hasDocValues(field);
  }

  /** How full-text queries, highlighters and {@code _analyze} treat the type's values. */
  public TextSearch textSearch() {
    return TextSearch.NONE;
  }

  /**
   * Whether positional queries (phrases) on the field are confirmed on each candidate's {@code
   * _source}, the field keeping no positions ({@code match_only_text}).
   */
  public boolean phrasesFromSource() {
    return false;
  }

  /** Whether a highlighter marks the field's values. */
  public boolean highlights() {
    return textSearch() != TextSearch.NONE;
  }

  // ---- doc values: sorting, aggregations, collapsing

  /** Whether the field, as mapped, keeps doc values. */
  public boolean hasDocValues(FieldMapping field) {
    return docValuesType() != DocValuesType.NONE && docValues(field);
  }

  // ---- _field_caps

  /** The type {@code _field_caps} reports for the field (a {@code token_count} is an integer). */
  public String capabilityType() {
    return name();
  }

  /** Whether {@code _field_caps} reports the field as searchable: it indexes its values. */
  public boolean searchable(FieldMapping field) {
    return indexed(field);
  }

  /** Whether {@code _field_caps} reports the field as aggregatable: it has doc values. */
  public boolean aggregatable(FieldMapping field) {
    return hasDocValues(field);
  }

  /** Whether the type's doc-value terms are IP addresses, as {@code ip_range} reads them. */
  public boolean holdsAddresses() {
    return false;
  }

  /** Fails, as OpenSearch does, when a sort on the type is refused for a reason of its own. */
  public void requireSortable(String name) {}

  /**
   * Whether the field's one-dimensional points are the sortable bytes of its raw doc values (a
   * long, a date's millis, a double's sortable bits), so that aggregations may count values from
   * the points (OpenSearch's filter rewrite) in the doc values' terms.
   */
  public boolean pointsEncodeDocValues() {
    return false;
  }

  /** What the type's doc values hold; {@link DocValuesType#NONE} when it has none. */
  public DocValuesType docValuesType() {
    return DocValuesType.NONE;
  }

  /**
   * Fails when the field's values cannot be read per document (sorting, aggregations, {@code
   * docvalue_fields}) for a reason of the type's own (text's fielddata); others pass.
   */
  public void requireFielddata(String name) {}

  /** Whether {@code index.sort.field} may name a field of this type (its doc values provided). */
  public boolean sortsIndex() {
    return docValuesType() != DocValuesType.NONE;
  }

  /**
   * Where a numeric sort puts documents without a value: the type's extreme (an {@code integer}'s
   * are {@code int}'s, as OpenSearch reports them), as a Long, Double or Float.
   */
  public Object sortMissing(boolean high) {
    return docValuesType().extreme(high);
  }

  // ---- values shown in a hit

  /**
   * A numeric doc value as {@code docvalue_fields} shows it, by the request's {@code format} (null
   * when none).
   */
  public Object docValue(long raw, FieldMapping field, String format) {
    return format == null ? (Object) raw : ValueFormats.number(raw, format);
  }

  /**
   * A term of the field's ordinal doc values ({@link DocValuesType#ORDINALS}) as {@code
   * docvalue_fields} and collapsing show it.
   */
  public Object docValue(BytesRef term, FieldMapping field, String format) {
    return term.utf8ToString();
  }

  /**
   * The values in one document's binary doc value ({@link DocValuesType#BINARY}) as {@code
   * docvalue_fields} shows them.
   */
  public List<Object> binaryDocValues(BytesRef value, FieldMapping field) {
    return List.of();
  }

  /**
   * A value a request gives for the field (a terms aggregation's {@code include}, a sort's {@code
   * search_after}) as a term of its ordinal doc values; throws a 400 when the type cannot hold it.
   */
  public BytesRef docValueTerm(Object value, FieldMapping field) {
    return new BytesRef(String.valueOf(value));
  }

  /**
   * A {@code _source} value as the {@code fields} option (and stored fields) show it, by the
   * request's {@code format}; throws when the value is one the type cannot hold (the caller leaves
   * it out, as the index ignored it).
   */
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value;
  }

  /** Whether the {@code fields} option may give this type a {@code format}. */
  public boolean formatsSourceValues() {
    return false;
  }

  // ---- helpers for types

  /** Whether the field indexes its values ({@code index}, default true). */
  public static boolean indexed(FieldMapping field) {
    return !Boolean.FALSE.equals(field.params().get("index"));
  }

  /** Whether the field keeps doc values ({@code doc_values}, default true). */
  public static boolean docValues(FieldMapping field) {
    return !Boolean.FALSE.equals(field.params().get("doc_values"));
  }

  /** Fails, as OpenSearch does, when a query needs the field's index and it has none. */
  protected static void requireIndexed(String name, FieldMapping field, QueryContext context) {
    if (!indexed(field)) {
      String reason = "Cannot search on field [" + name + "] since it is not indexed.";
      throw context.failure(
          "failed to create query: " + reason, DuetException.illegalArgument(reason));
    }
  }

  @Override
  public String toString() {
    return name();
  }
}
