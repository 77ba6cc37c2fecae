package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.client.ResponseTimeoutException;
import com.linecorp.armeria.client.UnprocessedRequestException;
import com.linecorp.armeria.client.endpoint.EmptyEndpointGroupException;
import com.linecorp.armeria.common.ClosedSessionException;
import com.linecorp.armeria.common.stream.ClosedStreamException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.DefaultHttp2Connection;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2ConnectionAdapter;
import io.netty.handler.codec.http2.Http2ConnectionHandler;
import io.netty.handler.codec.http2.Http2ConnectionHandlerBuilder;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2FrameAdapter;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.util.AsciiString;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Unary gRPC calls in passthrough, sent over plain Netty HTTP/2 connections rather than Armeria's
 * client, which adds a request context, a request log and a decorator chain per call. The call is
 * in hand whole — headers and message — and its answer is one message, so it needs none of that: it
 * is written as one HEADERS and one DATA frame, and the answer's headers, message and trailers are
 * collected and handed back whole, in Netty's own types ({@link UnaryAnswer}), as the caller's side
 * writes them. With the gateway's own gRPC listener ({@code proxy.GrpcListener}) it takes a unary
 * call through the gateway on Netty alone; either half alone gained nothing measurable
 * (docs/benchmarks.md, sessions 11 and 12).
 *
 * <p>Each event loop holds its own connection to each node and uses it only from that loop, the one
 * serving the caller, so a call never changes threads and connections need no locks. Nodes are
 * taken round robin from the cluster's rotation (health checks and outlier ejection, as for
 * Armeria's clients), and each call's outcome is reported back to it. A call the node never
 * received — no connection, the stream refused, or beyond a GOAWAY's last stream — goes once to the
 * next node if the retry budget allows; a call that may have reached the node is never sent twice.
 * The caller's deadline bounds the wait; when it passes, or the caller goes away (cancels the
 * answer's future), the upstream stream is reset.
 */
final class GrpcUnaryClient implements AutoCloseable {
  /** Per-stream and connection receive window: a search answer arrives without window stalls. */
  private static final int RECEIVE_WINDOW = 1 << 20;

  /** A connection takes no new calls past this stream id; HTTP/2 ids end at 2^31 - 1. */
  private static final int LAST_STREAM_ID = Integer.MAX_VALUE - 1024;

  private final OutlierEjection rotation;
  private final RetryBudget budget;
  private final AtomicInteger next = new AtomicInteger();
  private final Map<EventLoop, Map<Endpoint, NodeConnection>> connections =
      new ConcurrentHashMap<>();
  private volatile boolean closed;

  GrpcUnaryClient(OutlierEjection rotation, RetryBudget budget) {
    this.rotation = rotation;
    this.budget = budget;
  }

  /**
   * Sends the call from {@code loop}; the answer completes on it, or fails with why no node
   * answered. {@code headers} are the call's own (with {@code :path}); the connection's scheme and
   * authority are set on them. {@code timeoutNanos} of 0 waits as long as the node takes.
   * Cancelling the future resets the node's stream.
   */
  CompletableFuture<UnaryAnswer> call(
      EventLoop loop, Http2Headers headers, byte[] body, long timeoutNanos) {
    budget.deposit();
    Call call = new Call(loop, headers, body, timeoutNanos);
    if (loop.inEventLoop()) {
      call.send();
    } else {
      loop.execute(call::send);
    }
    return call.answer;
  }

  @Override
  public void close() {
    closed = true;
    for (Map.Entry<EventLoop, Map<Endpoint, NodeConnection>> e : connections.entrySet()) {
      e.getKey()
          .execute(
              () -> {
                for (NodeConnection c : new ArrayList<>(e.getValue().values())) {
                  c.channel.close();
                }
              });
    }
  }

  /** One caller's call: where it went, and the answer as it arrives. */
  private final class Call {
    final EventLoop loop;
    final Http2Headers headers;
    final byte[] body;
    final CompletableFuture<UnaryAnswer> answer = new CompletableFuture<>();
    int attempts;
    Endpoint endpoint;
    NodeConnection connection;
    int streamId;
    boolean written;
    ScheduledFuture<?> timer;
    Http2Headers responseHeaders;
    ByteBuf message;

    Call(EventLoop loop, Http2Headers headers, byte[] body, long timeoutNanos) {
      this.loop = loop;
      this.headers = headers;
      this.body = body;
      if (timeoutNanos > 0) {
        timer = loop.schedule(this::timedOut, timeoutNanos, TimeUnit.NANOSECONDS);
      }
      // The caller went away (its own cancel or deadline, or its connection closed): the node
      // need not go on with it either.
      answer.whenComplete(
          (a, cause) -> {
            if (cause instanceof CancellationException) {
              cancelled();
            }
          });
    }

    /** Picks a node and sends; runs on the loop. */
    void send() {
      attempts++;
      dispatch();
    }

    /** Sends to the rotation's next node, over a connection with room for one more stream. */
    void dispatch() {
      if (answer.isDone()) {
        return;
      }
      List<Endpoint> nodes = rotation.endpoints();
      if (nodes.isEmpty() || closed) {
        fail(UnprocessedRequestException.of(EmptyEndpointGroupException.get(rotation)), false);
        return;
      }
      endpoint = nodes.get(Math.floorMod(next.getAndIncrement(), nodes.size()));
      connectionTo(loop, endpoint).send(this);
    }

    void headersRead(Http2Headers h, boolean endStream) {
      if (responseHeaders == null) {
        responseHeaders = h;
        if (endStream) {
          // Trailers-only: an error status, or an empty answer.
          done(new UnaryAnswer(h, null, null), failed(h, null));
        }
        return;
      }
      done(new UnaryAnswer(responseHeaders, takeMessage(), h), failed(responseHeaders, h));
    }

    void dataRead(ChannelHandlerContext ctx, ByteBuf data, boolean endStream) {
      if (message == null) {
        message = ctx.alloc().buffer(data.readableBytes());
      }
      message.writeBytes(data);
      if (endStream) {
        // An answer without trailers is not a complete gRPC answer; the caller sees what came.
        done(new UnaryAnswer(responseHeaders, takeMessage(), null), failed(responseHeaders, null));
      }
    }

    private ByteBuf takeMessage() {
      ByteBuf m = message;
      message = null;
      return m;
    }

    private void dropMessage() {
      if (message != null) {
        message.release();
        message = null;
      }
    }

    /**
     * The stream ended without an answer. {@code unprocessed}: the node never took the call, so it
     * may go to another node.
     */
    void streamLost(Throwable cause, boolean unprocessed) {
      if (unprocessed) {
        fail(UnprocessedRequestException.of(cause), true);
      } else {
        fail(cause, true);
      }
    }

    private void fail(Throwable cause, boolean nodeAtFault) {
      connection = null;
      dropMessage();
      if (answer.isDone()) {
        return;
      }
      if (!nodeAtFault) {
        cancelTimer();
        answer.completeExceptionally(cause);
        return;
      }
      rotation.record(endpoint, true);
      if (attempts == 1 && cause instanceof UnprocessedRequestException && budget.retries(cause)) {
        send();
        return;
      }
      cancelTimer();
      answer.completeExceptionally(cause);
    }

    private void done(UnaryAnswer a, boolean nodeFailed) {
      connection = null;
      cancelTimer();
      rotation.record(endpoint, nodeFailed);
      if (!answer.complete(a)) {
        a.release(); // the caller is gone
      }
    }

    private void timedOut() {
      timer = null;
      if (!answer.isDone()) {
        reset();
        answer.completeExceptionally(ResponseTimeoutException.get());
      }
    }

    private void cancelled() {
      if (loop.inEventLoop()) {
        cancelTimer();
        reset();
      } else {
        loop.execute(this::cancelled);
      }
    }

    private void reset() {
      NodeConnection c = connection;
      connection = null;
      dropMessage();
      if (c != null) {
        c.reset(this);
      }
    }

    private void cancelTimer() {
      if (timer != null) {
        timer.cancel(false);
        timer = null;
      }
    }
  }

  /** The loop's connection to the node, opened if there is none or the one there is closing. */
  private NodeConnection connectionTo(EventLoop loop, Endpoint endpoint) {
    Map<Endpoint, NodeConnection> mine = connections.computeIfAbsent(loop, l -> new HashMap<>());
    NodeConnection c = mine.get(endpoint);
    if (c == null || !c.usable()) {
      c = new NodeConnection(loop, endpoint, mine);
      mine.put(endpoint, c);
    }
    return c;
  }

  /** One HTTP/2 cleartext connection to one node, used from one event loop. */
  private static final class NodeConnection extends Http2FrameAdapter {
    final Endpoint endpoint;
    final Map<Endpoint, NodeConnection> owner;
    final AsciiString authority;
    final Http2Connection http2 = new DefaultHttp2Connection(false);
    final Http2ConnectionHandler handler;
    final Channel channel;
    final Map<Integer, Call> calls = new HashMap<>();
    final List<Call> waitingForConnect = new ArrayList<>();
    ChannelHandlerContext ctx;
    boolean connected;
    boolean draining;

    NodeConnection(EventLoop loop, Endpoint endpoint, Map<Endpoint, NodeConnection> owner) {
      this.endpoint = endpoint;
      this.owner = owner;
      this.authority = AsciiString.of(endpoint.host() + ":" + endpoint.port());
      http2.addListener(
          new Http2ConnectionAdapter() {
            @Override
            public void onStreamClosed(Http2Stream stream) {
              Call call = calls.remove(stream.id());
              if (call != null) {
                // Closed with no answer: by a reset, a GOAWAY or the connection's end.
                boolean unprocessed =
                    !call.written
                        || (http2.goAwayReceived()
                            && stream.id() > http2.local().lastStreamKnownByPeer());
                call.streamLost(ClosedSessionException.get(), unprocessed);
              }
              if (draining && http2.numActiveStreams() == 0 && channel.isOpen()) {
                channel.close(); // its last call is done; new calls use a fresh connection
              }
            }

            @Override
            public void onGoAwayReceived(int lastStreamId, long errorCode, ByteBuf debugData) {
              draining = true;
            }
          });
      handler =
          new Http2ConnectionHandlerBuilder()
              .connection(http2)
              .frameListener(this)
              .initialSettings(Http2Settings.defaultSettings().initialWindowSize(RECEIVE_WINDOW))
              .build();
      ChannelFuture connect =
          NodeSockets.connect(
              loop,
              endpoint,
              pipeline -> pipeline.addLast(handler, new WhenActive(NodeConnection.this)));
      channel = connect.channel();
      // Success is seen once the connection preface is out (WhenActive), not here: the connect
      // listener runs before the HTTP/2 handler has written it.
      connect.addListener(
          f -> {
            if (!f.isSuccess()) {
              connected(f.cause());
            }
          });
      channel.closeFuture().addListener(f -> closed());
    }

    /** Whether a new call may use this connection: not closing, and with a stream to spare. */
    boolean usable() {
      return !draining
          && channel.isOpen()
          && http2.local().lastStreamCreated() < LAST_STREAM_ID
          && (!connected || http2.local().canOpenStream());
    }

    void send(Call call) {
      call.connection = this;
      if (!connected) {
        waitingForConnect.add(call);
        return;
      }
      write(call);
    }

    private void connected(Throwable failure) {
      List<Call> waiting = new ArrayList<>(waitingForConnect);
      waitingForConnect.clear();
      if (failure != null) {
        owner.remove(endpoint, this);
        for (Call c : waiting) {
          c.streamLost(failure, true);
        }
        return;
      }
      connected = true;
      ctx = channel.pipeline().context(handler);
      try {
        // The connection's window, like each stream's, is RECEIVE_WINDOW rather than 64 KiB.
        http2
            .local()
            .flowController()
            .incrementWindowSize(
                http2.connectionStream(), RECEIVE_WINDOW - Http2CodecUtil.DEFAULT_WINDOW_SIZE);
      } catch (Http2Exception e) {
        channel.close();
      }
      for (Call c : waiting) {
        if (c.connection == this) {
          write(c);
        }
      }
    }

    private void write(Call call) {
      if (!http2.local().canOpenStream()) {
        // Calls that waited for the connection outnumber the streams the node allows: the rest
        // go to another connection — unless the node allows none at all.
        draining = true;
        if (http2.numActiveStreams() > 0) {
          call.dispatch();
        } else {
          call.streamLost(new IllegalStateException("the node allows no streams"), true);
        }
        return;
      }
      int id = http2.local().incrementAndGetNextStreamId();
      call.streamId = id;
      calls.put(id, call);
      Http2Headers h = call.headers.method(POST).scheme(HTTP).authority(authority);
      handler.encoder().writeHeaders(ctx, id, h, 0, false, ctx.newPromise());
      handler
          .encoder()
          .writeData(ctx, id, Unpooled.wrappedBuffer(call.body), 0, true, ctx.newPromise())
          .addListener(
              f -> {
                if (f.isSuccess()) {
                  call.written = true;
                }
              });
      channel.flush(); // through the HTTP/2 handler, which writes the DATA its flow control holds
    }

    /** Gives up on the call's stream: the node is told to stop. */
    void reset(Call call) {
      if (calls.remove(call.streamId) == null) {
        waitingForConnect.remove(call);
        return;
      }
      Http2Stream stream = http2.stream(call.streamId);
      if (stream != null) {
        handler.resetStream(ctx, call.streamId, Http2Error.CANCEL.code(), ctx.newPromise());
        channel.flush();
      }
    }

    private void closed() {
      owner.remove(endpoint, this);
      List<Call> left = new ArrayList<>(calls.values());
      left.addAll(waitingForConnect);
      calls.clear();
      waitingForConnect.clear();
      for (Call c : left) {
        c.streamLost(ClosedSessionException.get(), !c.written);
      }
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx,
        int streamId,
        Http2Headers headers,
        int streamDependency,
        short weight,
        boolean exclusive,
        int padding,
        boolean endStream) {
      onHeadersRead(ctx, streamId, headers, padding, endStream);
    }

    @Override
    public void onHeadersRead(
        ChannelHandlerContext ctx,
        int streamId,
        Http2Headers headers,
        int padding,
        boolean endStream) {
      Call call = endStream ? calls.remove(streamId) : calls.get(streamId);
      if (call != null) {
        call.headersRead(headers, endStream);
      }
    }

    @Override
    public int onDataRead(
        ChannelHandlerContext ctx, int streamId, ByteBuf data, int padding, boolean endStream) {
      int processed = data.readableBytes() + padding;
      Call call = endStream ? calls.remove(streamId) : calls.get(streamId);
      if (call == null) {
        return processed;
      }
      if (call.responseHeaders == null) {
        // Not HTTP/2 (RFC 9113 §8.1): the call fails, the node is told to stop.
        calls.remove(streamId);
        handler.resetStream(ctx, streamId, Http2Error.PROTOCOL_ERROR.code(), ctx.newPromise());
        call.streamLost(new IllegalStateException("an answer's DATA before its HEADERS"), false);
        return processed;
      }
      call.dataRead(ctx, data, endStream);
      return processed;
    }

    @Override
    public void onRstStreamRead(ChannelHandlerContext ctx, int streamId, long errorCode) {
      Call call = calls.remove(streamId);
      if (call != null) {
        // REFUSED_STREAM: the node did no work on it (RFC 9113 §8.7).
        call.streamLost(ClosedStreamException.get(), errorCode == Http2Error.REFUSED_STREAM.code());
      }
    }
  }

  /** Tells the connection it is open, after the HTTP/2 handler has sent its preface. */
  private static final class WhenActive extends ChannelInboundHandlerAdapter {
    private final NodeConnection connection;

    WhenActive(NodeConnection connection) {
      this.connection = connection;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
      connection.connected(null);
      super.channelActive(ctx);
    }
  }

  private static final AsciiString POST = AsciiString.cached("POST");
  private static final AsciiString HTTP = AsciiString.cached("http");

  /** An answer that says the node is in trouble: 502/503/504, or gRPC status UNAVAILABLE. */
  private static boolean failed(Http2Headers headers, Http2Headers trailers) {
    CharSequence grpc = trailers == null ? null : trailers.get("grpc-status");
    if (grpc == null) {
      grpc = headers.get("grpc-status");
    }
    CharSequence status = headers.status();
    return OutlierEjection.failed(
        status == null ? 0 : Integer.parseInt(status.toString()),
        grpc == null ? null : grpc.toString());
  }
}
