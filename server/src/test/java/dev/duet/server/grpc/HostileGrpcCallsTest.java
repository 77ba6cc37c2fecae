package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.ConstantScoreQuery;
import org.opensearch.protobufs.FieldCollapse;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.FuzzyQuery;
import org.opensearch.protobufs.KnnQuery;
import org.opensearch.protobufs.MatchAllQuery;
import org.opensearch.protobufs.MatchPhraseQuery;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.NestedQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.Rescore;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOptions;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.TermsSetQuery;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Malformed gRPC calls, as raw frames over a real HTTP/2 socket to an in-process node: each is a
 * client's mistake with a status that says so (never INTERNAL or UNKNOWN), and the node still
 * answers a plain search afterwards through the stock stubs.
 */
class HostileGrpcCallsTest {
  private static final String SEARCH = "/org.opensearch.protobufs.services.SearchService/Search";
  private static final String STREAM_SEARCH =
      "/org.opensearch.protobufs.services.SearchService/ServerStreamSearch";
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
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void undecodableBytesAreInvalidArgument() {
    for (String method : new String[] {SEARCH, BULK}) {
      AggregatedHttpResponse r =
          call(method, frame(0, new byte[] {(byte) 0xff, (byte) 0xff}), null);

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
  void truncatedFrameIsRefusedWithAMessage() {
    byte[] frame = frame(0, new byte[] {0x0a, 0x03, 'i'});
    ByteBuffer.wrap(frame).putInt(1, 50); // announces 50 bytes, sends 3
    AggregatedHttpResponse r = call(SEARCH, frame, null);

    // grpc-java's transport answers a malformed frame itself, before any call of Duet's, as
    // OpenSearch's (also grpc-java's) does: INTERNAL, saying what was wrong.
    assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INTERNAL);
    assertThat(message(r)).contains("end-of-stream mid-frame");
    assertStillAnswers();
  }

  /** grpc-java closes these with INTERNAL, as if the server had failed; the client sent them. */
  @Test
  void serverStreamingCallWithNoneOrTwoMessagesIsInvalidArgument() {
    byte[] one = frame(0, SearchRequest.newBuilder().addIndex("idx").build().toByteArray());
    byte[] two = new byte[one.length * 2];
    System.arraycopy(one, 0, two, 0, one.length);
    System.arraycopy(one, 0, two, one.length, one.length);

    for (byte[] body : new byte[][] {new byte[0], two}) {
      AggregatedHttpResponse r = call(STREAM_SEARCH, body, null);

      assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INVALID_ARGUMENT);
      assertThat(message(r)).contains("exactly one request message");
    }
    assertStillAnswers();
  }

  @Test
  void compressedFrameWithoutAnEncodingIsRefusedWithAMessage() {
    AggregatedHttpResponse r =
        call(SEARCH, frame(1, SearchRequest.getDefaultInstance().toByteArray()), null);

    // The transport's own answer, as for a truncated frame: INTERNAL, saying what was wrong.
    assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INTERNAL);
    assertThat(message(r)).contains("compression not configured");
    assertStillAnswers();
  }

  @Test
  void gzipFrameThatDoesNotInflateIsInvalidArgumentSayingSo() throws Exception {
    byte[] message = SearchRequest.newBuilder().addIndex("idx").build().toByteArray();
    byte[] gzipped = gzip(message);
    byte[] cutShort = java.util.Arrays.copyOf(gzipped, gzipped.length - 12);

    // Not gzip at all (its header is read while deframing), and a gzip stream that stops short
    // (found while the message parses): both were UNKNOWN with no description.
    for (byte[] payload : new byte[][] {message, cutShort}) {
      for (String method : new String[] {SEARCH, BULK}) {
        AggregatedHttpResponse r = call(method, frame(1, payload), "gzip");

        assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(message(r))
            .startsWith("gRPC message with grpc-encoding [gzip] does not inflate: ");
      }
    }
    AggregatedHttpResponse good = call(SEARCH, frame(1, gzipped), "gzip");
    assertThat(status(good)).as(describe(good)).isEqualTo(Status.Code.OK);
    var compressed =
        SearchServiceGrpc.newBlockingStub(channel)
            .withCompression("gzip")
            .search(SearchRequest.newBuilder().addIndex("idx").build());
    assertThat(compressed.getHits().getTotal().getTotalHits().getValue()).isEqualTo(1);
    assertStillAnswers();
  }

  @Test
  void gzipMessageOverTheLimitOnceInflatedNamesTheSetting() throws Exception {
    // Small on the wire, over grpc.netty.max_msg_size (10mb by default) once inflated.
    byte[] huge =
        SearchRequest.newBuilder()
            .addIndex("x".repeat(NodeConfig.DEFAULT_MAX_GRPC_MESSAGE_SIZE + 1))
            .build()
            .toByteArray();
    AggregatedHttpResponse r = call(SEARCH, frame(1, gzip(huge)), "gzip");

    assertThat(status(r)).as(describe(r)).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(message(r))
        .contains(Integer.toString(NodeConfig.DEFAULT_MAX_GRPC_MESSAGE_SIZE))
        .contains("[grpc.netty.max_msg_size]");
    assertStillAnswers();
  }

  static Stream<QueryContainer> queriesWithAnEmptyOneof() {
    QueryContainer empty = QueryContainer.getDefaultInstance();
    return Stream.of(
        empty,
        QueryContainer.newBuilder().setBool(BoolQuery.newBuilder().addMust(empty)).build(),
        QueryContainer.newBuilder()
            .setConstantScore(ConstantScoreQuery.newBuilder().setFilter(empty))
            .build(),
        QueryContainer.newBuilder()
            .setConstantScore(ConstantScoreQuery.getDefaultInstance())
            .build(),
        QueryContainer.newBuilder()
            .setTerm(
                TermQuery.newBuilder().setField("tag").setValue(FieldValue.getDefaultInstance()))
            .build(),
        QueryContainer.newBuilder().setTerm(TermQuery.newBuilder().setField("tag")).build(),
        QueryContainer.newBuilder().setNested(NestedQuery.getDefaultInstance()).build(),
        QueryContainer.newBuilder()
            .setMatch(
                MatchQuery.newBuilder().setField("title").setQuery(FieldValue.getDefaultInstance()))
            .build(),
        QueryContainer.newBuilder()
            .setFuzzy(
                FuzzyQuery.newBuilder().setField("tag").setValue(FieldValue.getDefaultInstance()))
            .build(),
        QueryContainer.newBuilder().setKnn(KnnQuery.getDefaultInstance()).build(),
        QueryContainer.newBuilder().setMatch(MatchQuery.getDefaultInstance()).build(),
        QueryContainer.newBuilder().setRange(RangeQuery.getDefaultInstance()).build(),
        QueryContainer.newBuilder().setFuzzy(FuzzyQuery.getDefaultInstance()).build(),
        QueryContainer.newBuilder().setTermsSet(TermsSetQuery.getDefaultInstance()).build());
  }

  static Stream<SearchRequestBody> bodiesWithAnEmptyOneof() {
    return Stream.of(
        SearchRequestBody.newBuilder()
            .putAggregations("a", AggregationContainer.getDefaultInstance())
            .build(),
        SearchRequestBody.newBuilder().addSort(SortCombinations.getDefaultInstance()).build(),
        SearchRequestBody.newBuilder()
            .addSort(SortCombinations.newBuilder().setOptions(SortOptions.getDefaultInstance()))
            .build(),
        SearchRequestBody.newBuilder().setPostFilter(QueryContainer.getDefaultInstance()).build(),
        SearchRequestBody.newBuilder().addRescore(Rescore.getDefaultInstance()).build(),
        SearchRequestBody.newBuilder().setCollapse(FieldCollapse.getDefaultInstance()).build(),
        SearchRequestBody.newBuilder()
            .addSearchAfter(org.opensearch.protobufs.FieldValue.getDefaultInstance())
            .build());
  }

  @ParameterizedTest
  @MethodSource("bodiesWithAnEmptyOneof")
  void bodyWithAnEmptyOneofIsInvalidArgument(SearchRequestBody body) {
    assertInvalidArgument(SearchRequest.newBuilder().addIndex("idx").setSearchRequestBody(body));
  }

  @ParameterizedTest
  @MethodSource("queriesWithAnEmptyOneof")
  void queryWithAnEmptyOneofIsInvalidArgument(QueryContainer query) {
    assertInvalidArgument(
        SearchRequest.newBuilder()
            .addIndex("idx")
            .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query)));
  }

  /** The model's parameter rules, reached through the gRPC decoders: one rule, both ports. */
  static Stream<QueryContainer> queriesWithBadParameters() {
    return Stream.of(
        QueryContainer.newBuilder().setMatchAll(MatchAllQuery.newBuilder().setBoost(-1)).build(),
        QueryContainer.newBuilder()
            .setMatchPhrase(
                MatchPhraseQuery.newBuilder().setField("title").setQuery("a").setSlop(-1))
            .build(),
        QueryContainer.newBuilder()
            .setFuzzy(
                FuzzyQuery.newBuilder()
                    .setField("tag")
                    .setValue(FieldValue.newBuilder().setString("a"))
                    .setPrefixLength(-1))
            .build());
  }

  @ParameterizedTest
  @MethodSource("queriesWithBadParameters")
  void queryWithABadParameterIsInvalidArgument(QueryContainer query) {
    assertInvalidArgument(
        SearchRequest.newBuilder()
            .addIndex("idx")
            .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query)));
  }

  private static void assertInvalidArgument(SearchRequest.Builder request) {
    assertThatThrownBy(() -> SearchServiceGrpc.newBlockingStub(channel).search(request.build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode())
                  .as(e.getStatus().toString())
                  .isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription()).doesNotContain("NullPointer");
            });
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
    return h2c.execute(HttpRequest.of(headers.build(), HttpData.wrap(body))).aggregate().join();
  }

  private static byte[] gzip(byte[] bytes) throws java.io.IOException {
    var out = new java.io.ByteArrayOutputStream();
    try (var gz = new java.util.zip.GZIPOutputStream(out)) {
      gz.write(bytes);
    }
    return out.toByteArray();
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
