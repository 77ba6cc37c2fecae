package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.common.grpc.GrpcExceptionHandlerFunction;
import com.linecorp.armeria.server.HttpServiceWithRoutes;
import com.linecorp.armeria.server.grpc.GrpcService;
import dev.duet.server.action.Actions;
import dev.duet.server.pool.WorkPools;
import dev.duet.server.rest.RestRouter;
import io.grpc.Status;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import java.util.List;

/**
 * The node's gRPC endpoint: OpenSearch's {@code DocumentService} and {@code SearchService}, Duet's
 * generated {@code duet.*} services (api/proto: info, cluster, cat, indices, documents, search),
 * the standard health service (SERVING while the node runs) and server reflection, as one Armeria
 * service to bind on the gRPC port.
 *
 * <p>Reflection is {@code grpc.reflection.v1} only: Armeria accepts one reflection service, and
 * current tools (grpcurl 1.8.8+, Postman) ask for v1 first.
 */
public final class GrpcTransport {
  /**
   * The setting that bounds one inbound gRPC message; named like OpenSearch's so that the error a
   * client sees tells it what to raise.
   */
  public static final String MAX_MESSAGE_SIZE_SETTING = "grpc.netty.max_msg_size";

  private GrpcTransport() {}

  /**
   * Builds the service; {@code routes} are the REST routes the generated {@code duet.*} services
   * run their operations through (the node's own, so both ports share them). Handlers run on
   * Armeria's blocking task executor because every engine call may block on I/O, except Search and
   * Bulk, which run on the node's search and write pools ({@code pools}: full pools answer
   * RESOURCE_EXHAUSTED); decoding and encoding happen on that same thread, so a call costs one hop.
   * The exception is a search the request cache answers, on the event loop with no hop at all.
   */
  public static HttpServiceWithRoutes service(
      Actions actions, RestRouter routes, int maxMessageBytes, WorkPools pools) {
    requireNonNull(actions, "actions");
    requireNonNull(routes, "routes");
    requireNonNull(pools, "pools");
    if (maxMessageBytes <= 0) {
      throw new IllegalArgumentException(
          "maxMessageBytes: " + maxMessageBytes + " (expected: > 0)");
    }
    RestOperations rest = new RestOperations(routes, pools);
    return GrpcService.builder()
        .addService(new DocumentRpcs(actions.bulk(), pools.write()))
        .addService(
            new SearchRpcs(
                actions.search(), actions.sessions(), actions.indices()::mapping, pools.search()),
            List.of(StreamingRequestCount::new))
        .addService(new IndicesRpcs(actions, rest))
        .addService(new CountRpcs(rest))
        .addService(new DocumentsRpcs(rest))
        .addService(new ClusterRpcs(rest))
        .addService(new NodesRpcs(rest))
        .addService(new CatRpcs(rest))
        .addService(new TemplatesRpcs(rest))
        .addService(new SnapshotRpcs(rest))
        .addService(new IngestRpcs(rest))
        .addService(new InfoRpcs(rest))
        .addService(ProtoReflectionServiceV1.newInstance())
        .enableHealthCheckService(true)
        // Off: each service class says @Blocking, but for Bulk and Search, which hand themselves
        // over in one hop (RpcCalls.unaryOffLoop), Search after answering cache hits here.
        .useBlockingTaskExecutor(false)
        .maxRequestMessageLength(maxMessageBytes)
        .exceptionHandler(
            messageTooLarge(maxMessageBytes)
                .orElse((ctx, status, cause, metadata) -> GrpcErrors.undecodable(status, cause)))
        .build();
  }

  /**
   * Armeria rejects an oversized message with RESOURCE_EXHAUSTED (as grpc-java, and so OpenSearch,
   * does) and a terse "Frame size ... exceeds maximum"; this names the setting to raise.
   */
  private static GrpcExceptionHandlerFunction messageTooLarge(int maxMessageBytes) {
    return (ctx, status, cause, metadata) -> {
      if (status.getCode() != Status.Code.RESOURCE_EXHAUSTED
          || status.getDescription() == null
          || !status.getDescription().contains("exceeds maximum")) {
        return null; // not ours: fall back to Armeria's default mapping
      }
      return status.withDescription(
          status.getDescription()
              + " The request is larger than ["
              + MAX_MESSAGE_SIZE_SETTING
              + "] = "
              + maxMessageBytes
              + " bytes; send smaller requests or raise the setting.");
    };
  }
}
