package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * OpenSearch's {@code integer}: whole numbers from {@code Integer.MIN_VALUE} to {@code
 * Integer.MAX_VALUE}.
 */
final class IntegerType extends WholeNumberType {
  static final String NAME = "integer";

  @Override
  public String name() {
    return NAME;
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
  long readInteger(JsonParser p) throws IOException {
    return p.getIntValue(); // Jackson's own range error, as OpenSearch reports it
  }
}
