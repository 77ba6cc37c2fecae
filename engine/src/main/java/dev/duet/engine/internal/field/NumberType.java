package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/** What OpenSearch's number types share: their parameters and how an object value fails. */
abstract class NumberType extends FieldType {
  private static final Set<String> PARAMETERS =
      Set.of("null_value", "coerce", "ignore_malformed", "boost");
  private static final List<String> ORDER =
      List.of("index", "doc_values", "store", "ignore_malformed", "coerce", "null_value", "boost");

  @Override
  public Set<String> parameters() {
    return PARAMETERS;
  }

  @Override
  public List<String> parameterOrder() {
    return ORDER;
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("index", "doc_values", "store", "null_value");
  }

  @Override
  public DuetException objectValueFailure(JsonParser p) throws IOException {
    p.getLongValue(); // throws Jackson's own error, which OpenSearch reports
    return new DuetException(400, "illegal_state_exception", "not numeric");
  }
}
