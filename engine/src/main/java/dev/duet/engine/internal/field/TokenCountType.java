package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.analysis.Analyzers;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.index.IndexableField;

/**
 * OpenSearch's {@code token_count}: a string indexed as the number of tokens its {@code analyzer}
 * makes of it, an {@code integer} from then on (queried, sorted and aggregated as one); the {@code
 * fields} option shows the count where the field keeps doc values, as OpenSearch reads it.
 */
final class TokenCountType extends WholeNumberType {
  static final String NAME = "token_count";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String capabilityType() {
    return "integer";
  }

  @Override
  public Set<String> parameters() {
    return Set.of("analyzer", "enable_position_increments", "null_value", "boost");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("analyzer", "enable_position_increments", "index", "doc_values", "store");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (key.equals("enable_position_increments")) {
      return TextType.bool(value);
    }
    return value;
  }

  @Override
  public void checkParameters(String field, java.util.Map<String, Object> params) {
    if (!params.containsKey("analyzer")) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Analyzer must be set for field [" + field + "] but wasn't.");
    }
  }

  @Override
  long min() {
    return Integer.MIN_VALUE;
  }

  @Override
  long max() {
    return Integer.MAX_VALUE;
  }

  @Override
  String article() {
    return "an integer";
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
    Analyzer analyzer = context == null ? Analyzers.STANDARD : context.indexAnalyzer(path);
    addLong(out, path, field, count(analyzer, path, p.getText(), field));
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    if (!docValues(field)) {
      throw new IllegalArgumentException("no doc values to read the count from");
    }
    try {
      return count(Analyzers.STANDARD, "", String.valueOf(value), field);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long count(Analyzer analyzer, String path, String value, FieldMapping field)
      throws IOException {
    boolean positions = !Boolean.FALSE.equals(field.params().get("enable_position_increments"));
    long count = 0;
    try (TokenStream ts = analyzer.tokenStream(path, value)) {
      var increments =
          ts.addAttribute(
              org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        count += positions ? increments.getPositionIncrement() : 1;
      }
      ts.end();
      if (positions) {
        count += increments.getPositionIncrement();
      }
    }
    return count;
  }
}
