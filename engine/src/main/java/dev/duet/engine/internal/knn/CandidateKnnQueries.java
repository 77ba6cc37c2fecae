package dev.duet.engine.internal.knn;

import java.util.Objects;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnByteVectorQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.knn.KnnCollectorManager;

/**
 * Lucene's k-NN queries with the HNSW candidate list ({@code ef_search}) apart from the number of
 * hits: each segment's graph search keeps {@code candidates} nearest, the merged result keeps
 * {@code k}. Lucene ties both to {@code k}; the k-NN plugin's {@code ef_search} and Duet's default
 * of 100 candidates need them apart to return k hits with the recall of a wider search.
 */
final class CandidateKnnQueries {
  private CandidateKnnQueries() {}

  static Query floats(String field, float[] target, int k, int candidates, Query filter) {
    return new Floats(field, target, k, candidates, filter);
  }

  static Query bytes(String field, byte[] target, int k, int candidates, Query filter) {
    return new Bytes(field, target, k, candidates, filter);
  }

  private static final class Floats extends KnnFloatVectorQuery {
    private final int candidates;

    Floats(String field, float[] target, int k, int candidates, Query filter) {
      super(field, target, k, filter);
      this.candidates = candidates;
    }

    @Override
    protected KnnCollectorManager getKnnCollectorManager(int k, IndexSearcher searcher) {
      return super.getKnnCollectorManager(Math.max(k, candidates), searcher);
    }

    @Override
    public boolean equals(Object o) {
      return super.equals(o) && ((Floats) o).candidates == candidates;
    }

    @Override
    public int hashCode() {
      return Objects.hash(super.hashCode(), candidates);
    }
  }

  private static final class Bytes extends KnnByteVectorQuery {
    private final int candidates;

    Bytes(String field, byte[] target, int k, int candidates, Query filter) {
      super(field, target, k, filter);
      this.candidates = candidates;
    }

    @Override
    protected KnnCollectorManager getKnnCollectorManager(int k, IndexSearcher searcher) {
      return super.getKnnCollectorManager(Math.max(k, candidates), searcher);
    }

    @Override
    public boolean equals(Object o) {
      return super.equals(o) && ((Bytes) o).candidates == candidates;
    }

    @Override
    public int hashCode() {
      return Objects.hash(super.hashCode(), candidates);
    }
  }
}
