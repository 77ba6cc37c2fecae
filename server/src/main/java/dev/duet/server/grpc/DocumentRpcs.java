package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.server.annotation.Blocking;
import dev.duet.server.action.BulkAction;
import io.grpc.stub.StreamObserver;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/** {@code org.opensearch.protobufs.services.DocumentService}: bulk writes. */
@Blocking // every RPC calls the engine, which may block (GrpcTransport)
final class DocumentRpcs extends DocumentServiceGrpc.DocumentServiceImplBase {
  private final BulkAction bulk;

  DocumentRpcs(BulkAction bulk) {
    this.bulk = requireNonNull(bulk, "bulk");
  }

  @Override
  public void bulk(BulkRequest request, StreamObserver<BulkResponse> responses) {
    RpcCalls.unary(
        "DocumentService/Bulk",
        responses,
        () -> BulkResponseEncoder.encode(bulk.execute(BulkRequestDecoder.decode(request))));
  }
}
