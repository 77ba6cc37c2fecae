package dev.duet.gateway.peek;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import dev.duet.gateway.config.GatewayConfig.Action;
import dev.duet.gateway.error.RequestRefused;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the operation out of a gRPC request message without decoding it: only the index names, the
 * bulk items' {@code _index} and a search's size and from are read with {@link CodedInputStream};
 * every other field is skipped unread. It follows protobuf-java's parse rules exactly — last value
 * wins for singular fields, repeated occurrences of a singular message merge, a oneof case resumes
 * its earlier builder, a known field with the wrong wire type is an unknown field — because an
 * index the peeker misses is an index the upstream writes without the tenant's grant. {@code
 * GrpcPeekerFuzzTest} holds it to the full decoder.
 */
public final class GrpcPeeker {
  public static final String SEARCH_SERVICE = "org.opensearch.protobufs.services.SearchService";
  public static final String DOCUMENT_SERVICE = "org.opensearch.protobufs.services.DocumentService";

  // SearchRequest / CreatePitRequest
  private static final int SEARCH_INDEX = 1;
  private static final int SEARCH_BODY = 32;
  // SearchRequestBody
  private static final int BODY_FROM = 5;
  private static final int BODY_SIZE = 20;
  // BulkRequest
  private static final int BULK_INDEX = 1;
  private static final int BULK_BODY = 12;
  // BulkRequestBody
  private static final int ITEM_OPERATION = 1;
  // OperationContainer cases: index, create, update, delete
  private static final int OP_CREATE = 2;
  // x_index in IndexOperation, UpdateOperation, DeleteOperation; WriteOperation (create) has 3
  private static final int OP_INDEX_FIELD = 2;
  private static final int CREATE_INDEX_FIELD = 3;

  private GrpcPeeker() {}

  /**
   * Whether the operation of a call depends on its request message: only for the calls whose
   * messages name indices (all of them unary on the request side). Every other call is decided by
   * its name alone, so its request stream can flow through unbuffered — bidirectional streams such
   * as server reflection included.
   */
  public static boolean readsMessage(String service, String method) {
    return switch (service) {
      case SEARCH_SERVICE ->
          method.equals("Search")
              || method.equals("ServerStreamSearch")
              || method.equals("CreatePit");
      case DOCUMENT_SERVICE -> method.equals("Bulk");
      default -> false;
    };
  }

  /**
   * The operation of a call to {@code /service/method} carrying {@code message}. Calls the gateway
   * does not know name every index and need {@code admin}.
   */
  public static Operation peek(String service, String method, byte[] message) {
    try {
      return switch (service) {
        case SEARCH_SERVICE ->
            switch (method) {
              case "Search", "ServerStreamSearch" -> search(method, message);
              case "CreatePit" -> withName(search(method, message), method);
              default -> Operation.of("other", Action.SEARCH, List.of("*"));
            };
        case DOCUMENT_SERVICE ->
            method.equals("Bulk")
                ? bulk(message)
                : Operation.of("other", Action.ADMIN, List.of("*"));
        case "grpc.health.v1.Health",
            "grpc.reflection.v1.ServerReflection",
            "grpc.reflection.v1alpha.ServerReflection" ->
            Operation.of(method, null, List.of());
        // Method names of services the gateway does not know are the caller's to choose: one
        // fixed name keeps the metrics' tags few.
        default -> Operation.of("other", Action.ADMIN, List.of("*"));
      };
    } catch (IOException e) {
      // Protobuf would refuse it too; the gateway cannot vouch for what it cannot read.
      throw RequestRefused.badRequest("cannot read the " + method + " request: " + e.getMessage());
    }
  }

  private static Operation withName(Operation op, String name) {
    return new Operation(name, op.action(), op.indices(), op.bulkItems(), op.size(), op.from());
  }

  private static Operation search(String name, byte[] message) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(message);
    List<String> indices = new ArrayList<>();
    long size = -1;
    long from = -1;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      int field = WireFormat.getTagFieldNumber(tag);
      if (field == SEARCH_INDEX && isLengthDelimited(tag)) {
        indices.addAll(IndexPatterns.split(in.readStringRequireUtf8()));
      } else if (field == SEARCH_BODY && isLengthDelimited(tag)) {
        int limit = in.pushLimit(in.readRawVarint32());
        for (int t = in.readTag(); t != 0; t = in.readTag()) {
          int f = WireFormat.getTagFieldNumber(t);
          if (f == BODY_SIZE && WireFormat.getTagWireType(t) == WireFormat.WIRETYPE_VARINT) {
            size = in.readInt32();
          } else if (f == BODY_FROM && WireFormat.getTagWireType(t) == WireFormat.WIRETYPE_VARINT) {
            from = in.readInt32();
          } else {
            skip(in, t);
          }
        }
        in.popLimit(limit);
      } else {
        skip(in, tag);
      }
    }
    if (indices.isEmpty()) {
      indices.add("*"); // no index: every index
    }
    return new Operation(name, Action.SEARCH, indices, 0, size, from);
  }

  private static Operation bulk(byte[] message) throws IOException {
    CodedInputStream in = CodedInputStream.newInstance(message);
    String defaultIndex = null;
    List<String> itemIndices = new ArrayList<>();
    boolean itemWithoutIndex = false;
    int items = 0;
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      int field = WireFormat.getTagFieldNumber(tag);
      if (field == BULK_INDEX && isLengthDelimited(tag)) {
        defaultIndex = in.readStringRequireUtf8(); // singular: the last one wins
      } else if (field == BULK_BODY && isLengthDelimited(tag)) {
        items++;
        int limit = in.pushLimit(in.readRawVarint32());
        String index = item(in);
        in.popLimit(limit);
        if (index != null && !index.isEmpty()) {
          itemIndices.add(index);
        } else {
          itemWithoutIndex = true;
        }
      } else {
        skip(in, tag);
      }
    }
    List<String> indices = new ArrayList<>();
    if (defaultIndex != null && !defaultIndex.isEmpty()) {
      indices.addAll(IndexPatterns.split(defaultIndex));
    } else if (itemWithoutIndex) {
      indices.add("*"); // no index anywhere: the upstream refuses it, but never unchecked
    }
    for (String index : itemIndices) {
      indices.addAll(IndexPatterns.split(index));
    }
    return new Operation("Bulk", Action.WRITE, indices, items, -1, -1);
  }

  /**
   * One BulkRequestBody: the {@code _index} its operation container ends up with. protobuf-java
   * keeps one builder per oneof case for the life of the parse: switching case and back resumes the
   * earlier builder, fields and all, so the peeker keeps an index per case too.
   */
  private static String item(CodedInputStream in) throws IOException {
    int opCase = 0;
    String[] indexByCase = new String[5];
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      if (WireFormat.getTagFieldNumber(tag) != ITEM_OPERATION || !isLengthDelimited(tag)) {
        skip(in, tag);
        continue;
      }
      // operation_container is a singular message: every occurrence merges into the last.
      int limit = in.pushLimit(in.readRawVarint32());
      for (int t = in.readTag(); t != 0; t = in.readTag()) {
        int kind = WireFormat.getTagFieldNumber(t);
        if (kind < 1 || kind > 4 || !isLengthDelimited(t)) {
          skip(in, t);
          continue;
        }
        opCase = kind;
        int indexField = kind == OP_CREATE ? CREATE_INDEX_FIELD : OP_INDEX_FIELD;
        int opLimit = in.pushLimit(in.readRawVarint32());
        for (int f = in.readTag(); f != 0; f = in.readTag()) {
          if (WireFormat.getTagFieldNumber(f) == indexField && isLengthDelimited(f)) {
            indexByCase[kind] = in.readStringRequireUtf8();
          } else {
            skip(in, f);
          }
        }
        in.popLimit(opLimit);
      }
      in.popLimit(limit);
    }
    return indexByCase[opCase];
  }

  private static boolean isLengthDelimited(int tag) {
    return WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED;
  }

  private static void skip(CodedInputStream in, int tag) throws IOException {
    if (!in.skipField(tag)) {
      // An end-group tag where no group is open: protobuf-java rejects the message.
      throw new InvalidProtocolBufferException("unexpected end-group tag");
    }
  }
}
