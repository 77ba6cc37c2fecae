package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.server.action.BulkAction;
import dev.duet.server.pool.WorkPool;
import io.grpc.stub.StreamObserver;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/**
 * {@code org.opensearch.protobufs.services.DocumentService}: bulk writes, handed to the node's
 * write pool in one hop ({@link RpcCalls#unaryOffLoop}).
 */
final class DocumentRpcs extends DocumentServiceGrpc.DocumentServiceImplBase {
  private final BulkAction bulk;
  private final WorkPool pool;

  DocumentRpcs(BulkAction bulk, WorkPool pool) {
    this.bulk = requireNonNull(bulk, "bulk");
    this.pool = requireNonNull(pool, "pool");
  }

  @Override
  public void bulk(BulkRequest request, StreamObserver<BulkResponse> responses) {
    RpcCalls.unaryOffLoop(
        pool,
        "DocumentService/Bulk",
        request.getSerializedSize(),
        responses,
        () -> BulkResponseEncoder.encode(bulk.execute(BulkRequestDecoder.decode(request))));
  }
}
