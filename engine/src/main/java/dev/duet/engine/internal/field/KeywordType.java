package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.util.BytesRef;

/**
 * OpenSearch's {@code keyword}: each value (through its {@code normalizer}, skipped past {@code
 * ignore_above}) one term and one sorted-set doc value.
 */
final class KeywordType extends FieldType {
  static final String NAME = "keyword";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of("ignore_above", "null_value", "boost", "normalizer");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("index", "doc_values", "store", "null_value", "ignore_above", "boost");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("index", "doc_values", "store", "null_value");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (!key.equals("ignore_above")) {
      return value;
    }
    try {
      return value instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(value));
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "mapper_parsing_exception", "For input string: \"" + value + "\"");
    }
  }

  @Override
  public TextSearch textSearch() {
    return TextSearch.KEYWORD;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.ORDINALS;
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
    String value = p.getText();
    Object ignoreAbove = field.params().get("ignore_above");
    if (ignoreAbove instanceof Number n && value.length() > n.intValue()) {
      return;
    }
    if (context != null && field.params().get("normalizer") != null) {
      value = context.normalize(path, value);
    }
    boolean indexed = indexed(field);
    boolean docValues = docValues(field);
    if (indexed && docValues) {
      out.add(new KeywordField(path, value, Field.Store.NO));
    } else if (indexed) {
      out.add(new StringField(path, value, Field.Store.NO));
    } else if (docValues) {
      out.add(new SortedSetDocValuesField(path, new BytesRef(value)));
    }
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    String v = context.normalize(name, String.valueOf(value));
    if (indexed(field)) {
      // Keyword terms score their boost, as OpenSearch's KeywordFieldMapper builds them.
      return new ConstantScoreQuery(new TermQuery(new Term(name, v)));
    }
    return SortedSetDocValuesField.newSlowExactQuery(name, new BytesRef(v));
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
    BytesRef lo = lower == null ? null : new BytesRef(String.valueOf(lower));
    BytesRef hi = upper == null ? null : new BytesRef(String.valueOf(upper));
    if (!indexed(field)) {
      return SortedSetDocValuesField.newSlowRangeQuery(name, lo, hi, includeLower, includeUpper);
    }
    return new TermRangeQuery(name, lo, hi, includeLower, includeUpper);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value.toString();
  }
}
