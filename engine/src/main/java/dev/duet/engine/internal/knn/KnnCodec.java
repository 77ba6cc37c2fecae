package dev.duet.engine.internal.knn;

import dev.duet.engine.mapping.VectorField;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.PostingsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.search.suggest.document.Completion104PostingsFormat;
import org.apache.lucene.util.quantization.QuantizedByteVectorValues.ScalarEncoding;

/**
 * Lucene's default codec with each vector field's HNSW format chosen from its mapping: {@code m}
 * and {@code ef_construction}, and the compression level onto Lucene 10.5's quantized HNSW formats
 * (4x: 8-bit scalar, 8x: 4-bit, 16x: 2-bit, 32x: 1-bit "binary" quantization; 2x, which Lucene has
 * no half-float format for, uses 7-bit). The quantized formats keep the full-precision vectors too,
 * which is what lets a search rescore its candidates exactly.
 *
 * <p>Segments record each field's format by name, so Lucene's default codec reads them back: the
 * codec only matters when writing.
 */
public final class KnnCodec extends Lucene104Codec {
  private static final Map<FormatKey, KnnVectorsFormat> FORMATS = new ConcurrentHashMap<>();

  private static final PostingsFormat COMPLETION = new Completion104PostingsFormat();

  private final Function<String, VectorField> vectors;
  private final Predicate<String> completion;

  /** {@code vectors} looks up the current mapping's vector field by name (null if none). */
  public KnnCodec(Function<String, VectorField> vectors) {
    this(vectors, field -> false);
  }

  /**
   * {@code completion} tells the fields of type {@code completion}, whose postings Lucene's
   * completion format writes (with the FST the completion suggester reads).
   */
  public KnnCodec(Function<String, VectorField> vectors, Predicate<String> completion) {
    this.vectors = vectors;
    this.completion = completion;
  }

  @Override
  public PostingsFormat getPostingsFormatForField(String field) {
    return completion.test(field) ? COMPLETION : super.getPostingsFormatForField(field);
  }

  @Override
  public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
    VectorField vector = vectors.apply(field);
    if (vector == null) {
      return super.getKnnVectorsFormatForField(field);
    }
    int compression = vector.dataType() == VectorField.DataType.FLOAT ? vector.compression() : 1;
    return FORMATS.computeIfAbsent(
        new FormatKey(vector.m(), vector.efConstruction(), compression), KnnCodec::format);
  }

  /** The Lucene format for a compression level, as documented on the class. */
  static KnnVectorsFormat format(FormatKey key) {
    ScalarEncoding encoding =
        switch (key.compression()) {
          case 2 -> ScalarEncoding.SEVEN_BIT;
          case 4 -> ScalarEncoding.UNSIGNED_BYTE;
          case 8 -> ScalarEncoding.PACKED_NIBBLE;
          case 16 -> ScalarEncoding.DIBIT_QUERY_NIBBLE;
          case 32 -> ScalarEncoding.SINGLE_BIT_QUERY_NIBBLE;
          default -> null;
        };
    return new WideVectorsFormat(
        encoding == null
            ? new Lucene99HnswVectorsFormat(key.m(), key.efConstruction())
            : new Lucene104HnswScalarQuantizedVectorsFormat(
                encoding, key.m(), key.efConstruction()));
  }

  record FormatKey(int m, int efConstruction, int compression) {}
}
