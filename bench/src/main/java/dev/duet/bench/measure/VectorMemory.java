package dev.duet.bench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.perfield.PerFieldKnnVectorsFormat;
import org.apache.lucene.index.CodecReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Accountable;

/**
 * What one vector field costs in a committed Lucene index: the bytes of its vector files per
 * extension ({@code vec} raw floats, {@code veq}/{@code veb} quantized, {@code vex} HNSW graph), as
 * Lucene's own readers report them ({@link KnnVectorsReader#getOffHeapByteSize}: the bytes a search
 * maps from disk, summed over segments), and the heap the readers hold for it ({@link
 * Accountable#ramBytesUsed}: graph offsets, quantization state, per-field metadata). The bench
 * reads the node's index directory read-only, from the same machine, because Duet has no {@code
 * _stats} endpoint that breaks segment files down; Lucene records each field's format by name in
 * the segment, so the default codec opens it.
 */
public record VectorMemory(
    String field, long vectors, Map<String, Long> fileBytes, long heapBytes) {
  /** Keeps the extensions sorted, so reports list them in a stable order. */
  public VectorMemory {
    fileBytes = Collections.unmodifiableMap(new TreeMap<>(fileBytes));
  }

  /** The sum of the field's vector-file bytes. */
  public long totalFileBytes() {
    return fileBytes.values().stream().mapToLong(Long::longValue).sum();
  }

  /** {@code bytes} scaled linearly from {@link #vectors} to one million vectors. */
  public double perMillion(long bytes) {
    return vectors == 0 ? 0 : bytes * (1_000_000.0 / vectors);
  }

  /** Measures {@code field} in the last commit of the Lucene index at {@code indexDir}. */
  public static VectorMemory of(Path indexDir, String field) throws IOException {
    Map<String, Long> files = new TreeMap<>();
    long heap = 0;
    long vectors = 0;
    try (Directory dir = FSDirectory.open(indexDir);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        FieldInfo info = leaf.reader().getFieldInfos().fieldInfo(field);
        if (info == null || !info.hasVectorValues()) {
          continue;
        }
        vectors += leaf.reader().getFloatVectorValues(field).size();
        KnnVectorsReader vectorsReader = ((CodecReader) leaf.reader()).getVectorReader();
        vectorsReader
            .getOffHeapByteSize(info)
            .forEach((ext, bytes) -> files.merge(ext, bytes, Long::sum));
        KnnVectorsReader fieldReader =
            vectorsReader instanceof PerFieldKnnVectorsFormat.FieldsReader perField
                ? perField.getFieldReader(field)
                : vectorsReader;
        if (fieldReader instanceof Accountable accountable) {
          heap += accountable.ramBytesUsed();
        }
      }
    }
    return new VectorMemory(field, vectors, files, heap);
  }

  /**
   * The Lucene index directory of the index with {@code uuid} (its {@code index.uuid} setting)
   * under a Duet node's data directory: {@code indices/<uuid>/lucene}.
   */
  public static Path indexDirectory(Path dataDir, String uuid) throws IOException {
    Path dir = dataDir.resolve("indices").resolve(uuid).resolve("lucene");
    if (!Files.isDirectory(dir)) {
      throw new IOException("no Lucene index directory " + dir);
    }
    return dir;
  }
}
