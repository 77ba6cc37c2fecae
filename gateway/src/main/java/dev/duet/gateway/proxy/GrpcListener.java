package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.HttpObject;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.ResponseHeaders;
import dev.duet.gateway.upstream.UnaryAnswer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2GoAwayFrame;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2FrameStreamException;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLSession;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC listener, on plain Netty HTTP/2: each call's frames are handed to {@link GrpcProxy} and
 * its answer written back, on the connection's event loop — the one the upstream call runs on too
 * (the upstream clients share Armeria's worker group), so a proxied call never changes threads.
 * Armeria's server would add a request context, a request log and a decorator chain per call; the
 * gateway's gRPC hot path needs none of them (docs/benchmarks.md, "Session 12").
 *
 * <p>A unary call's request is taken whole (bounded by the message limit) and its answer written
 * back whole — headers, message and trailers in one write. Streaming calls flow both ways as they
 * come. Closing the listener stops accepting connections and drains the open ones: calls in flight
 * finish (up to {@link ListenerSocket#DRAIN_MILLIS}), new ones are refused, then each connection
 * says GOAWAY and closes.
 */
public final class GrpcListener implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(GrpcListener.class);

  /** Per-stream receive window: a held request arrives without window stalls. */
  private static final int RECEIVE_WINDOW = 1 << 20;

  private final GrpcProxy proxy;
  private final ListenerSocket socket;

  /**
   * Listens on {@code address}, with TLS when {@code tls} is not {@code null} (its ALPN must offer
   * {@code h2}); calls go through {@code admission}.
   */
  public GrpcListener(InetSocketAddress address, SslContext tls, Admission admission) {
    this.proxy = new GrpcProxy(admission);
    this.socket =
        new ListenerSocket(
            address,
            tls,
            pipeline ->
                pipeline.addLast(
                    Http2FrameCodecBuilder.forServer()
                        .initialSettings(
                            Http2Settings.defaultSettings().initialWindowSize(RECEIVE_WINDOW))
                        // Draining is the listener's own (Connection.drain): a close
                        // closes.
                        .gracefulShutdownTimeoutMillis(0)
                        .build(),
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

  /** One caller connection: its streams, each a call. Runs on the connection's event loop. */
  private final class Connection extends ChannelInboundHandlerAdapter
      implements ListenerSocket.Drainable {
    private final Map<Http2FrameStream, Exchange> exchanges = new HashMap<>();
    private ChannelHandlerContext ctx;
    private boolean draining;

    /**
     * Takes no new calls (each is refused with REFUSED_STREAM, which gRPC clients retry elsewhere)
     * and closes — GOAWAY, then the connection — once its calls in flight are answered. The GOAWAY
     * waits until then: some clients (Armeria's) give a connection's calls only a second to finish
     * once they have seen one.
     */
    @Override
    public void drain() {
      draining = true;
      closeIfDrained();
    }

    /** A call left the connection. */
    void remove(Http2FrameStream stream) {
      exchanges.remove(stream);
      closeIfDrained();
    }

    private void closeIfDrained() {
      if (draining && exchanges.isEmpty() && ctx.channel().isActive()) {
        ctx.writeAndFlush(new DefaultHttp2GoAwayFrame(Http2Error.NO_ERROR));
        ctx.close();
      }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      this.ctx = ctx;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2DataFrame data) {
        guarded(data.stream(), () -> onData(data));
      } else if (msg instanceof Http2HeadersFrame headers) {
        guarded(headers.stream(), () -> onHeaders(headers));
      } else if (msg instanceof Http2ResetFrame reset) {
        Exchange e = exchanges.get(reset.stream());
        if (e != null) {
          e.abandoned();
        }
      } else {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      for (Exchange e : new ArrayList<>(exchanges.values())) {
        e.abandoned();
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (cause instanceof Http2FrameStreamException e) {
        // One stream broke the protocol (the codec has reset it): that call ends, not the others.
        Exchange broken = exchanges.get(e.stream());
        if (broken != null) {
          broken.abandoned();
        }
        return;
      }
      // A broken connection (reset by the peer, a failed TLS handshake): its calls end with it.
      ctx.close();
    }

    /**
     * Runs a frame's handling; a failure of the gateway's own (a bug, not a refusal: those are
     * answers) costs that call alone, reset with INTERNAL_ERROR, never the connection's others.
     */
    private void guarded(Http2FrameStream stream, Runnable handling) {
      try {
        handling.run();
      } catch (RuntimeException e) {
        log.warn("gRPC call on stream {} failed in the gateway", stream.id(), e);
        Exchange failed = exchanges.get(stream);
        if (failed != null) {
          failed.abandoned();
        }
        ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.INTERNAL_ERROR).stream(stream));
      }
    }

    private void onHeaders(Http2HeadersFrame frame) {
      Exchange existing = exchanges.get(frame.stream());
      if (existing != null) {
        // Trailers from the caller: the request's end.
        if (frame.isEndStream()) {
          existing.requestEnded();
        }
        return;
      }
      if (draining) {
        ctx.writeAndFlush(
            new DefaultHttp2ResetFrame(Http2Error.REFUSED_STREAM).stream(frame.stream()));
        return;
      }
      Http2Headers headers = frame.headers();
      if (headers.method() == null || headers.path() == null || headers.path().length() == 0) {
        ctx.writeAndFlush(
            new DefaultHttp2ResetFrame(Http2Error.PROTOCOL_ERROR).stream(frame.stream()));
        return;
      }
      Exchange e = new Exchange(this, frame.stream());
      exchanges.put(frame.stream(), e);
      e.open(headers, sslSession(), frame.isEndStream());
    }

    private void onData(Http2DataFrame frame) {
      // Every byte received is given back to the caller's window at once: a held request is
      // bounded by the message limit, a streaming one is handed on as it comes.
      if (frame.initialFlowControlledBytes() > 0) {
        ctx.write(
            new DefaultHttp2WindowUpdateFrame(frame.initialFlowControlledBytes())
                .stream(frame.stream()));
      }
      Exchange e = exchanges.get(frame.stream());
      if (e == null) {
        frame.release();
        return;
      }
      e.data(frame.content(), frame.isEndStream());
    }

    private SSLSession sslSession() {
      SslHandler ssl = ctx.pipeline().get(SslHandler.class);
      return ssl == null ? null : ssl.engine().getSession();
    }
  }

  /** One call on a connection: its request as it arrives, and its answer as it goes back. */
  private final class Exchange {
    private final Connection connection;
    private final Http2FrameStream stream;
    private final CompletableFuture<Void> callerGone = new CompletableFuture<>();
    private GrpcProxy.Call call;
    private CompositeByteBuf held;
    private HttpResponse answer;
    private boolean requestEnded;
    private boolean answered; // the answer's last frame is written (or the call abandoned)
    private long requestBytes;
    private long responseBytes;

    Exchange(Connection connection, Http2FrameStream stream) {
      this.connection = connection;
      this.stream = stream;
    }

    void open(Http2Headers headers, SSLSession tls, boolean endOfStream) {
      call = proxy.open(headers, tls, connection.ctx.channel().eventLoop(), callerGone);
      if (call.held()) {
        held = connection.ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
      } else {
        relay(call.answer());
      }
      if (endOfStream) {
        requestEnded();
      }
    }

    void data(ByteBuf content, boolean endOfStream) {
      int n = content.readableBytes();
      requestBytes += n;
      if (held != null) {
        if (held.readableBytes() + (long) n > call.maxHeldBytes()) {
          releaseHeld();
          content.release();
          relay(call.tooLarge());
          return;
        }
        held.addComponent(true, content);
      } else if (call.stream() != null && !answered) {
        call.stream().tryWrite(HttpData.wrap(ByteBufUtil.getBytes(content)));
        content.release();
      } else {
        content.release();
      }
      if (endOfStream) {
        requestEnded();
      }
    }

    void requestEnded() {
      if (requestEnded) {
        return;
      }
      requestEnded = true;
      if (held != null) {
        byte[] body = ByteBufUtil.getBytes(held);
        releaseHeld();
        if (call.unaryAnswer()) {
          whole(call.forwardUnary(body));
        } else {
          relay(call.forward(body));
        }
      } else if (call.stream() != null) {
        call.stream().close();
      }
    }

    private void releaseHeld() {
      if (held != null) {
        held.release();
        held = null;
      }
    }

    /** The caller reset the stream, or its connection closed: the upstream call is cancelled. */
    void abandoned() {
      connection.remove(stream);
      releaseHeld();
      callerGone.complete(null);
      if (call != null && call.stream() != null) {
        call.stream().abort();
      }
      if (answer != null) {
        answer.abort();
      }
      finish("CANCELLED");
    }

    /** A streaming answer, relayed as it comes. */
    private void relay(HttpResponse response) {
      answer = response;
      response.subscribe(new Relay(), connection.ctx.executor());
    }

    /** A unary answer, written once whole. */
    private void whole(CompletableFuture<UnaryAnswer> answer) {
      EventLoop loop = connection.ctx.channel().eventLoop();
      answer.whenComplete(
          (a, error) -> {
            if (loop.inEventLoop()) {
              writeWhole(a, error);
            } else {
              loop.execute(() -> writeWhole(a, error));
            }
          });
    }

    /** A unary answer, headers, message and trailers, in one write. */
    private void writeWhole(UnaryAnswer a, Throwable error) {
      if (error != null) {
        reset();
        return;
      }
      if (answered) {
        a.release();
        return;
      }
      ChannelHandlerContext ctx = connection.ctx;
      boolean hasMessage = a.message() != null;
      boolean hasTrailers = a.trailers() != null;
      ctx.write(
          new DefaultHttp2HeadersFrame(a.headers(), !hasMessage && !hasTrailers).stream(stream));
      if (hasMessage) {
        responseBytes += a.message().readableBytes();
        ctx.write(new DefaultHttp2DataFrame(a.message(), !hasTrailers).stream(stream));
      }
      if (hasTrailers) {
        ctx.write(new DefaultHttp2HeadersFrame(a.trailers(), true).stream(stream));
      }
      ctx.flush();
      ended(GrpcProxy.status(a));
    }

    private DefaultHttp2HeadersFrame frame(HttpHeaders headers, boolean endOfStream) {
      return new DefaultHttp2HeadersFrame(GrpcProxy.netty(headers), endOfStream).stream(stream);
    }

    /** The answer is written in full: a request still arriving is no longer wanted. */
    private void ended(String status) {
      if (!requestEnded) {
        connection.ctx.writeAndFlush(
            new DefaultHttp2ResetFrame(Http2Error.NO_ERROR).stream(stream));
      }
      connection.remove(stream);
      finish(status);
    }

    private void reset() {
      if (!answered) {
        connection.ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CANCEL).stream(stream));
        connection.remove(stream);
        finish("CANCELLED");
      }
    }

    private void finish(String status) {
      if (answered) {
        return;
      }
      answered = true;
      if (call != null) {
        proxy.complete(call, requestBytes, responseBytes, status);
      }
    }

    /**
     * A streaming answer, relayed object by object as the upstream sends them. The headers wait for
     * what follows them: an answer that ends after its headers is written as one trailers-only
     * frame, as gRPC requires, whether or not the upstream sent it as one.
     */
    private final class Relay implements Subscriber<HttpObject> {
      private Subscription subscription;
      private ResponseHeaders headers;
      private boolean headersWritten;
      private HttpHeaders trailers;

      @Override
      public void onSubscribe(Subscription s) {
        subscription = s;
        if (answered) {
          s.cancel();
        } else {
          s.request(1);
        }
      }

      @Override
      public void onNext(HttpObject o) {
        if (answered) {
          subscription.cancel();
          return;
        }
        if (o instanceof ResponseHeaders h) {
          if (!h.status().isInformational()) {
            headers = h;
          }
          subscription.request(1);
          return;
        }
        if (headers == null) {
          subscription.cancel();
          reset();
          return;
        }
        writeHeaders(false);
        Object frame;
        if (o instanceof HttpHeaders t) {
          trailers = t;
          frame = frame(t, true);
        } else {
          HttpData d = (HttpData) o;
          responseBytes += d.length();
          frame =
              new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(d.array()), false).stream(stream);
        }
        // The next object is asked for once this one is on the wire: a slow caller slows the
        // upstream rather than filling the gateway's memory.
        connection
            .ctx
            .writeAndFlush(frame)
            .addListener((ChannelFutureListener) f -> subscription.request(1));
      }

      private void writeHeaders(boolean endOfStream) {
        if (!headersWritten) {
          headersWritten = true;
          connection.ctx.write(frame(headers, endOfStream));
        }
      }

      @Override
      public void onError(Throwable t) {
        reset();
      }

      @Override
      public void onComplete() {
        if (answered) {
          return;
        }
        if (headers == null) {
          reset();
          return;
        }
        if (!headersWritten) {
          writeHeaders(true);
          connection.ctx.flush();
        } else if (trailers == null) {
          connection.ctx.writeAndFlush(
              new DefaultHttp2DataFrame(Unpooled.EMPTY_BUFFER, true).stream(stream));
        }
        ended(GrpcProxy.status(headers.status().code(), headers, trailers));
      }
    }
  }
}
