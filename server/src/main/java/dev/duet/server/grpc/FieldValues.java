package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.GeneralNumber;
import org.opensearch.protobufs.NullValue;

/**
 * Converts between the protos' {@link FieldValue} and the model's plain values ({@link String},
 * {@link Long}, {@link Double}, {@link Boolean}, null), the same types the JSON decoder produces.
 */
final class FieldValues {
  private FieldValues() {}

  /** The value a client sent, or null for {@code null_value} or an empty message. */
  static Object fromProto(FieldValue value) {
    if (value.hasString()) {
      return value.getString();
    }
    if (value.hasGeneralNumber()) {
      return fromProto(value.getGeneralNumber());
    }
    if (value.hasBool()) {
      return value.getBool();
    }
    return null;
  }

  /**
   * Integers become {@link Long} and floats {@link Double}, as a JSON parser would type them;
   * unsigned values beyond {@code Long.MAX_VALUE} keep their digits as a string.
   */
  static Object fromProto(GeneralNumber number) {
    return switch (number.getValueCase()) {
      case INT32_VALUE -> (long) number.getInt32Value();
      case INT64_VALUE -> number.getInt64Value();
      // Through the float's shortest decimal form, so that 0.1f means 0.1 and not 0.10000000149.
      case FLOAT_VALUE -> Double.parseDouble(Float.toString(number.getFloatValue()));
      case DOUBLE_VALUE -> number.getDoubleValue();
      case UINT64_VALUE -> {
        long raw = number.getUint64Value();
        yield raw >= 0 ? (Object) raw : Long.toUnsignedString(raw);
      }
      case VALUE_NOT_SET -> throw DuetException.parsing("number value is missing");
    };
  }

  /**
   * A whole double (as range bounds arrive) becomes a {@link Long}, so that {@code 5.0} on a long
   * or date field means what {@code 5} means in JSON; other doubles stay as they are.
   */
  static Object number(double value) {
    if (value == Math.rint(value) && Math.abs(value) < 0x1p53) {
      return (long) value;
    }
    return value;
  }

  /** A sort value as OpenSearch renders it: numbers typed, strings as strings, null as null. */
  static FieldValue toProto(Object value) {
    FieldValue.Builder out = FieldValue.newBuilder();
    switch (value) {
      case null -> out.setNullValue(NullValue.NULL_VALUE_NULL);
      case String s -> out.setString(s);
      case Long l -> out.setGeneralNumber(GeneralNumber.newBuilder().setInt64Value(l));
      case Integer i -> out.setGeneralNumber(GeneralNumber.newBuilder().setInt32Value(i));
      case Double d -> out.setGeneralNumber(GeneralNumber.newBuilder().setDoubleValue(d));
      case Float f -> out.setGeneralNumber(GeneralNumber.newBuilder().setFloatValue(f));
      // An unsigned_long past Long.MAX_VALUE: its 64 bits as uint64.
      case java.math.BigInteger b ->
          out.setGeneralNumber(GeneralNumber.newBuilder().setUint64Value(b.longValue()));
      case Boolean b -> out.setBool(b);
      default -> out.setString(value.toString());
    }
    return out.build();
  }
}
