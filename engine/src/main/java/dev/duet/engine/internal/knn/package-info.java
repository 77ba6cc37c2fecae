/**
 * k-NN vector search on Lucene's HNSW: how {@code knn_vector} values become Lucene vector fields
 * ({@link dev.duet.engine.internal.knn.VectorValues}), which per-field vector format stores them
 * ({@link dev.duet.engine.internal.knn.KnnCodec}), and how the {@code knn} query model becomes a
 * Lucene query ({@link dev.duet.engine.internal.knn.KnnQueryBuilder}). Starting points: those
 * three.
 */
package dev.duet.engine.internal.knn;
