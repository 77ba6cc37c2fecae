package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Calls one node's gRPC port with the stock grpc-java client and the opensearch-protobufs
 * descriptors, and shapes the answer as {@code {"status": "OK", "message": ...}} or, on failure,
 * {@code {"status": "INVALID_ARGUMENT", "description": {"summary": ..., "details": ...}}} for
 * {@link JsonDiff}.
 */
final class GrpcCaller implements AutoCloseable {
  /**
   * OpenSearch 3.8 puts a Java stack trace in the status (~11 kB for a bad query), beyond
   * grpc-java's default 8 KiB metadata limit; the suite raises the limit for OpenSearch so that it
   * can see that answer at all. Duet is called with the stock limit: its errors must be readable by
   * a stock client (issue 2: bounded status messages).
   */
  private static final int RAISED_METADATA_SIZE = 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Generous for one call on loopback, short enough that a hung node fails CI in minutes. */
  private static final long DEADLINE_SECONDS = 20;

  private static final String DETAILS = "; details=";
  private static final Map<String, Rpc<?, ?>> METHODS =
      Map.of(
          "DocumentService/Bulk",
          new Rpc<>(DocumentServiceGrpc.getBulkMethod(), BulkRequest.getDefaultInstance()),
          "SearchService/Search",
          new Rpc<>(SearchServiceGrpc.getSearchMethod(), SearchRequest.getDefaultInstance()),
          "SearchService/CreatePit",
          new Rpc<>(
              SearchServiceGrpc.getCreatePitMethod(),
              org.opensearch.protobufs.CreatePitRequest.getDefaultInstance()),
          "SearchService/DeletePit",
          new Rpc<>(
              SearchServiceGrpc.getDeletePitMethod(),
              org.opensearch.protobufs.DeletePitRequest.getDefaultInstance()));

  private final ManagedChannel channel;

  /**
   * @param stockLimits whether to keep grpc-java's default inbound limits (8 KiB metadata, 4 MiB
   *     messages), as an unconfigured client would
   */
  GrpcCaller(String host, int port, boolean stockLimits) {
    NettyChannelBuilder builder = NettyChannelBuilder.forAddress(host, port).usePlaintext();
    if (!stockLimits) {
      builder.maxInboundMetadataSize(RAISED_METADATA_SIZE).maxInboundMessageSize(64 * 1024 * 1024);
    }
    this.channel = builder.build();
  }

  /** Whether {@code method} names an RPC the suite knows. */
  static boolean knows(String method) {
    return METHODS.containsKey(method);
  }

  /** Parses a case's request JSON for {@code method}, failing on unknown fields. */
  static Message request(String method, JsonNode json) {
    Rpc<?, ?> rpc = rpc(method);
    return ProtoJson.parse(rpc.prototype(), json);
  }

  JsonNode call(String method, JsonNode requestJson) {
    return rpc(method).call(channel, requestJson);
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
  }

  private static Rpc<?, ?> rpc(String method) {
    Rpc<?, ?> rpc = METHODS.get(method);
    if (rpc == null) {
      throw new IllegalArgumentException(
          "unknown gRPC method [" + method + "] (expected one of " + METHODS.keySet() + ")");
    }
    return rpc;
  }

  /**
   * OpenSearch's error descriptions read {@code <summary>; details=<REST error JSON>}; split so
   * that the details compare field by field like a REST error body.
   */
  static JsonNode description(String description) {
    if (description == null) {
      return null;
    }
    int at = description.indexOf(DETAILS);
    if (at >= 0) {
      try {
        JsonNode details = JSON.readTree(description.substring(at + DETAILS.length()));
        ObjectNode split = JSON.createObjectNode();
        split.put("summary", description.substring(0, at));
        split.set("details", details);
        return split;
      } catch (IOException e) {
        // not JSON after all (cut short?): compare the text as it is
      }
    }
    return TextNode.valueOf(description);
  }

  private record Rpc<Q extends Message, R extends Message>(
      MethodDescriptor<Q, R> descriptor, Q prototype) {
    JsonNode call(ManagedChannel channel, JsonNode requestJson) {
      Q request = ProtoJson.parse(prototype, requestJson);
      ObjectNode reply = JSON.createObjectNode();
      try {
        R response =
            ClientCalls.blockingUnaryCall(
                channel,
                descriptor,
                CallOptions.DEFAULT.withDeadlineAfter(DEADLINE_SECONDS, TimeUnit.SECONDS),
                request);
        reply.put("status", "OK");
        reply.set("message", ProtoJson.print(response));
      } catch (StatusRuntimeException e) {
        reply.put("status", e.getStatus().getCode().name());
        reply.set("description", description(e.getStatus().getDescription()));
      }
      return reply;
    }
  }
}
