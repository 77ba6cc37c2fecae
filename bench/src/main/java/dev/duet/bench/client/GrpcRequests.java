package dev.duet.bench.client;

import com.google.protobuf.UnsafeByteOperations;
import java.util.List;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;

/**
 * Builds the {@code org.opensearch.protobufs} 1.6.0 messages equivalent to {@link RestRequests}:
 * the same operations, expressed the way OpenSearch's transport-grpc expects them.
 */
public final class GrpcRequests {
  private GrpcRequests() {}

  /** A {@code DocumentService/Bulk} request indexing {@code ops}, each source as raw bytes. */
  public static BulkRequest bulk(String index, List<IndexOp> ops) {
    BulkRequest.Builder request = BulkRequest.newBuilder().setIndex(index);
    for (IndexOp op : ops) {
      request.addBulkRequestBody(
          BulkRequestBody.newBuilder()
              .setOperationContainer(
                  OperationContainer.newBuilder()
                      .setIndex(IndexOperation.newBuilder().setXId(op.id())))
              // Sources are generated once and never mutated, so wrapping without a copy is safe.
              .setObject(UnsafeByteOperations.unsafeWrap(op.source())));
    }
    return request.build();
  }

  /** A {@code SearchService/Search} request with one {@code match} query. */
  public static SearchRequest matchSearch(String index, String field, String text, int size) {
    return SearchRequest.newBuilder()
        .addIndex(index)
        .setSearchRequestBody(
            SearchRequestBody.newBuilder()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setMatch(
                            MatchQuery.newBuilder()
                                .setField(field)
                                .setQuery(FieldValue.newBuilder().setString(text))))
                .setSize(size))
        .build();
  }
}
