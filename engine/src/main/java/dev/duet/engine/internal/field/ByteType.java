package dev.duet.engine.internal.field;

/**
 * OpenSearch's {@code byte}: whole numbers from {@code Byte.MIN_VALUE} to {@code Byte.MAX_VALUE}.
 */
final class ByteType extends WholeNumberType {
  static final String NAME = "byte";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  long min() {
    return Byte.MIN_VALUE;
  }

  @Override
  long max() {
    return Byte.MAX_VALUE;
  }

  @Override
  String article() {
    return "a byte";
  }
}
