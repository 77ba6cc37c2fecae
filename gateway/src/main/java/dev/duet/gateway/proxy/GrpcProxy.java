package dev.duet.gateway.proxy;

import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.client.RequestOptionsBuilder;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.AggregationOptions;
import com.linecorp.armeria.common.ExchangeType;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpHeaderNames;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpRequestWriter;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.RequestHeadersBuilder;
import com.linecorp.armeria.common.grpc.protocol.GrpcHeaderNames;
import dev.duet.gateway.config.GatewayConfig.Mode;
import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.observe.CallRecord;
import dev.duet.gateway.observe.TraceParent;
import dev.duet.gateway.peek.GrpcPeeker;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.security.Identity;
import dev.duet.gateway.upstream.Adaptor;
import dev.duet.gateway.upstream.UnaryAnswer;
import dev.duet.gateway.upstream.UpstreamCluster;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.util.AsciiString;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLSession;

/**
 * What the gateway does with a gRPC call, whatever carries it ({@link GrpcListener}): the call's
 * frames go upstream byte for byte and the answer (headers, messages, trailers) comes back
 * untouched, so any service and method, unary or streaming, passes without the gateway knowing its
 * types — only the request messages are peeked ({@link GrpcPeeker}) before anything is sent. The
 * caller's deadline is passed on, less the time spent in the gateway. Calls routed to a cluster in
 * adaptor mode are translated to REST instead (the cluster's {@link Adaptor}), after the same
 * checks.
 */
final class GrpcProxy {
  private static final AsciiString TRACEPARENT = AsciiString.cached(TraceParent.HEADER);

  private final Admission admission;

  GrpcProxy(Admission admission) {
    this.admission = admission;
  }

  /**
   * A call, from its headers: authenticated, its deadline read, and its kind decided. A call whose
   * messages name indices is {@link Call#held held} until its request is whole; any other is
   * checked now and streams through.
   */
  Call open(Http2Headers headers, SSLSession tls, EventLoop loop, CompletionStage<?> callerGone) {
    long start = System.nanoTime();
    TraceParent trace = TraceParent.continueOrStart(text(headers, TRACEPARENT));
    String path = headers.path().toString();
    CallRecord record = new CallRecord("grpc", trace, headers.method().toString(), path);
    Call call = new Call(record, headers, loop, callerGone, admission.limits().maxBodyBytes());
    try {
      call.serviceAndMethod = serviceAndMethod(path);
      call.identity =
          admission.authenticate(record, text(headers, HttpHeaderNames.AUTHORIZATION), tls);
      call.deadline = GrpcDeadline.parse(text(headers, GrpcHeaderNames.GRPC_TIMEOUT), start);
      call.held = GrpcPeeker.readsMessage(call.serviceAndMethod[0], call.serviceAndMethod[1]);
      call.unary = call.held && !call.serviceAndMethod[1].equals("ServerStreamSearch");
      if (!call.held) {
        call.stream = HttpRequest.streaming(armeria(headers));
        call.answer = forwardStream(call);
      }
    } catch (RequestRefused r) {
      call.refuse(r);
    }
    return call;
  }

  /** Ends a call: its rate-limit permit released, its metrics and log line written. */
  void complete(Call call, long requestBytes, long responseBytes, String status) {
    call.record.finish(requestBytes, responseBytes, call.record.elapsedNanos());
    admission.complete(call.record, status);
  }

  /** One gRPC call as the proxy sees it. */
  final class Call {
    final CallRecord record;
    private final Http2Headers headers;
    private final EventLoop loop;
    private final CompletionStage<?> callerGone;
    private final long maxMessage;
    private String[] serviceAndMethod;
    private Identity identity;
    private GrpcDeadline deadline;
    private boolean held;
    private boolean unary;
    private HttpRequestWriter stream;
    private HttpResponse answer;

    private Call(
        CallRecord record,
        Http2Headers headers,
        EventLoop loop,
        CompletionStage<?> callerGone,
        long maxMessage) {
      this.record = record;
      this.headers = headers;
      this.loop = loop;
      this.callerGone = callerGone;
      this.maxMessage = maxMessage;
    }

    /**
     * Whether the request is held whole (at most {@link #maxHeldBytes}) and then given to {@link
     * #forward}; otherwise its data goes to {@link #stream} as it arrives.
     */
    boolean held() {
      return held && answer == null;
    }

    /** The most a held request may carry: one message at the message limit, with its prefix. */
    long maxHeldBytes() {
      return maxMessage + 5;
    }

    /** Where a streaming call's request data goes; {@code null} for a held or refused call. */
    HttpRequestWriter stream() {
      return stream;
    }

    /**
     * Whether the answer is one message, taken whole ({@link #forwardUnary}) and written back in
     * one go; otherwise it streams ({@link #forward}).
     */
    boolean unaryAnswer() {
      return unary;
    }

    /** The answer, known from the headers (a refusal, or a streaming call's upstream answer). */
    HttpResponse answer() {
      return answer;
    }

    /** The answer to a unary call held whole, once checked: the node's, or the refusal. */
    CompletableFuture<UnaryAnswer> forwardUnary(byte[] body) {
      try {
        return GrpcProxy.this.forwardUnary(this, body);
      } catch (RequestRefused r) {
        return whole(refuse(r));
      }
    }

    /** The answer, as it streams, to a call held whole whose answer is not unary. */
    HttpResponse forward(byte[] body) {
      try {
        return GrpcProxy.this.forward(this, body);
      } catch (RequestRefused r) {
        return refuse(r);
      }
    }

    /** An answer the gateway makes (a refusal, a translated one), taken whole. */
    private CompletableFuture<UnaryAnswer> whole(HttpResponse response) {
      return response
          .aggregate(AggregationOptions.usePooledObjects(ByteBufAllocator.DEFAULT, loop))
          .thenApply(GrpcProxy::unaryAnswer);
    }

    /** The answer to a held request larger than {@link #maxHeldBytes}. */
    HttpResponse tooLarge() {
      return refuse(GrpcMessages.messageTooLarge(-1, maxMessage));
    }

    private HttpResponse refuse(RequestRefused r) {
      record.refusal(r);
      if (stream != null) {
        stream.abort();
        stream = null;
      }
      answer = Refusals.grpc(r);
      return answer;
    }

    private List<byte[]> messages(byte[] body) {
      return GrpcMessages.split(body, text(headers, GrpcHeaderNames.GRPC_ENCODING), maxMessage);
    }

    /** The checks once the messages are in hand; the cluster they go to. */
    private UpstreamCluster admit(List<byte[]> messages, long bytes) {
      return admission.admit(record, identity, peekAll(serviceAndMethod, messages), bytes);
    }
  }

  private CompletableFuture<UnaryAnswer> forwardUnary(Call call, byte[] body) {
    List<byte[]> messages = call.messages(body);
    UpstreamCluster cluster = call.admit(messages, body.length);
    if (cluster.mode() == Mode.ADAPTOR) {
      return call.whole(translate(cluster, call, messages));
    }
    requirePassthrough(cluster);
    Http2Headers headers = ForwardedHeaders.of(call.headers, call.record.trace());
    long left = 0;
    if (call.deadline.isSet()) {
      left = call.deadline.remainingNanos();
      headers.set(GrpcHeaderNames.GRPC_TIMEOUT, GrpcDeadline.header(left));
    }
    CompletableFuture<UnaryAnswer> answer = cluster.grpcUnary(call.loop, headers, body, left);
    call.callerGone.thenRun(() -> answer.cancel(false)); // the node's stream is reset
    return answer.exceptionallyCompose(
        cause ->
            cause instanceof CancellationException
                ? CompletableFuture.failedFuture(cause)
                : call.whole(call.refuse(Refusals.upstreamFailure(cluster.name(), cause))));
  }

  private HttpResponse forward(Call call, byte[] body) {
    List<byte[]> messages = call.messages(body);
    UpstreamCluster cluster = call.admit(messages, body.length);
    if (cluster.mode() == Mode.ADAPTOR) {
      return translate(cluster, call, messages);
    }
    requirePassthrough(cluster);
    Upstream upstream =
        Upstream.of(
            armeria(call.headers), call.record, call.deadline, ExchangeType.RESPONSE_STREAMING);
    return cluster.grpc(
        upstream.headers(),
        HttpData.wrap(body),
        upstream.options(),
        call.callerGone,
        cause -> call.refuse(Refusals.upstreamFailure(cluster.name(), cause)));
  }

  /**
   * A call decided by its name alone (health, reflection, services the gateway does not know):
   * checked, then its request stream flows to the upstream as it arrives.
   */
  private HttpResponse forwardStream(Call call) {
    String[] sm = call.serviceAndMethod;
    Operation op = GrpcPeeker.peek(sm[0], sm[1], new byte[0]);
    UpstreamCluster cluster =
        admission.admit(
            call.record, call.identity, op, Math.max(0, call.stream.headers().contentLength()));
    if (cluster.mode() == Mode.ADAPTOR) {
      throw cluster.adaptor().notTranslated(cluster.name(), sm[0], sm[1]);
    }
    requirePassthrough(cluster);
    Upstream upstream =
        Upstream.of(call.stream.headers(), call.record, call.deadline, ExchangeType.BIDI_STREAMING);
    return cluster
        .grpcStream(call.stream.withHeaders(upstream.headers()), upstream.options())
        .recover(cause -> call.refuse(Refusals.upstreamFailure(cluster.name(), cause)));
  }

  /** A unary Bulk or Search to a REST-only cluster, translated; other methods are refused. */
  private static HttpResponse translate(UpstreamCluster cluster, Call call, List<byte[]> messages) {
    String[] sm = call.serviceAndMethod;
    Adaptor adaptor = cluster.adaptor();
    if (!adaptor.translates(sm[0], sm[1])) {
      throw adaptor.notTranslated(cluster.name(), sm[0], sm[1]);
    }
    if (messages.size() != 1) {
      throw RequestRefused.badRequest(
          "a unary call carries one request message, this one " + messages.size());
    }
    RequestOptionsBuilder options = RequestOptions.builder();
    if (call.deadline.isSet()) {
      options.responseTimeout(Duration.ofNanos(call.deadline.remainingNanos()));
    }
    return adaptor
        .call(cluster, sm[1], messages.get(0), call.record.trace().header(), options.build())
        .recover(cause -> call.refuse(Refusals.upstreamFailure(cluster.name(), cause)));
  }

  private static void requirePassthrough(UpstreamCluster cluster) {
    if (cluster.mode() != Mode.PASSTHROUGH) {
      throw RequestRefused.unsupported(
          "upstream cluster ["
              + cluster.name()
              + "] speaks REST only (mode rest); gRPC to it needs mode adaptor");
    }
  }

  /**
   * What a streaming call sends upstream besides the messages: the caller's headers (see {@link
   * ForwardedHeaders}) with what is left of its deadline, which also bounds the wait for the
   * answer.
   */
  private record Upstream(RequestHeaders headers, RequestOptions options) {
    static Upstream of(
        RequestHeaders in, CallRecord call, GrpcDeadline deadline, ExchangeType exchange) {
      RequestHeadersBuilder headers = ForwardedHeaders.of(in, call.trace());
      RequestOptionsBuilder options = RequestOptions.builder().exchangeType(exchange);
      if (deadline.isSet()) {
        long left = deadline.remainingNanos();
        headers.set(GrpcHeaderNames.GRPC_TIMEOUT, GrpcDeadline.header(left));
        options.responseTimeout(Duration.ofNanos(left));
      }
      return new Upstream(headers.build(), options.build());
    }
  }

  /** One operation for the whole call: a stream of messages names the union of their indices. */
  private static Operation peekAll(String[] serviceAndMethod, List<byte[]> messages) {
    if (messages.size() == 1) {
      return GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], messages.get(0));
    }
    Operation first = GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], new byte[0]);
    LinkedHashSet<String> indices = new LinkedHashSet<>();
    int items = 0;
    long size = -1;
    long from = -1;
    for (byte[] m : messages) {
      Operation op = GrpcPeeker.peek(serviceAndMethod[0], serviceAndMethod[1], m);
      indices.addAll(op.indices());
      items += op.bulkItems();
      size = Math.max(size, op.size());
      from = Math.max(from, op.from());
    }
    if (messages.isEmpty()) {
      indices.addAll(first.indices());
    }
    return new Operation(first.name(), first.action(), new ArrayList<>(indices), items, size, from);
  }

  private static String[] serviceAndMethod(String path) {
    int slash = path.lastIndexOf('/');
    if (slash <= 1 || slash == path.length() - 1) {
      throw RequestRefused.unsupported("not a gRPC method path: " + path);
    }
    return new String[] {path.substring(1, slash), path.substring(slash + 1)};
  }

  /**
   * The call's outcome for the metrics and the access log: its gRPC status by name, from the
   * trailers (or a trailers-only answer's headers); {@code http_NNN} for an answer without one.
   */
  static String status(int httpStatus, HttpHeaders headers, HttpHeaders trailers) {
    String code = trailers == null ? null : trailers.get(GrpcHeaderNames.GRPC_STATUS);
    if (code == null && headers != null) {
      code = headers.get(GrpcHeaderNames.GRPC_STATUS);
    }
    return status(Integer.toString(httpStatus), code);
  }

  /** The same, from a unary answer. */
  static String status(UnaryAnswer answer) {
    CharSequence code =
        answer.trailers() == null ? null : answer.trailers().get(GrpcHeaderNames.GRPC_STATUS);
    if (code == null) {
      code = answer.headers().get(GrpcHeaderNames.GRPC_STATUS);
    }
    return status(String.valueOf(answer.headers().status()), code == null ? null : code.toString());
  }

  private static String status(String httpStatus, String grpcStatus) {
    if (grpcStatus == null) {
      return "http_" + httpStatus;
    }
    try {
      return Status.fromCodeValue(Integer.parseInt(grpcStatus)).getCode().name();
    } catch (NumberFormatException e) {
      return grpcStatus;
    }
  }

  private static String text(Http2Headers headers, AsciiString name) {
    CharSequence value = headers.get(name);
    return value == null ? null : value.toString();
  }

  /** The caller's HTTP/2 headers as the Armeria request headers its streaming clients send. */
  private static RequestHeaders armeria(Http2Headers in) {
    RequestHeadersBuilder out = RequestHeaders.builder();
    for (Map.Entry<CharSequence, CharSequence> e : in) {
      CharSequence name = e.getKey();
      if (name.length() > 0 && name.charAt(0) == ':') {
        if (Http2Headers.PseudoHeaderName.PATH.value().contentEquals(name)) {
          out.path(e.getValue().toString());
        } else if (Http2Headers.PseudoHeaderName.METHOD.value().contentEquals(name)) {
          HttpMethod method = HttpMethod.tryParse(e.getValue().toString());
          out.method(method == null ? HttpMethod.UNKNOWN : method);
        } else if (Http2Headers.PseudoHeaderName.AUTHORITY.value().contentEquals(name)) {
          out.authority(e.getValue().toString());
        }
      } else {
        out.add(HttpHeaderNames.of(name), e.getValue().toString());
      }
    }
    return out.build();
  }

  /** An answer the gateway made, aggregated, as the caller's HTTP/2 frames carry it. */
  private static UnaryAnswer unaryAnswer(AggregatedHttpResponse agg) {
    HttpData content = agg.content();
    ByteBuf message = null;
    if (content.isEmpty()) {
      content.close();
    } else {
      message = content.byteBuf();
    }
    return new UnaryAnswer(
        netty(agg.headers()), message, agg.trailers().isEmpty() ? null : netty(agg.trailers()));
  }

  /** Armeria's headers (pseudo-headers included) as Netty's. */
  static Http2Headers netty(HttpHeaders in) {
    DefaultHttp2Headers out = new DefaultHttp2Headers(false, in.size());
    for (Map.Entry<AsciiString, String> e : in) {
      out.add(e.getKey(), e.getValue());
    }
    return out;
  }
}
