package dev.duet.engine.document;

/**
 * What a successful write did: {@code result} is {@code created}, {@code updated}, {@code deleted}
 * or {@code not_found}; shard counts are what OpenSearch reports for one primary whose replicas are
 * unassigned ({@code total = 1 + number_of_replicas}, {@code successful = 1}).
 */
public record WriteResult(
    String result,
    long version,
    long seqNo,
    long primaryTerm,
    boolean forcedRefresh,
    int shardsTotal,
    int shardsSuccessful) {}
