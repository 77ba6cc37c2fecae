package dev.duet.engine.internal.knn;

import java.io.IOException;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.KnnVectorsReader;
import org.apache.lucene.codecs.KnnVectorsWriter;
import org.apache.lucene.index.SegmentReadState;
import org.apache.lucene.index.SegmentWriteState;

/**
 * A Lucene vector format that accepts as many dimensions as a {@code knn_vector} mapping may
 * declare (16,000, the k-NN plugin's limit for the Lucene engine) instead of Lucene's default
 * 1,024, which refuses every 1,536-dim embedding at index time. It carries its delegate's name, so
 * segments record the stock format and Lucene's default codec reads them back unchanged.
 */
final class WideVectorsFormat extends KnnVectorsFormat {
  /** The k-NN plugin's (and the mapping's) maximum {@code dimension}. */
  static final int MAX_DIMENSIONS = 16_000;

  private final KnnVectorsFormat delegate;

  WideVectorsFormat(KnnVectorsFormat delegate) {
    super(delegate.getName());
    this.delegate = delegate;
  }

  @Override
  public KnnVectorsWriter fieldsWriter(SegmentWriteState state) throws IOException {
    return delegate.fieldsWriter(state);
  }

  @Override
  public KnnVectorsReader fieldsReader(SegmentReadState state) throws IOException {
    return delegate.fieldsReader(state);
  }

  @Override
  public int getMaxDimensions(String fieldName) {
    return MAX_DIMENSIONS;
  }

  @Override
  public String toString() {
    return delegate.toString();
  }
}
