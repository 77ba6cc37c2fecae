package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * OpenSearch's {@code text}: values analyzed into terms (with or without norms); no doc values, so
 * no sorting or aggregations (OpenSearch's fielddata message).
 */
final class TextType extends dev.duet.engine.internal.field.FieldType {
  static final String NAME = "text";
  private static final FieldType WITHOUT_NORMS = withoutNorms();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of("analyzer", "search_analyzer", "norms", "boost");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("index", "store", "norms", "analyzer", "search_analyzer", "boost");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("index", "store", "analyzer", "norms");
  }

  @Override
  public TextSearch textSearch() {
    return TextSearch.ANALYZED;
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
    if (indexed(field)) {
      boolean norms = !Boolean.FALSE.equals(field.params().get("norms"));
      out.add(new Field(path, p.getText(), norms ? TextField.TYPE_NOT_STORED : WITHOUT_NORMS));
    }
  }

  @Override
  public void checkSearchable(String name, FieldMapping field, QueryContext context) {
    // A text field without an index fails only where a query needs it: requireIndexed.
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    requireIndexed(name, field, context);
    return new TermQuery(new Term(name, String.valueOf(value)));
  }

  @Override
  public void requireFielddata(String name) {
    throw DuetException.illegalArgument(
        "Text fields are not optimised for operations that require per-document field data like"
            + " aggregations and sorting, so these operations are disabled by default. Please use"
            + " a keyword field instead. Alternatively, set fielddata=true on ["
            + name
            + "] in order to load field data by uninverting the inverted index. Note that this"
            + " can use significant memory.");
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value.toString();
  }

  private static FieldType withoutNorms() {
    FieldType type = new FieldType(TextField.TYPE_NOT_STORED);
    type.setOmitNorms(true);
    type.freeze();
    return type;
  }
}
