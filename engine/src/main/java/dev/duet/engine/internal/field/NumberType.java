package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.apache.lucene.search.Query;

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

  /** OpenSearch reads bitmaps on {@code integer} fields only (its message names the type twice). */
  @Override
  public Query bitmapQuery(String name, FieldMapping field, String bitmap, QueryContext context) {
    String reason =
        "Field [" + name() + "] of type [" + name() + "] does not support bitmap queries";
    throw context.failure(
        "failed to create query: " + reason, DuetException.illegalArgument(reason));
  }

  @Override
  public DuetException objectValueFailure(JsonParser p) throws IOException {
    p.getLongValue(); // throws Jackson's own error, which OpenSearch reports
    return new DuetException(400, "illegal_state_exception", "not numeric");
  }
}
