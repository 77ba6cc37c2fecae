package dev.duet.server.grpc;

import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.function.Function;

/**
 * The node's {@code org.opensearch.protobufs} codec, for code that translates without an engine
 * behind it (the gateway's adaptor upstream): the same decoders, encoders and error statuses the
 * node's own RPCs use, so both answer alike.
 */
public final class ProtoCodec {
  private ProtoCodec() {}

  public static BulkRequest decodeBulk(org.opensearch.protobufs.BulkRequest request) {
    return BulkRequestDecoder.decode(request);
  }

  public static org.opensearch.protobufs.BulkResponse encodeBulk(BulkResponse response) {
    return BulkResponseEncoder.encode(response);
  }

  public static SearchRequest decodeSearch(org.opensearch.protobufs.SearchRequest request) {
    return SearchRequestDecoder.decode(request);
  }

  /**
   * Sort values of {@code _score} and {@code _doc} are typed as the node types them; a field's
   * values stay as the REST answer typed them (long, double, string), since without the index
   * mapping an {@code integer} or {@code float} field cannot be told from a {@code long} or {@code
   * double} one.
   */
  public static org.opensearch.protobufs.SearchResponse encodeSearch(
      SearchResponse response,
      org.opensearch.protobufs.SearchRequest request,
      SearchRequest decoded) {
    return SearchResponseEncoder.encode(
        response,
        request.hasTotalHitsAsInt() && request.getTotalHitsAsInt(),
        decoded.sort().isEmpty()
            ? SortValueTypes.AS_IS
            : new SortValueTypes(decoded.sort(), index -> Mapping.EMPTY));
  }

  /**
   * As {@link #encodeSearch(SearchResponse, org.opensearch.protobufs.SearchRequest,
   * SearchRequest)}, with each hit's index mapping (as the cluster that answered has it) to type
   * field sort values as the node does: {@code int32_value} for an {@code integer} field, {@code
   * float_value} for a {@code float} one.
   */
  public static org.opensearch.protobufs.SearchResponse encodeSearch(
      SearchResponse response,
      org.opensearch.protobufs.SearchRequest request,
      SearchRequest decoded,
      Function<String, Mapping> mappings) {
    return SearchResponseEncoder.encode(
        response,
        request.hasTotalHitsAsInt() && request.getTotalHitsAsInt(),
        decoded.sort().isEmpty()
            ? SortValueTypes.AS_IS
            : new SortValueTypes(decoded.sort(), mappings));
  }

  /** The status a failure gets: code, {@code summary; details=<REST JSON>}, structured details. */
  public static StatusRuntimeException toStatus(DuetException e) {
    return GrpcErrors.toStatus(e);
  }

  /**
   * The status of a failure a REST server described: {@code restJson} (its error body) goes after
   * {@code details=} as it came, when it fits in the bounded description.
   */
  public static StatusRuntimeException toStatus(DuetException e, String restJson) {
    return GrpcErrors.toStatus(e, restJson);
  }

  /** The gRPC code of a REST status, as the node maps it. */
  public static Status.Code code(int httpStatus) {
    return GrpcErrors.code(httpStatus);
  }
}
