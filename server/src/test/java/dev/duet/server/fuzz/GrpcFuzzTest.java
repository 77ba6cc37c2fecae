package dev.duet.server.fuzz;

import com.linecorp.armeria.client.ClientFactory;
import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.RequestHeadersBuilder;
import io.grpc.Status;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.opensearch.protobufs.SearchRequest;

/**
 * gRPC fuzzing of one in-process node over a real HTTP/2 socket: random and mutated protobuf
 * messages and damaged frames, sent raw so that the framing itself can be wrong. No call may end in
 * INTERNAL, UNKNOWN or DATA_LOSS, take over 10 s, stop the node answering, or change the seeded
 * documents. Replay with {@code -Dfuzz.seed=S -Dfuzz.grpc.tries=N}.
 */
@Tag("fuzz")
class GrpcFuzzTest implements FuzzHook.Target {
  private static final Set<Status.Code> FAILURES =
      Set.of(Status.Code.INTERNAL, Status.Code.UNKNOWN, Status.Code.DATA_LOSS);
  private static Campaign campaign;
  private static ClientFactory factory;
  private static WebClient client;

  @BeforeContainer
  static void start() throws Exception {
    campaign = Campaign.start("grpc");
    factory = ClientFactory.builder().build();
    client =
        WebClient.builder("h2c://127.0.0.1:" + campaign.node().grpcPort())
            .factory(factory)
            .responseTimeout(SeededNode.TIMEOUT)
            .maxResponseLength(64L << 20)
            .build();
  }

  @AfterContainer
  static void stop() throws Exception {
    factory.close();
    campaign.close();
  }

  @Override
  public String campaignName() {
    return "grpc";
  }

  @Override
  public int defaultTries() {
    return 3_000;
  }

  @Override
  public Campaign campaign() {
    return campaign;
  }

  @Property
  @AddLifecycleHook(FuzzHook.class)
  void noCallCostsInternalAHangOrData(@ForAll("calls") GrpcCall call) throws InterruptedException {
    if (!campaign.admit()) {
      return;
    }
    long start = System.nanoTime();
    Answer answer = send(call);
    campaign.findings().took(call.method(), (System.nanoTime() - start) / 1_000_000);
    String failure = classify(call, answer);
    if (failure != null) {
      campaign.findings().add(failure, call + "\n  => " + answer, call.method());
    }
    campaign.sent(call.toString());
    if (campaign.findings().requests() % Campaign.CHECK_EVERY == 0) {
      // The REST checks see the node; this one sees its gRPC listener.
      Answer ping = send(plainSearch());
      if (!"0".equals(ping.grpcStatus)) {
        campaign
            .findings()
            .add(
                "gRPC listener stopped answering a plain Search",
                "after request #" + campaign.findings().requests() + ": " + ping);
      }
    }
  }

  @Provide
  Arbitrary<GrpcCall> calls() {
    return GrpcCalls.any();
  }

  private static GrpcCall plainSearch() {
    SearchRequest search = SearchRequest.newBuilder().addIndex(SeededNode.SEEDED).build();
    byte[] m = search.toByteArray();
    byte[] framed =
        java.nio.ByteBuffer.allocate(5 + m.length).put((byte) 0).putInt(m.length).put(m).array();
    return new GrpcCall(
        "/org.opensearch.protobufs.services.SearchService/Search",
        framed,
        Map.of(),
        "ok",
        "none",
        search.toString());
  }

  private static String classify(GrpcCall call, Answer a) {
    String route = call.framing().equals("ok") ? call.method() : "framing " + call.framing();
    if (a.failure != null) {
      return "gRPC " + a.failure + " <- " + route;
    }
    if (a.grpcStatus == null) {
      return a.httpStatus >= 500
          ? "gRPC HTTP " + a.httpStatus + " without grpc-status <- " + route
          : null;
    }
    Status.Code code;
    try {
      code = Status.fromCodeValue(Integer.parseInt(a.grpcStatus)).getCode();
    } catch (NumberFormatException e) {
      return "gRPC unparsable grpc-status " + a.grpcStatus + " <- " + route;
    }
    if (!FAILURES.contains(code) || isTransportRefusal(call, code, a.grpcMessage)) {
      return null;
    }
    String shape = RestFuzzTest.shape(a.grpcMessage);
    // One decoding bug answers alike on every method: group by message, unless it says too little.
    boolean vague = shape.isBlank() || shape.contains("cannot invoke") || shape.equals("null");
    String where = call.framing().equals("ok") ? (vague ? " <- " + route : "") : " <- " + route;
    return "gRPC " + code + ": " + shape + where;
  }

  /**
   * Damaged framing is refused by grpc-java's transport before any call of Duet's, with INTERNAL
   * and its deframer's words (a missing content-type: HTTP 415), as OpenSearch's (also grpc-java's)
   * port refuses it: not a node failure. A gzip frame that does not inflate is no refusal of the
   * transport's: Duet's gzip decompressor answers it INVALID_ARGUMENT, so any UNKNOWN counts.
   */
  private static boolean isTransportRefusal(GrpcCall call, Status.Code code, String message) {
    return code == Status.Code.INTERNAL
        && !call.framing().equals("ok")
        && message != null
        && (message.contains("end-of-stream mid-frame")
            || message.contains("compression not configured")
            || message.contains("Decompression")
            || message.contains("Content-Type is missing")
            || message.contains("gRPC frame header malformed"));
  }

  private static Answer send(GrpcCall call) throws InterruptedException {
    RequestHeadersBuilder h =
        RequestHeaders.builder(HttpMethod.POST, call.method())
            .set("content-type", "application/grpc")
            .set("te", "trailers");
    call.headers()
        .forEach(
            (k, v) -> {
              if (v.isEmpty()) {
                h.remove(k);
              } else {
                h.set(k, v);
              }
            });
    long start = System.nanoTime();
    AggregatedHttpResponse r;
    try {
      r =
          client
              .execute(h.build(), HttpData.wrap(call.body()))
              .aggregate()
              .get(SeededNode.TIMEOUT.toSeconds() + 5, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      boolean timeout = cause != null && cause.getClass().getSimpleName().contains("Timeout");
      return Answer.failed(
          timeout
              ? "no answer within 10 s"
              : "connection failed ("
                  + (cause == null ? e : cause).getClass().getSimpleName()
                  + ")",
          cause);
    } catch (TimeoutException e) {
      return Answer.failed("no answer within 10 s", e);
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    String status = r.trailers().get("grpc-status");
    String message = r.trailers().get("grpc-message");
    if (status == null) {
      status = r.headers().get("grpc-status");
      message = r.headers().get("grpc-message");
    }
    if (millis > Duration.ofSeconds(10).toMillis()) {
      return Answer.failed("slower than 10 s", null);
    }
    String decoded =
        message == null
            ? ""
            : URLDecoder.decode(message.replace("+", "%2B"), StandardCharsets.UTF_8);
    return new Answer(r.status().code(), status, decoded, null);
  }

  private record Answer(int httpStatus, String grpcStatus, String grpcMessage, String failure) {
    static Answer failed(String failure, Throwable cause) {
      return new Answer(0, null, String.valueOf(cause), failure);
    }

    @Override
    public String toString() {
      if (failure != null) {
        return failure + " " + grpcMessage;
      }
      String m = grpcMessage.length() > 500 ? grpcMessage.substring(0, 500) + "…" : grpcMessage;
      return "HTTP " + httpStatus + " grpc-status " + grpcStatus + " " + m;
    }
  }
}
