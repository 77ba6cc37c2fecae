/**
 * The engine on Apache Lucene, one concept per package with dependencies running one way ({@code
 * session → search → fetch → query → sort → shard → document → meta → source}, with {@code admin}
 * and {@code bulk} on the shard, {@code agg} run by the search, {@code knn}, {@code analysis} and
 * {@code translog} as leaves); {@code ArchitectureTest} keeps it so. Starting points: {@link
 * dev.duet.engine.internal.LuceneEngine} (the {@code Engine} API as a thin facade over {@code
 * admin.NodeIndices}, {@code bulk.NodeDocuments}, {@code session.NodeSearch}, {@code
 * admin.NodeAdmin}) and {@code LuceneEngineFactory} (how {@code Engines} finds it).
 */
package dev.duet.engine.internal;
