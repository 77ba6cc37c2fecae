package dev.duet.server.grpc;

import com.google.protobuf.ByteString;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import java.util.Map;
import org.opensearch.protobufs.ErrorCause;
import org.opensearch.protobufs.InlineGetDictUserDefined;
import org.opensearch.protobufs.Item;
import org.opensearch.protobufs.ObjectMap;
import org.opensearch.protobufs.ResponseItem;
import org.opensearch.protobufs.ShardInfo;

/**
 * Encodes bulk results as OpenSearch 3.8's transport-grpc does, field by field. Its quirk, which
 * clients depend on: an item's {@code status} is the gRPC code of the item's REST status (0 for
 * created or updated, 5 for a delete that found nothing, 3 for a mapping error), not the HTTP
 * status REST shows.
 */
final class BulkResponseEncoder {
  private BulkResponseEncoder() {}

  static org.opensearch.protobufs.BulkResponse encode(BulkResponse response) {
    var out =
        org.opensearch.protobufs.BulkResponse.newBuilder()
            .setTook(response.tookMillis())
            .setErrors(response.errors());
    for (BulkItemResponse item : response.items()) {
      ResponseItem encoded = item(item);
      Item.Builder wrapper = Item.newBuilder();
      switch (item.opType()) {
        case INDEX -> wrapper.setIndex(encoded);
        case CREATE -> wrapper.setCreate(encoded);
        case UPDATE -> wrapper.setUpdate(encoded);
        case DELETE -> wrapper.setDelete(encoded);
      }
      out.addItems(wrapper);
    }
    return out.build();
  }

  static ResponseItem item(BulkItemResponse item) {
    ResponseItem.Builder out =
        ResponseItem.newBuilder()
            .setXIndex(item.index())
            .setStatus(GrpcErrors.code(item.status()).value());
    if (item.id() != null && !item.id().isEmpty()) {
      out.setXId(item.id());
    }
    if (item.failed()) {
      return out.setError(errorCause(item.failure())).build();
    }
    WriteResult result = item.result();
    out.setXVersion(result.version()).setResult(result.result());
    if (result.forcedRefresh()) {
      out.setForcedRefresh(true);
    }
    out.setXShards(
        ShardInfo.newBuilder()
            .setTotal(result.shardsTotal())
            .setSuccessful(result.shardsSuccessful())
            .setFailed(0));
    if (result.seqNo() >= 0) {
      out.setXSeqNo(result.seqNo()).setXPrimaryTerm(result.primaryTerm());
    }
    GetResult get = item.get();
    if (get != null) {
      InlineGetDictUserDefined.Builder inline =
          InlineGetDictUserDefined.newBuilder()
              .setFound(true)
              .setXSeqNo(get.seqNo())
              .setXPrimaryTerm(get.primaryTerm());
      if (get.source() != null) {
        inline.setXSource(ByteString.copyFrom(get.source()));
      }
      out.setGet(inline);
    }
    return out.build();
  }

  /**
   * The error as OpenSearch renders a throwable: type, reason, its extra keys as {@code metadata},
   * and {@code caused_by}. OpenSearch also sends a Java stack trace here; Duet sends none, since a
   * client can do nothing with a server's stack frames.
   */
  static ErrorCause errorCause(DuetException e) {
    ErrorCause.Builder out = ErrorCause.newBuilder().setType(e.type()).setReason(e.reason());
    if (!e.metadata().isEmpty()) {
      ObjectMap.Builder metadata = ObjectMap.newBuilder();
      for (Map.Entry<String, String> entry : e.metadata().entrySet()) {
        metadata.putFields(
            entry.getKey(), ObjectMap.Value.newBuilder().setString(entry.getValue()).build());
      }
      out.setMetadata(metadata);
    }
    if (e.causedBy() != null) {
      out.setCausedBy(errorCause(e.causedBy()));
    }
    return out.build();
  }
}
