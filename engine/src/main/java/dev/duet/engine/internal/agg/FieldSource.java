package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.ExitableDirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.NumericUtils;

/**
 * How a field's doc values are read by aggregations, by what its type keeps ({@link
 * dev.duet.engine.internal.field.DocValuesType}): keywords as ordinals and bytes, integers, dates
 * and booleans as longs, doubles and floats as doubles (a float widened as OpenSearch widens it).
 * Checks that a field can be aggregated, in OpenSearch's words.
 */
enum FieldSource {
  KEYWORD,
  LONG,
  DATE,
  BOOLEAN,
  DOUBLE,
  FLOAT,
  /** {@code unsigned_long}: see {@link dev.duet.engine.internal.field.DocValuesType#UNSIGNED}. */
  UNSIGNED,
  UNMAPPED;

  static FieldSource of(FieldMapping field) {
    if (field == null) {
      return UNMAPPED;
    }
    return switch (FieldTypes.of(field).docValuesType()) {
      case ORDINALS -> KEYWORD;
      case WHOLE -> LONG;
      case DATE, DATE_NANOS -> DATE;
      case BOOLEAN -> BOOLEAN;
      case DOUBLE -> DOUBLE;
      case FLOAT -> FLOAT;
      case UNSIGNED -> UNSIGNED;
      case NONE, BINARY -> null;
    };
  }

  /** The source of {@code field} in a target, failing as OpenSearch does for text and objects. */
  static FieldSource resolve(AggregationTarget target, String field) {
    FieldMapping mapping = target.fields().apply(field);
    if (mapping == null && field.equals("_source")) {
      throw DuetException.illegalArgument(
          "Fielddata is not supported on field [_source] of type [_source]");
    }
    FieldSource source = of(mapping);
    if (source == null) {
      FieldTypes.of(mapping).requireFielddata(field);
      throw DuetException.illegalArgument(
          "Field ["
              + field
              + "] of type ["
              + mapping.type()
              + "] is not supported for aggregation");
    }
    return source;
  }

  /**
   * The source an unmapped field is read as under a {@code value_type} ({@code long}, {@code date},
   * ...); null for a value type that changes nothing (strings) or is unknown.
   */
  static FieldSource ofValueType(String valueType) {
    return switch (valueType) {
      // OpenSearch reads an unmapped unsigned_long as long terms (lterms).
      case "long", "integer", "short", "byte", "numeric", "number", "unsigned_long" -> LONG;
      case "double", "float" -> DOUBLE;
      case "date" -> DATE;
      case "boolean" -> BOOLEAN;
      default -> null;
    };
  }

  boolean isNumeric() {
    return this != KEYWORD && this != UNMAPPED;
  }

  /** Whether values are read as doubles (else as longs). */
  boolean isFloating() {
    return this == DOUBLE || this == FLOAT;
  }

  SortedNumericDocValues numeric(Segment segment, String field) throws IOException {
    // An unmapped field has no values, whatever Lucene holds under its name (_id's terms, say):
    // every document falls to the aggregation's missing value.
    if (this == UNMAPPED) {
      return DocValues.emptySortedNumeric();
    }
    SortedNumericDocValues values = DocValues.getSortedNumeric(docValuesReader(segment), field);
    FieldMapping mapping = this == DATE ? segment.target.fields().apply(field) : null;
    if (mapping != null && FieldTypes.of(mapping).docValuesType() == DocValuesType.DATE_NANOS) {
      return new NanosAsMillis(values); // date_nanos aggregates as epoch millis, as in OpenSearch
    }
    return values;
  }

  SortedSetDocValues ordinals(Segment segment, String field) throws IOException {
    if (this == UNMAPPED) {
      return DocValues.emptySortedSet();
    }
    segment.target.ordinalsRead().accept(field);
    return DocValues.getSortedSet(docValuesReader(segment), field);
  }

  /**
   * The segment's reader beneath the search guard's {@link ExitableDirectoryReader} layer, whose
   * doc values check the guard every thousand documents at the price of one more call per value:
   * aggregations collect through the guarded searcher, whose bulk scorer already stops at the guard
   * between windows of documents, so their values are read without the layer.
   */
  private static LeafReader docValuesReader(Segment segment) {
    LeafReader reader = segment.context.reader();
    return reader instanceof ExitableDirectoryReader.ExitableFilterAtomicReader exitable
        ? exitable.getDelegate()
        : reader;
  }

  /** A raw sorted-numeric value of this source as a double. */
  double toDouble(long raw) {
    return switch (this) {
      case DOUBLE -> NumericUtils.sortableLongToDouble(raw);
      case FLOAT -> NumericUtils.sortableIntToFloat((int) raw);
      case UNSIGNED -> DocValuesType.unsignedToDouble(raw);
      default -> raw;
    };
  }

  /**
   * A raw value of a whole-number source as a bucket key: a Long, or for unsigned values past
   * {@code Long.MAX_VALUE} a BigInteger.
   */
  Object wholeKey(long raw) {
    return this == UNSIGNED ? DocValuesType.unsigned(raw) : (Object) raw;
  }
}
