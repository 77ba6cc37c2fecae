package dev.duet.server.fuzz;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * gRPC calls as jqwik arbitraries: a method of OpenSearch's {@code SearchService} and {@code
 * DocumentService} or of Duet's generated {@code duet.*} services, a random message of its request
 * type, byte-level mutations of its encoding, and damaged framing (truncated frames, wrong length
 * prefixes, a compressed flag without {@code grpc-encoding}, two messages in a unary call).
 */
final class GrpcCalls {
  /** Methods that only read: they may name the seeded index; every other one may not. */
  private static final Set<String> READS =
      Set.of(
          "Search",
          "ServerStreamSearch",
          "Count",
          "Explain",
          "Msearch",
          "Scroll",
          "CreatePit",
          "GetAllPits",
          "Get",
          "GetAlias",
          "GetMapping",
          "GetSettings",
          "Exists",
          "ExistsAlias",
          "ExistsSource",
          "Mget",
          "GetSource",
          "Info",
          "Ping",
          "Health",
          "Aliases",
          "Indices",
          "Segments",
          "Stats",
          "ValidateQuery",
          "Analyze",
          "Refresh",
          "Flush",
          "Forcemerge");

  private static final List<ServiceDescriptor> SERVICES =
      List.of(
          org.opensearch.protobufs.services.SearchServiceGrpc.getServiceDescriptor(),
          org.opensearch.protobufs.services.DocumentServiceGrpc.getServiceDescriptor(),
          dev.duet.api.search.SearchServiceGrpc.getServiceDescriptor(),
          dev.duet.api.documents.DocumentsServiceGrpc.getServiceDescriptor(),
          dev.duet.api.indices.IndicesServiceGrpc.getServiceDescriptor(),
          dev.duet.api.cluster.ClusterServiceGrpc.getServiceDescriptor(),
          dev.duet.api.cat.CatServiceGrpc.getServiceDescriptor(),
          dev.duet.api.info.InfoServiceGrpc.getServiceDescriptor());

  private GrpcCalls() {}

  static Arbitrary<GrpcCall> any() {
    List<Tuple.Tuple2<Integer, Arbitrary<GrpcCall>>> methods = new ArrayList<>();
    for (ServiceDescriptor service : SERVICES) {
      for (MethodDescriptor<?, ?> m : service.getMethods()) {
        Message prototype =
            (Message)
                ((MethodDescriptor.PrototypeMarshaller<?>) m.getRequestMarshaller())
                    .getMessagePrototype();
        boolean write = !READS.contains(m.getBareMethodName());
        // OpenSearch's Search and Bulk are what clients use most: weigh them up.
        int weight = m.getFullMethodName().startsWith("org.opensearch") ? 12 : 1;
        methods.add(
            Tuple.of(
                weight, call("/" + m.getFullMethodName(), ProtoMessages.of(prototype, write))));
      }
    }
    return Arbitraries.frequencyOf(methods);
  }

  private static Arbitrary<GrpcCall> call(String path, Arbitrary<Message> messages) {
    return Combinators.combine(
            messages,
            mutation(),
            framing(),
            Arbitraries.integers().between(0, 1 << 20),
            Arbitraries.integers().between(0, 255))
        .as(
            (message, mutation, framing, at, b) -> {
              byte[] encoded = mutate(message.toByteArray(), mutation, at, (byte) (int) b);
              return frame(
                  path,
                  encoded,
                  framing,
                  TextFormat.printer().escapingNonAscii(true).printToString(message),
                  mutation,
                  at);
            });
  }

  private static Arbitrary<String> mutation() {
    return Arbitraries.frequencyOf(
        Tuple.of(10, Arbitraries.just("none")),
        Tuple.of(
            8,
            Arbitraries.of(
                "flip-bit",
                "set-byte",
                "truncate",
                "bad-varint",
                "dup-range",
                "bad-wire-type",
                "huge-length",
                "group-start",
                "append-garbage",
                "random")));
  }

  private static Arbitrary<String> framing() {
    return Arbitraries.frequencyOf(
        Tuple.of(20, Arbitraries.just("ok")),
        Tuple.of(
            1,
            Arbitraries.of(
                "truncated",
                "long-prefix",
                "short-prefix",
                "huge-prefix",
                "compressed-no-encoding",
                "compressed-bad-gzip",
                "unknown-encoding",
                "empty",
                "prefix-only",
                "two-messages",
                "flag-7",
                "json-content-type",
                "no-content-type")));
  }

  static byte[] mutate(byte[] m, String mutation, int at, byte b) {
    int pos = m.length == 0 ? 0 : at % m.length;
    return switch (mutation) {
      case "flip-bit" -> m.length == 0 ? m : flip(m, pos, at);
      case "set-byte" -> m.length == 0 ? new byte[] {b} : set(m, pos, b);
      case "truncate" -> Arrays.copyOf(m, pos);
      case "bad-varint" ->
          JsonMutation.insert(
              m,
              at,
              new byte[] {
                0x08,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                (byte) 0xFF,
                0x01
              });
      case "dup-range" ->
          m.length == 0
              ? m
              : JsonMutation.insert(
                  m, at, Arrays.copyOfRange(m, pos, Math.min(m.length, pos + 1 + at % 16)));
      case "bad-wire-type" -> JsonMutation.insert(m, at, new byte[] {(byte) ((1 << 3) | 7), 0});
      case "huge-length" ->
          JsonMutation.insert(
              m, at, new byte[] {0x0A, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07});
      case "group-start" -> JsonMutation.insert(m, at, new byte[] {0x0B, 0x0B, 0x0B});
      case "append-garbage" ->
          JsonMutation.insert(m, m.length, new byte[] {b, (byte) at, (byte) (at >> 8)});
      case "random" -> randomBytes(at, b);
      default -> m;
    };
  }

  private static byte[] flip(byte[] m, int pos, int at) {
    byte[] c = m.clone();
    c[pos] ^= (byte) (1 << (at % 8));
    return c;
  }

  private static byte[] set(byte[] m, int pos, byte b) {
    byte[] c = m.clone();
    c[pos] = b;
    return c;
  }

  private static byte[] randomBytes(int seed, byte b) {
    byte[] out = new byte[seed % 64];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) (b * 31 + i * seed);
    }
    return out;
  }

  private static GrpcCall frame(
      String path, byte[] m, String framing, String text, String mutation, int at) {
    Map<String, String> headers = Map.of();
    byte[] body =
        switch (framing) {
          case "truncated" ->
              Arrays.copyOf(prefix(0, m.length, m), 5 + (m.length == 0 ? 0 : at % m.length));
          case "long-prefix" -> prefix(0, m.length + 100, m);
          case "short-prefix" -> prefix(0, m.length / 2, m);
          case "huge-prefix" -> prefix(0, -1, m);
          case "compressed-no-encoding", "compressed-bad-gzip", "unknown-encoding" ->
              prefix(1, m.length, m);
          case "empty" -> new byte[0];
          case "prefix-only" -> Arrays.copyOf(prefix(0, m.length + 1, m), 5);
          case "two-messages" -> concat(prefix(0, m.length, m), prefix(0, m.length, m));
          case "flag-7" -> prefix(7, m.length, m);
          default -> prefix(0, m.length, m);
        };
    if (framing.equals("compressed-bad-gzip")) {
      headers = Map.of("grpc-encoding", "gzip");
    } else if (framing.equals("unknown-encoding")) {
      headers = Map.of("grpc-encoding", "br0ken");
    } else if (framing.equals("json-content-type")) {
      headers = Map.of("content-type", "application/grpc+json");
    } else if (framing.equals("no-content-type")) {
      headers = Map.of("content-type", "");
    }
    return new GrpcCall(path, body, headers, framing, mutation, text);
  }

  private static byte[] prefix(int flag, int length, byte[] m) {
    return ByteBuffer.allocate(5 + m.length).put((byte) flag).putInt(length).put(m).array();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
