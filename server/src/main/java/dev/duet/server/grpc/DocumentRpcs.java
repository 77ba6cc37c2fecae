package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.server.action.BulkAction;
import io.grpc.stub.StreamObserver;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/**
 * {@code org.opensearch.protobufs.services.DocumentService}: bulk writes, handed to a blocking
 * thread in one hop ({@link RpcCalls#unaryOffLoop}).
 */
final class DocumentRpcs extends DocumentServiceGrpc.DocumentServiceImplBase {
  private final BulkAction bulk;

  DocumentRpcs(BulkAction bulk) {
    this.bulk = requireNonNull(bulk, "bulk");
  }

  @Override
  public void bulk(BulkRequest request, StreamObserver<BulkResponse> responses) {
    RpcCalls.unaryOffLoop(
        "DocumentService/Bulk",
        responses,
        () -> BulkResponseEncoder.encode(bulk.execute(BulkRequestDecoder.decode(request))));
  }
}
