package dev.duet.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene104.Lucene104Codec;
import org.apache.lucene.codecs.lucene104.Lucene104HnswScalarQuantizedVectorsFormat;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.quantization.QuantizedByteVectorValues.ScalarEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The vector memory report reads real Lucene indices written with the formats Duet maps onto. */
class VectorMemoryTest {
  private static final int DIMS = 64;

  @TempDir Path dir;

  @Test
  void floatFieldReportsRawVectorsAndGraphSummedOverSegments() throws IOException {
    write(new Lucene99HnswVectorsFormat(), 200, 100); // two commits, two segments

    VectorMemory memory = VectorMemory.of(dir, "v");

    assertThat(memory.vectors()).isEqualTo(300);
    assertThat(memory.fileBytes()).containsEntry("vec", 300L * DIMS * Float.BYTES);
    assertThat(memory.fileBytes()).containsKey("vex").doesNotContainKey("veq");
    assertThat(memory.heapBytes()).isPositive();
    assertThat(memory.perMillion(memory.fileBytes().get("vec")))
        .isEqualTo(1_000_000.0 * DIMS * Float.BYTES);
  }

  @Test
  void quantizedFieldReportsQuantizedVectorsBesideTheRawOnes() throws IOException {
    write(
        new Lucene104HnswScalarQuantizedVectorsFormat(ScalarEncoding.UNSIGNED_BYTE, 16, 100),
        300,
        0);

    VectorMemory memory = VectorMemory.of(dir, "v");

    assertThat(memory.vectors()).isEqualTo(300);
    assertThat(memory.fileBytes()).containsEntry("vec", 300L * DIMS * Float.BYTES);
    // one byte a dimension plus a few correction floats a vector: about a quarter of the floats
    assertThat(memory.fileBytes().get("veq")).isBetween(300L * DIMS, 300L * DIMS * Float.BYTES / 2);
    assertThat(memory.totalFileBytes())
        .isEqualTo(memory.fileBytes().values().stream().mapToLong(Long::longValue).sum());
  }

  @Test
  void aFieldWithoutVectorsReportsNothing() throws IOException {
    write(new Lucene99HnswVectorsFormat(), 10, 0);

    VectorMemory memory = VectorMemory.of(dir, "missing");

    assertThat(memory.vectors()).isZero();
    assertThat(memory.fileBytes()).isEmpty();
    assertThat(memory.perMillion(123)).isZero();
  }

  @Test
  void findsTheIndexDirectoryOfADuetNodeByUuid() throws IOException {
    Path data = dir.resolve("data");
    Path lucene = Files.createDirectories(data.resolve("indices/abc123/lucene"));

    assertThat(VectorMemory.indexDirectory(data, "abc123")).isEqualTo(lucene);
    assertThatThrownBy(() -> VectorMemory.indexDirectory(data, "nope"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("nope");
  }

  private void write(KnnVectorsFormat format, int first, int second) throws IOException {
    IndexWriterConfig config =
        new IndexWriterConfig()
            .setCodec(
                new Lucene104Codec() {
                  @Override
                  public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                    return format;
                  }
                });
    Random random = new Random(7);
    try (FSDirectory directory = FSDirectory.open(dir);
        IndexWriter writer = new IndexWriter(directory, config)) {
      for (int batch : new int[] {first, second}) {
        for (int i = 0; i < batch; i++) {
          float[] v = new float[DIMS];
          for (int d = 0; d < DIMS; d++) {
            v[d] = random.nextFloat() * 2 - 1;
          }
          Document doc = new Document();
          doc.add(new KnnFloatVectorField("v", v));
          doc.add(new StringField("id", Integer.toString(i), Field.Store.NO));
          writer.addDocument(doc);
        }
        writer.commit();
      }
    }
  }
}
