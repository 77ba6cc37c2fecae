package dev.duet.gateway.proxy;

import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.observe.CallRecord;
import dev.duet.gateway.observe.TraceParent;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.peek.RestPeeker;
import dev.duet.gateway.security.Identity;
import dev.duet.gateway.upstream.RestAnswer;
import dev.duet.gateway.upstream.RestCall;
import dev.duet.gateway.upstream.UpstreamCluster;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import javax.net.ssl.SSLSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The REST listener, on plain Netty HTTP/1.1: authenticates from the headers, reads the body
 * (bounded by {@code limits.max_body_bytes}), peeks the operation, runs {@link Admission}, and
 * passes the request to a node of the routed cluster unchanged but for its credentials; the node's
 * answer streams back as it comes, the node read no faster than the caller takes it. All of it on
 * the connection's event loop, which the upstream connection uses too ({@code
 * upstream.RestUpstreamClient}): a proxied call never changes threads. Armeria's server and client
 * cost the gateway about 60% of its CPU on a REST call (docs/benchmarks.md, "Session 14").
 *
 * <p>Calls on a connection are answered one at a time, in order: requests pipelined behind one in
 * flight wait (and the connection is not read further) until its answer is written. A caller that
 * closes its connection mid-call has the node's call cancelled with it. Closing the listener stops
 * accepting connections and drains the open ones: a call in flight finishes (up to {@link
 * ListenerSocket#DRAIN_MILLIS}) with {@code connection: close} on its answer; idle connections
 * close at once.
 */
public final class RestListener implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(RestListener.class);

  /** OpenSearch's {@code http.max_initial_line_length} and {@code http.max_header_size}. */
  private static final int MAX_INITIAL_LINE = 4096;

  private static final int MAX_HEADERS = 16 * 1024;

  /** A body arrives in pieces of up to this many bytes. */
  private static final int MAX_CHUNK = 64 * 1024;

  private final Admission admission;
  private final ListenerSocket socket;

  /**
   * Listens on {@code address}, with TLS when {@code tls} is not {@code null}; calls go through
   * {@code admission}.
   */
  public RestListener(InetSocketAddress address, SslContext tls, Admission admission) {
    this.admission = admission;
    this.socket =
        new ListenerSocket(
            address,
            tls,
            pipeline ->
                pipeline.addLast(
                    new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADERS, MAX_CHUNK),
                    new Connection()));
  }

  public int port() {
    return socket.port();
  }

  /**
   * Stops accepting connections and drains the open ones ({@link Connection#drain}), waiting for
   * their calls in flight to finish — at most {@link ListenerSocket#DRAIN_MILLIS}, then they are
   * closed.
   */
  @Override
  public void close() {
    socket.close();
  }

  /** One caller connection and its calls, one at a time. Runs on the connection's event loop. */
  private final class Connection extends ChannelInboundHandlerAdapter
      implements ListenerSocket.Drainable {
    /** What arrived behind the call in flight: pipelined requests, held until it is answered. */
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();

    private ChannelHandlerContext ctx;
    private Exchange current;
    private boolean draining;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      this.ctx = ctx;
    }

    /** Takes no new calls: closes now if idle, else once the call in flight is answered. */
    @Override
    public void drain() {
      draining = true;
      if (current == null) {
        ctx.close();
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (!waiting.isEmpty() || (current != null && current.requestRead)) {
        waiting.add(msg);
        ctx.channel().config().setAutoRead(false);
        return;
      }
      handle(msg);
    }

    private void handle(Object msg) {
      if (msg instanceof HttpRequest head) {
        if (draining) {
          ReferenceCountUtil.release(msg);
          ctx.close();
          return;
        }
        current = new Exchange(this, head);
        current.open();
      }
      if (msg instanceof HttpContent content) {
        if (current == null || current.requestRead) {
          content.release(); // the rest of a body already refused, or a stray piece
        } else {
          current.body(content);
        }
      }
    }

    /**
     * The call's answer is written ({@code lastWrite} its last piece): the connection takes the
     * next call, one held back if any, or closes if the call said so.
     */
    void answered(Exchange e, ChannelFuture lastWrite, boolean close) {
      if (current != e) {
        return;
      }
      current = null;
      if (close || draining) {
        releaseWaiting();
        lastWrite.addListener(ChannelFutureListener.CLOSE);
        return;
      }
      while (!waiting.isEmpty() && (current == null || !current.requestRead)) {
        handle(waiting.poll());
      }
      if (waiting.isEmpty() && ctx.channel().isActive()) {
        ctx.channel().config().setAutoRead(true);
      }
    }

    private void releaseWaiting() {
      Object m;
      while ((m = waiting.poll()) != null) {
        ReferenceCountUtil.release(m);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      releaseWaiting();
      if (current != null) {
        current.callerGone();
        current = null;
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      // A broken connection (reset by the peer, a failed TLS handshake): its call ends with it.
      log.debug("REST connection {} failed", ctx.channel(), cause);
      ctx.close();
    }

    private SSLSession sslSession() {
      SslHandler ssl = ctx.pipeline().get(SslHandler.class);
      return ssl == null ? null : ssl.engine().getSession();
    }
  }

  /** One call: its request as it arrives, and its answer as it goes back. */
  private final class Exchange implements RestAnswer {
    private final Connection connection;
    private final ChannelHandlerContext ctx;
    private final HttpRequest head;
    private final boolean keepAlive;
    private CallRecord call;
    private Identity identity;
    private RequestRefused refusal;
    private CompositeByteBuf body;
    private long maxBody;
    private long received;
    private boolean requestRead;
    private UpstreamCluster cluster;
    private RestCall upstream;
    private boolean headWritten;
    private boolean closeAfter; // the answer's body ends with the connection (HTTP/1.0)
    private boolean finished;
    private int status;
    private long responseBytes;

    Exchange(Connection connection, HttpRequest head) {
      this.connection = connection;
      this.ctx = connection.ctx;
      this.head = head;
      this.keepAlive = HttpUtil.isKeepAlive(head);
    }

    void open() {
      TraceParent trace = TraceParent.continueOrStart(head.headers().get(TraceParent.HEADER));
      call = new CallRecord("rest", trace, head.method().name(), head.uri());
      if (head.decoderResult().isFailure()) {
        requestRead = true;
        Throwable cause = head.decoderResult().cause();
        refuse(
            RequestRefused.badRequest(
                "cannot read the request: "
                    + (cause.getMessage() == null ? cause.toString() : cause.getMessage())),
            true);
        return;
      }
      maxBody = admission.limits().maxBodyBytes();
      long length = HttpUtil.getContentLength(head, -1L);
      boolean expectsContinue = HttpUtil.is100ContinueExpected(head);
      try {
        identity =
            admission.authenticate(
                call, head.headers().get(HttpHeaderNames.AUTHORIZATION), connection.sslSession());
        if (length > maxBody) {
          throw tooLarge(length, maxBody);
        }
      } catch (RequestRefused r) {
        refusal = r;
        if (expectsContinue || length > drainLimit(maxBody)) {
          // The body is not wanted: the caller waits for the refusal, or would send too much.
          requestRead = true;
          refuse(r, true);
          return;
        }
      }
      if (refusal == null) {
        body = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
        if (expectsContinue) {
          ctx.writeAndFlush(
              new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
        }
      }
    }

    /**
     * A piece of the body. Past the limit the body is dropped as it comes and refused at its end;
     * past the drain limit it is refused at once and the connection closed.
     */
    void body(HttpContent content) {
      received += content.content().readableBytes();
      if (refusal == null && received > maxBody) {
        refusal = tooLarge(-1, maxBody);
        releaseBody();
      }
      if (body != null) {
        body.addComponent(true, content.content());
      } else {
        content.release();
      }
      if (refusal != null && received > drainLimit(maxBody)) {
        requestRead = true;
        refuse(refusal, true);
        return;
      }
      if (content instanceof LastHttpContent) {
        requestRead = true;
        if (refusal != null) {
          refuse(refusal, false);
        } else {
          forward();
        }
      }
    }

    /** The request is in: peeked, admitted, and sent to a node. */
    private void forward() {
      byte[] bytes = ByteBufUtil.getBytes(body);
      releaseBody();
      try {
        String uri = head.uri();
        QueryStringDecoder query = new QueryStringDecoder(uri);
        Operation op =
            RestPeeker.peek(
                head.method().name(),
                query.rawPath(),
                param(query, "size"),
                param(query, "from"),
                bytes);
        cluster = admission.admit(call, identity, op, bytes.length);
        upstream =
            cluster.rest(
                ctx.channel().eventLoop(),
                head.method(),
                uri,
                ForwardedHeaders.of(head.headers(), call.trace()),
                bytes,
                this);
      } catch (RequestRefused r) {
        refuse(r, false);
      } catch (RuntimeException e) {
        log.warn("REST call {} {} failed in the gateway", head.method(), head.uri(), e);
        refuse(RequestRefused.internal("the gateway failed on this request: " + e), true);
      }
    }

    private static String param(QueryStringDecoder query, String name) {
      if (query.rawQuery().isEmpty()) {
        return null;
      }
      List<String> values = query.parameters().get(name);
      return values == null || values.isEmpty() ? null : values.get(0);
    }

    @Override
    public void head(HttpResponse answer) {
      if (finished) {
        return;
      }
      status = answer.status().code();
      headWritten = true;
      ForwardedHeaders.answer(answer.headers());
      if (head.protocolVersion() == HttpVersion.HTTP_1_0) {
        answer.setProtocolVersion(HttpVersion.HTTP_1_0);
        if (HttpUtil.isTransferEncodingChunked(answer)) {
          // HTTP/1.0 has no chunks: the body is sent as it is, and ends with the connection.
          HttpUtil.setTransferEncodingChunked(answer, false);
          closeAfter = true;
        }
      }
      if (!keepAlive || closeAfter || connection.draining) {
        answer.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      } else if (head.protocolVersion() == HttpVersion.HTTP_1_0) {
        answer.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
      }
      pauseIfFull(ctx.write(answer));
    }

    @Override
    public void content(HttpContent content) {
      if (finished) {
        content.release();
        return;
      }
      responseBytes += content.content().readableBytes();
      if (content instanceof LastHttpContent) {
        ChannelFuture written = ctx.writeAndFlush(content);
        finish(Integer.toString(status));
        connection.answered(this, written, !keepAlive || closeAfter);
        return;
      }
      pauseIfFull(ctx.write(content));
    }

    @Override
    public void flush() {
      ctx.flush();
    }

    @Override
    public void failed(Throwable cause) {
      if (finished) {
        return;
      }
      if (headWritten) {
        // The node broke off mid-answer: so does the gateway, the only way HTTP/1 can say it.
        finish(Integer.toString(status));
        ctx.close();
        return;
      }
      refuse(Refusals.upstreamFailure(cluster.name(), cause), false);
    }

    /**
     * The caller cannot take more for now: the node's answer waits until what was written has gone
     * out. (Its completion, rather than the connection's writability events, says when: a write
     * made from the node's read can leave the connection unwritable with no event to follow.)
     */
    private void pauseIfFull(ChannelFuture written) {
      if (upstream != null && !ctx.channel().isWritable()) {
        ctx.flush();
        upstream.pause();
        written.addListener(
            f -> {
              if (!finished && f.isSuccess()) {
                upstream.resume();
              }
            });
      }
    }

    /** The caller's connection closed before its answer was written: the node's call is dropped. */
    void callerGone() {
      releaseBody();
      if (upstream != null) {
        upstream.cancel();
      }
      // 499, nginx's "client closed request", when no answer had begun.
      finish(headWritten ? Integer.toString(status) : "499");
    }

    /** Answers with the gateway's refusal; {@code close}: and closes the connection after it. */
    private void refuse(RequestRefused r, boolean close) {
      if (finished) {
        return;
      }
      call.refusal(r);
      FullHttpResponse answer = Refusals.rest(r);
      boolean closing = close || !keepAlive || connection.draining;
      if (closing) {
        answer.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
      } else if (head.protocolVersion() == HttpVersion.HTTP_1_0) {
        answer.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
      }
      answer.setProtocolVersion(head.protocolVersion());
      status = r.httpStatus();
      responseBytes += answer.content().readableBytes();
      headWritten = true;
      ChannelFuture written = ctx.writeAndFlush(answer);
      finish(Integer.toString(status));
      connection.answered(this, written, closing);
    }

    private void finish(String outcome) {
      if (finished) {
        return;
      }
      finished = true;
      call.finish(received, responseBytes, call.elapsedNanos());
      admission.complete(call, outcome);
    }

    private void releaseBody() {
      if (body != null) {
        body.release();
        body = null;
      }
    }
  }

  /**
   * How much of an oversized body is read and dropped so that its sender sees the refusal: a client
   * still uploading when the answer arrives would otherwise see a reset connection instead. Past
   * this the gateway answers at once and closes the connection, as any server would.
   */
  static long drainLimit(long max) {
    return Math.max(4 * max, 1 << 20);
  }

  private static RequestRefused tooLarge(long length, long max) {
    return RequestRefused.tooLarge(
        "Request body"
            + (length >= 0 ? " of " + length + " bytes" : "")
            + " is larger than [limits.max_body_bytes] = "
            + max
            + " bytes");
  }
}
