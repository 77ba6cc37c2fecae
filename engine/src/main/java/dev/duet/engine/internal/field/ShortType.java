package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.util.Map;

/**
 * OpenSearch's {@code short}: whole numbers from {@code Short.MIN_VALUE} to {@code
 * Short.MAX_VALUE}.
 */
final class ShortType extends WholeNumberType {
  static final String NAME = "short";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long min() {
    return Short.MIN_VALUE;
  }

  @Override
  long max() {
    return Short.MAX_VALUE;
  }

  @Override
  String article() {
    return "a short";
  }

  @Override
  long readInteger(JsonParser p) throws IOException {
    int value = p.getIntValue();
    if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
      // OpenSearch reads shorts through Jackson's own range check; report it in the same words.
      String message =
          "Numeric value ("
              + p.getText()
              + ") out of range of `short` (-32768 - 32767)\n at [Source: REDACTED"
              + " (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); byte offset: #"
              + p.currentLocation().getByteOffset()
              + "]";
      throw new DuetException(
          400,
          "input_coercion_exception",
          message,
          Map.of(),
          new DuetException(400, "input_coercion_exception", message));
    }
    return value;
  }
}
