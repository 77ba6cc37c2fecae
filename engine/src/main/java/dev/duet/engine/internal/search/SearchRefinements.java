package dev.duet.engine.internal.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.query.MinScoreQuery;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.sort.ModeSortField;
import dev.duet.engine.internal.sort.SortValues;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.SearchOptions;
import java.util.List;
import java.util.function.Function;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.util.BytesRef;

/**
 * What a search's options do to its hits: {@code post_filter} and {@code min_score} narrow the hits
 * query (aggregations use the plain query), {@code search_after} becomes the page's starting point
 * in sort order.
 */
public final class SearchRefinements {
  private SearchRefinements() {}

  /** The query that selects hits: the query, post-filtered, then cut at min_score. */
  static Query hitsQuery(Query query, SearchOptions options, QueryTranslator translator) {
    Query q = query;
    if (options.postFilter() != null) {
      q =
          new BooleanQuery.Builder()
              .add(q, Occur.MUST)
              .add(translator.translate(options.postFilter()), Occur.FILTER)
              .build();
    }
    if (options.minScore() != null) {
      q = new MinScoreQuery(q, options.minScore());
    }
    return q;
  }

  /** The search_after point as a Lucene FieldDoc for the sort, or null when there is none. */
  static FieldDoc after(
      Sort sort, List<Object> values, int from, Function<String, FieldMapping> leaf) {
    if (values.isEmpty()) {
      return null;
    }
    if (sort == null) {
      throw DuetException.illegalArgument("Sort must contain at least one field.");
    }
    SortField[] fields = sort.getSort();
    if (fields.length != values.size()) {
      throw DuetException.illegalArgument(
          "search_after has " + values.size() + " value(s) but sort has " + fields.length + ".");
    }
    if (from > 0) {
      throw new DuetException(
          400,
          "search_exception",
          "`from` parameter must be set to 0 when `search_after` is used.");
    }
    Object[] converted = new Object[fields.length];
    for (int i = 0; i < fields.length; i++) {
      converted[i] = convert(fields[i], values.get(i), leaf);
    }
    return new FieldDoc(Integer.MAX_VALUE, Float.NaN, converted);
  }

  private static Object convert(
      SortField field, Object value, Function<String, FieldMapping> leaf) {
    SortField.Type type =
        field instanceof SortedNumericSortField n
            ? n.getNumericType()
            : field instanceof ModeSortField.Numeric m ? m.numericType() : field.getType();
    String text = String.valueOf(value);
    try {
      if (SortValues.unsigned(field)) {
        return DocValuesType.encodeUnsigned(value);
      }
      return switch (type) {
        case SCORE -> value instanceof Number n ? n.floatValue() : Float.parseFloat(text);
        case DOC, INT -> value instanceof Number n ? n.intValue() : Integer.parseInt(text);
        case LONG -> value instanceof Number n ? n.longValue() : longValue(field, text, leaf);
        case DOUBLE -> value instanceof Number n ? n.doubleValue() : Double.parseDouble(text);
        case FLOAT -> value instanceof Number n ? n.floatValue() : Float.parseFloat(text);
        default -> value == null ? null : term(field.getField(), value, leaf);
      };
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "Failed to parse search_after value for field [" + field.getField() + "].");
    }
  }

  /** A long sort's search_after text: a number, or a date as its field's format writes it. */
  private static long longValue(SortField field, String text, Function<String, FieldMapping> leaf) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      FieldMapping mapping = field.getField() == null ? null : leaf.apply(field.getField());
      Long parsed =
          mapping == null || mapping.isObject()
              ? null
              : FieldTypes.of(mapping).searchAfterValue(text, mapping);
      if (parsed == null) {
        throw e;
      }
      return parsed;
    }
  }

  /** A term sort's search_after value as its field's type keeps it in doc values. */
  private static BytesRef term(String name, Object value, Function<String, FieldMapping> leaf) {
    FieldMapping field = name == null ? null : leaf.apply(name);
    if (field == null || field.isObject()) {
      return new BytesRef(String.valueOf(value));
    }
    return FieldTypes.of(field).docValueTerm(value, field);
  }
}
