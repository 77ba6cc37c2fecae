package dev.duet.server.grpc;

import com.google.protobuf.ByteString;
import dev.duet.engine.error.DuetException;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.opensearch.protobufs.BinaryFieldValue;
import org.opensearch.protobufs.FloatArrayValue;
import org.opensearch.protobufs.FloatBinaryLE;
import org.opensearch.protobufs.FloatList;

/**
 * Decodes a bulk item's {@code extra_field_values} (the fast path for vectors) into float arrays by
 * field path, in either form {@code FloatArrayValue} allows: packed {@code values} (read by index,
 * unboxed) or {@code binary_le} (little-endian IEEE floats, copied in one bulk read). No JSON is
 * involved; the engine checks each vector against the field's mapping, per item.
 */
final class PackedVectorDecoder {
  private PackedVectorDecoder() {}

  static Map<String, float[]> decode(Map<String, BinaryFieldValue> values) {
    Map<String, float[]> out = new LinkedHashMap<>(values.size() * 2);
    for (Map.Entry<String, BinaryFieldValue> e : values.entrySet()) {
      BinaryFieldValue value = e.getValue();
      if (value.getBinaryFieldValueCase()
          != BinaryFieldValue.BinaryFieldValueCase.FLOAT_ARRAY_VALUE) {
        throw DuetException.illegalArgument(
            "extra_field_values ["
                + e.getKey()
                + "]: only float_array_value is supported (for knn_vector fields), got ["
                + value.getBinaryFieldValueCase().name().toLowerCase(java.util.Locale.ROOT)
                + "]");
      }
      out.put(e.getKey(), floats(e.getKey(), value.getFloatArrayValue()));
    }
    return out;
  }

  private static float[] floats(String field, FloatArrayValue array) {
    return switch (array.getEncodingCase()) {
      case VALUES -> {
        FloatList list = array.getValues();
        float[] v = new float[list.getValuesCount()];
        for (int i = 0; i < v.length; i++) {
          v[i] = list.getValues(i);
        }
        yield v;
      }
      case BINARY_LE -> littleEndian(field, array.getBinaryLe());
      case ENCODING_NOT_SET ->
          throw DuetException.illegalArgument(
              "extra_field_values ["
                  + field
                  + "]: float_array_value has neither values nor binary_le");
    };
  }

  private static float[] littleEndian(String field, FloatBinaryLE binary) {
    ByteString bytes = binary.getBytesLe();
    if (bytes.size() % Float.BYTES != 0
        || binary.getDimension() != 0 && binary.getDimension() * Float.BYTES != bytes.size()) {
      throw DuetException.illegalArgument(
          "extra_field_values ["
              + field
              + "]: binary_le has "
              + bytes.size()
              + " bytes (expected: 4 x dimension ["
              + binary.getDimension()
              + "])");
    }
    float[] v = new float[bytes.size() / Float.BYTES];
    bytes.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
    return v;
  }
}
