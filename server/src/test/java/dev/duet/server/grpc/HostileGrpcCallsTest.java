package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.RequestHeadersBuilder;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Malformed gRPC calls, as raw frames over a real HTTP/2 socket to an in-process node: each is a
 * client's mistake with a status that says so (never INTERNAL or UNKNOWN), and the node still
 * answers a plain search afterwards through the stock stubs.
 */
class HostileGrpcCallsTest {
  private static final String SEARCH = "/org.opensearch.protobufs.services.SearchService/Search";
  private static final String BULK = "/org.opensearch.protobufs.services.DocumentService/Bulk";

  @TempDir static Path dataDir;
  private static DuetNode node;
  private static WebClient h2c;
  private static ManagedChannel channel;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    WebClient.of("http://127.0.0.1:" + node.httpPort())
        .execute(
            RequestHeaders.builder(HttpMethod.PUT, "/idx/_doc/1?refresh=true")
                .contentType(MediaType.JSON)
                .build(),
            "{\"tag\":\"a\"}")
        .aggregate()
        .join();
    h2c = WebClient.of("h2c://127.0.0.1:" + node.grpcPort());
    channel =
        NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void undecodableBytesAreInvalidArgument() {
    for (String method : new String[] {SEARCH, BULK}) {
      AggregatedHttpResponse r = call(method, frame(0, new byte[] {(byte) 0xff, (byte) 0xff}), null);

      assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INVALID_ARGUMENT);
      assertThat(message(r)).isNotEmpty();
    }
    assertStillAnswers();
  }

  @Test
  void unaryCallWithoutAMessageIsInvalidArgumentWithAMessage() {
    AggregatedHttpResponse r = call(SEARCH, new byte[0], null);

    assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(message(r)).isNotEmpty();
    assertStillAnswers();
  }

  @Test
  void truncatedFrameIsInvalidArgumentWithAMessage() {
    byte[] frame = frame(0, new byte[] {0x0a, 0x03, 'i'});
    ByteBuffer.wrap(frame).putInt(1, 50); // announces 50 bytes, sends 3
    AggregatedHttpResponse r = call(SEARCH, frame, null);

    assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(message(r)).isNotEmpty();
    assertStillAnswers();
  }

  @Test
  void compressedFrameWithoutAnEncodingIsUnimplemented() {
    AggregatedHttpResponse r =
        call(SEARCH, frame(1, SearchRequest.getDefaultInstance().toByteArray()), null);

    assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.UNIMPLEMENTED);
    assertThat(message(r)).isNotEmpty();
    assertStillAnswers();
  }

  private static AggregatedHttpResponse call(String path, byte[] body, String encoding) {
    RequestHeadersBuilder headers =
        RequestHeaders.builder(HttpMethod.POST, path)
            .contentType(MediaType.parse("application/grpc"))
            .add("te", "trailers");
    if (encoding != null) {
      headers.add("grpc-encoding", encoding);
    }
    return h2c.execute(HttpRequest.of(headers.build(), HttpData.wrap(body)))
        .aggregate()
        .join();
  }

  private static byte[] frame(int compressed, byte[] payload) {
    ByteBuffer b = ByteBuffer.allocate(5 + payload.length);
    b.put((byte) compressed).putInt(payload.length).put(payload);
    return b.array();
  }

  /** The call's status, from its trailers (or its headers, for a trailers-only answer). */
  private static Status.Code status(AggregatedHttpResponse r) {
    String code = r.trailers().get("grpc-status");
    if (code == null) {
      code = r.headers().get("grpc-status");
    }
    return code == null ? null : Status.fromCodeValue(Integer.parseInt(code)).getCode();
  }

  private static String message(AggregatedHttpResponse r) {
    String m = r.trailers().get("grpc-message");
    if (m == null) {
      m = r.headers().get("grpc-message");
    }
    return m == null ? "" : m;
  }

  private static String describe(AggregatedHttpResponse r) {
    return r.headers() + " " + r.trailers();
  }

  private static void assertStillAnswers() {
    var response =
        SearchServiceGrpc.newBlockingStub(channel)
            .withDeadlineAfter(60, TimeUnit.SECONDS)
            .search(SearchRequest.newBuilder().addIndex("idx").build());
    assertThat(response.getHits().getTotal().getTotalHits().getValue()).isEqualTo(1);
  }
}
