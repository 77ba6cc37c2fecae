package dev.duet.engine.internal.knn;

import org.apache.lucene.codecs.hnsw.FlatVectorScorerUtil;

/**
 * Which vector scoring Lucene runs in this JVM: the Panama (SIMD, {@code jdk.incubator.vector})
 * scorer when the JVM was started with {@code --add-modules jdk.incubator.vector}, else the scalar
 * default. Logged at start so a slow k-NN node can be told from a misconfigured one.
 */
public final class VectorSupport {
  private VectorSupport() {}

  /** For example {@code "SIMD (Lucene99MemorySegmentFlatVectorsScorer)"}. */
  public static String describe() {
    String scorer = FlatVectorScorerUtil.getLucene99FlatVectorsScorer().getClass().getSimpleName();
    boolean simd = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    return (simd && !scorer.startsWith("Default") ? "SIMD" : "scalar") + " (" + scorer + ")";
  }
}
