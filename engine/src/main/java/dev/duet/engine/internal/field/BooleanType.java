package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;

/**
 * OpenSearch's {@code boolean}: {@code true}/{@code false} (or their strings; an empty string is no
 * value) as a {@code T}/{@code F} term and 0/1 doc values.
 */
final class BooleanType extends FieldType {
  static final String NAME = "boolean";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of("null_value", "boost");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("doc_values", "index", "null_value", "store", "boost");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("doc_values", "index", "null_value", "store");
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.BOOLEAN;
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    Boolean v = parse(p, t);
    if (v == null) {
      return;
    }
    if (indexed(field)) {
      out.add(new StringField(path, v ? "T" : "F", Field.Store.NO));
    }
    if (docValues(field)) {
      out.add(new SortedNumericDocValuesField(path, v ? 1 : 0));
    }
  }

  private static Boolean parse(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_TRUE) {
      return Boolean.TRUE;
    }
    if (t == JsonToken.VALUE_FALSE) {
      return Boolean.FALSE;
    }
    String text = p.getText();
    if (t == JsonToken.VALUE_STRING) {
      if (text.equals("true")) {
        return Boolean.TRUE;
      }
      if (text.equals("false")) {
        return Boolean.FALSE;
      }
      if (text.isEmpty()) {
        return null;
      }
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    boolean v = toBoolean(value, context);
    if (indexed(field)) {
      return new TermQuery(new Term(name, v ? "T" : "F"));
    }
    return SortedNumericDocValuesField.newSlowExactQuery(name, v ? 1 : 0);
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    long lo = lower == null ? 0 : (toBoolean(lower, context) ? 1 : 0) + (includeLower ? 0 : 1);
    long hi = upper == null ? 1 : (toBoolean(upper, context) ? 1 : 0) - (includeUpper ? 0 : 1);
    if (lo > hi) {
      return new MatchNoDocsQuery("empty boolean range");
    }
    if (indexed(field)) {
      // false sorts before true: F..T as terms, so a field without doc values still answers
      return TermRangeQuery.newStringRange(
          name, lo == 0 ? "F" : "T", hi == 1 ? "T" : "F", true, true);
    }
    return SortedNumericDocValuesField.newSlowRangeQuery(name, lo, hi);
  }

  private static boolean toBoolean(Object value, QueryContext context) {
    if (value instanceof Boolean b) {
      return b;
    }
    String s = String.valueOf(value);
    if (s.equals("true")) {
      return true;
    }
    if (s.equals("false")) {
      return false;
    }
    String reason = "Can't parse boolean value [" + s + "], expected [true] or [false]";
    throw context.failure(
        "failed to create query: " + reason, DuetException.illegalArgument(reason));
  }

  @Override
  public Object docValue(long raw, FieldMapping field, String format) {
    return raw != 0;
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return Boolean.parseBoolean(value.toString());
  }
}
