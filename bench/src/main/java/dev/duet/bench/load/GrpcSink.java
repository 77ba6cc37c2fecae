package dev.duet.bench.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import dev.duet.bench.client.GrpcChannels;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.opensearch.protobufs.BinaryFieldValue;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.FloatArrayValue;
import org.opensearch.protobufs.FloatBinaryLE;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.Item;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.ResponseItem;
import org.opensearch.protobufs.WriteOperation;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/**
 * {@code DocumentService/Bulk} with the {@code org.opensearch.protobufs} stubs. Sources travel as
 * raw JSON bytes; the top-level fields named in {@code vectorFields} (the index's {@code
 * knn_vector} fields) are taken out of the JSON and sent packed, little-endian floats in {@code
 * extra_field_values}, which is what makes vector ingest cheap over gRPC.
 */
final class GrpcSink implements BulkSink {
  private static final JsonFactory JSON = new JsonFactory();

  private final ManagedChannel channel;
  private final DocumentServiceGrpc.DocumentServiceBlockingStub documents;
  private final Set<String> vectorFields;

  GrpcSink(String target, Set<String> vectorFields) {
    this.channel = GrpcChannels.open(target);
    this.documents = DocumentServiceGrpc.newBlockingStub(channel);
    this.vectorFields = Set.copyOf(vectorFields);
  }

  @Override
  public String protocol() {
    return "gRPC";
  }

  @Override
  public List<ItemResult> send(String index, List<LoadItem> items) {
    BulkRequest.Builder request = BulkRequest.newBuilder().setIndex(index);
    for (LoadItem item : items) {
      request.addBulkRequestBody(body(item));
    }
    BulkResponse response;
    try {
      response = documents.bulk(request.build());
    } catch (StatusRuntimeException e) {
      Status.Code code = e.getStatus().getCode();
      if (code == Status.Code.RESOURCE_EXHAUSTED || code == Status.Code.UNAVAILABLE) {
        return Collections.nCopies(items.size(), new ItemResult(429, e.getStatus().toString()));
      }
      throw new LoadException("Bulk refused: " + e.getStatus(), e);
    }
    List<ItemResult> results = new ArrayList<>(items.size());
    for (Item item : response.getItemsList()) {
      ResponseItem r =
          switch (item.getItemCase()) {
            case CREATE -> item.getCreate();
            case DELETE -> item.getDelete();
            case UPDATE -> item.getUpdate();
            default -> item.getIndex();
          };
      results.add(
          r.hasError()
              ? new ItemResult(
                  r.getStatus(), r.getError().getType() + ": " + r.getError().getReason())
              : new ItemResult(r.getStatus() == 0 ? 200 : r.getStatus(), null));
    }
    if (results.size() != items.size()) {
      throw new LoadException(
          "Bulk answered " + results.size() + " items for " + items.size() + " sent");
    }
    return results;
  }

  BulkRequestBody body(LoadItem item) {
    BulkRequestBody.Builder body = BulkRequestBody.newBuilder();
    OperationContainer.Builder op = OperationContainer.newBuilder();
    switch (item.action()) {
      case INDEX -> {
        IndexOperation.Builder index = IndexOperation.newBuilder();
        if (item.index() != null) {
          index.setXIndex(item.index());
        }
        if (item.id() != null) {
          index.setXId(item.id());
        }
        op.setIndex(index);
      }
      case CREATE -> {
        WriteOperation.Builder create = WriteOperation.newBuilder();
        if (item.index() != null) {
          create.setXIndex(item.index());
        }
        if (item.id() != null) {
          create.setXId(item.id());
        }
        op.setCreate(create);
      }
      case DELETE -> {
        DeleteOperation.Builder delete = DeleteOperation.newBuilder().setXId(item.id());
        if (item.index() != null) {
          delete.setXIndex(item.index());
        }
        op.setDelete(delete);
      }
    }
    body.setOperationContainer(op);
    if (item.source() != null) {
      if (vectorFields.isEmpty()) {
        // The reader made the bytes for this item alone and never touches them again.
        body.setObject(UnsafeByteOperations.unsafeWrap(item.source()));
      } else {
        packVectors(item.source(), body);
      }
    }
    return body.build();
  }

  /**
   * Copies the source without its top-level vector fields into {@code object}, and puts each of
   * those, when it is an array of numbers, into {@code extra_field_values} as packed floats.
   */
  private void packVectors(byte[] source, BulkRequestBody.Builder body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(source.length);
    try (JsonParser p = JSON.createParser(source);
        JsonGenerator g = JSON.createGenerator(out)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        body.setObject(UnsafeByteOperations.unsafeWrap(source));
        return;
      }
      g.writeStartObject();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (value == JsonToken.START_ARRAY && vectorFields.contains(field)) {
          ByteString packed = floats(p);
          if (packed != null) {
            body.putExtraFieldValues(
                field,
                BinaryFieldValue.newBuilder()
                    .setFloatArrayValue(
                        FloatArrayValue.newBuilder()
                            .setBinaryLe(FloatBinaryLE.newBuilder().setBytesLe(packed)))
                    .build());
            continue;
          }
          throw new LoadException("field [" + field + "] is a knn_vector but holds a non-number");
        }
        g.writeFieldName(field);
        g.copyCurrentStructure(p);
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new LoadException("a document is not valid JSON: " + e.getMessage(), e);
    }
    body.setObject(UnsafeByteOperations.unsafeWrap(out.toByteArray()));
  }

  /**
   * The numbers of the array {@code p} is at, little-endian floats; null if one is not a number.
   */
  private static ByteString floats(JsonParser p) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(4 * 256).order(ByteOrder.LITTLE_ENDIAN);
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (!t.isNumeric()) {
        return null;
      }
      if (!buffer.hasRemaining()) {
        ByteBuffer bigger =
            ByteBuffer.allocate(buffer.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN);
        buffer.flip();
        bigger.put(buffer);
        buffer = bigger;
      }
      buffer.putFloat(p.getFloatValue());
    }
    buffer.flip();
    return ByteString.copyFrom(buffer);
  }

  @Override
  public void close() {
    channel.shutdown();
    try {
      if (!channel.awaitTermination(5, TimeUnit.SECONDS)) {
        channel.shutdownNow();
      }
    } catch (InterruptedException e) {
      channel.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
