package dev.duet.engine.internal.knn;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.VectorField;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KnnByteVectorField;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.VectorSimilarityFunction;

/**
 * Turns {@code knn_vector} values into Lucene vector fields: from a JSON array (streamed, no tree)
 * or from packed floats that arrived over gRPC. Both paths make the k-NN plugin's checks with its
 * messages: the mapped dimension, no NaN or infinity, and for {@code byte} fields whole numbers in
 * [-128, 127].
 */
public final class VectorValues {
  private static final Map<VectorField, FieldType> TYPES = new ConcurrentHashMap<>();

  private VectorValues() {}

  /**
   * Reads the value at the parser ({@code t} is its current token: an array, or a scalar read as a
   * one-element vector as the plugin does; not an object) and returns its Lucene field.
   */
  public static IndexableField parse(
      JsonParser p, JsonToken t, String path, VectorField field, String id) throws IOException {
    float[] values = new float[field.dimension()];
    int n = 0;
    if (t != JsonToken.START_ARRAY) {
      values[n++] = element(p, t, path, id);
      return n == field.dimension()
          ? field(path, field, values, id)
          : mismatchFailure(path, id, field, n);
    }
    JsonToken e;
    while ((e = p.nextToken()) != JsonToken.END_ARRAY) {
      if (e == JsonToken.START_ARRAY || e == JsonToken.START_OBJECT) {
        p.skipChildren();
        continue; // the plugin ignores nested structures here and then counts the dimension
      }
      float v = element(p, e, path, id);
      if (n < values.length) {
        values[n] = v;
      }
      n++;
    }
    if (n != field.dimension()) {
      return mismatchFailure(path, id, field, n);
    }
    return field(path, field, values, id);
  }

  /** The Lucene field for packed floats; the same checks as for JSON, naming the field. */
  public static IndexableField packed(String path, VectorField field, float[] values, String id) {
    if (values.length != field.dimension()) {
      return mismatchFailure(path, id, field, values.length);
    }
    for (float v : values) {
      check(v, path, id);
    }
    return field(path, field, values, id);
  }

  /**
   * The Lucene similarity behind a k-NN space type; its scores are the plugin's translated ones.
   */
  public static VectorSimilarityFunction similarity(VectorField.SpaceType space) {
    return switch (space) {
      case L2 -> VectorSimilarityFunction.EUCLIDEAN;
      case COSINESIMIL -> VectorSimilarityFunction.COSINE;
      case INNERPRODUCT -> VectorSimilarityFunction.MAXIMUM_INNER_PRODUCT;
      default ->
          throw DuetException.illegalArgument("space [" + space.value() + "] is not supported");
    };
  }

  private static float element(JsonParser p, JsonToken t, String path, String id)
      throws IOException {
    float v;
    if (t.isNumeric()) {
      v = p.getFloatValue();
    } else {
      String text = p.getText();
      try {
        v = Float.parseFloat(text);
      } catch (NumberFormatException e) {
        throw failure(
            path,
            id,
            text,
            new DuetException(
                400, "number_format_exception", "For input string: \"" + text + "\""));
      }
    }
    check(v, path, id);
    return v;
  }

  private static void check(float v, String path, String id) {
    if (Float.isNaN(v)) {
      throw failure(
          path, id, "NaN", DuetException.illegalArgument("KNN vector values cannot be NaN"));
    }
    if (Float.isInfinite(v)) {
      throw failure(
          path,
          id,
          v > 0 ? "Infinity" : "-Infinity",
          DuetException.illegalArgument("KNN vector values cannot be infinity"));
    }
  }

  private static IndexableField field(String path, VectorField field, float[] values, String id) {
    FieldType type = TYPES.computeIfAbsent(field, VectorValues::fieldType);
    if (field.dataType() == VectorField.DataType.FLOAT) {
      return new KnnFloatVectorField(path, values, type);
    }
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      float v = values[i];
      if (v != (float) Math.floor(v)) {
        throw failure(
            path,
            id,
            Float.toString(v),
            DuetException.illegalArgument(
                "[data_type] field was set as [byte] in index mapping. But, KNN vector values are"
                    + " floats instead of byte integers"));
      }
      if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
        throw failure(
            path,
            id,
            Float.toString(v),
            DuetException.illegalArgument(
                "KNN vector values are not within in the byte range [-128, 127]"));
      }
      bytes[i] = (byte) v;
    }
    return new KnnByteVectorField(path, bytes, type);
  }

  private static FieldType fieldType(VectorField field) {
    VectorSimilarityFunction similarity = similarity(field.space());
    return field.dataType() == VectorField.DataType.FLOAT
        ? KnnFloatVectorField.createFieldType(field.dimension(), similarity)
        : KnnByteVectorField.createFieldType(field.dimension(), similarity);
  }

  private static IndexableField mismatchFailure(String path, String id, VectorField field, int n) {
    throw failure(path, id, "null", mismatch(field, n));
  }

  private static DuetException mismatch(VectorField field, int given) {
    return DuetException.illegalArgument(
        "Vector dimension mismatch. Expected: " + field.dimension() + ", Given: " + given);
  }

  /** The mapper failure OpenSearch reports for a bad field value, naming field and document. */
  static DuetException failure(String path, String id, String preview, DuetException cause) {
    return new DuetException(
        400,
        "mapper_parsing_exception",
        "failed to parse field ["
            + path
            + "] of type [knn_vector] in document with id '"
            + id
            + "'. Preview of field's value: '"
            + preview
            + "'",
        Map.of(),
        cause);
  }

  /** The failure for an object given as a vector ({@code preview} is the object read). */
  public static DuetException objectFailure(
      String path, String id, Object preview, VectorField field) {
    return failure(path, id, String.valueOf(preview), mismatch(field, 0));
  }
}
