package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import java.io.IOException;

/**
 * OpenSearch's {@code long}: whole numbers from {@code Long.MIN_VALUE} to {@code Long.MAX_VALUE}.
 */
final class LongType extends WholeNumberType {
  static final String NAME = "long";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long min() {
    return Long.MIN_VALUE;
  }

  @Override
  long max() {
    return Long.MAX_VALUE;
  }

  @Override
  String article() {
    return "a long";
  }

  @Override
  long readInteger(JsonParser p) throws IOException {
    return p.getLongValue();
  }

  @Override
  DuetException notANumber(String reason) {
    return DuetException.illegalArgument(reason);
  }
}
