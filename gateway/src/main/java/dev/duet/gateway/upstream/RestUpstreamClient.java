package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.client.UnprocessedRequestException;
import com.linecorp.armeria.client.endpoint.EmptyEndpointGroupException;
import com.linecorp.armeria.common.ClosedSessionException;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * REST calls in passthrough, over plain Netty HTTP/1.1 connections rather than Armeria's client
 * (whose per-call request context, log and decorators were over a quarter of the gateway's CPU on a
 * proxied REST call: docs/benchmarks.md, "Session 14"). The request is in hand whole and goes out
 * in one write; the answer streams back piece by piece to a {@link RestAnswer}, paused while the
 * caller cannot take more.
 *
 * <p>Each event loop keeps its own idle connections to each node, used only from that loop — the
 * one serving the caller — so a call never changes threads and connections need no locks. An HTTP/1
 * connection carries one call at a time; one back from a call waits in its loop's pool for the next
 * (most recently used first), and is closed after {@link #IDLE_MILLIS} unused, before a node's own
 * idle timeout would close it under a call. Nodes are taken round robin from the cluster's rotation
 * and each call's outcome is reported back to it. A call the node never received — no connection,
 * or the connection gone before the request was written — goes once to the next node if the retry
 * budget allows; so does a read (GET, HEAD, OPTIONS) whose kept-alive connection the node closed as
 * it went out. A write that may have reached the node is never sent twice.
 */
final class RestUpstreamClient implements AutoCloseable {
  /** An idle connection is closed after this long: under the usual servers' keep-alive timeouts. */
  static final long IDLE_MILLIS = 8_000;

  /** The node answers in pieces of up to this many bytes. */
  private static final int MAX_CHUNK = 64 * 1024;

  /** Methods safe to send twice (RFC 9110 §9.2.1). */
  private static final Set<HttpMethod> SAFE =
      Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.OPTIONS);

  private final OutlierEjection rotation;
  private final RetryBudget budget;
  private final AtomicInteger next = new AtomicInteger();
  private final Map<EventLoop, Map<Endpoint, ArrayDeque<NodeConnection>>> idle =
      new ConcurrentHashMap<>();
  private final Set<Channel> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  RestUpstreamClient(OutlierEjection rotation, RetryBudget budget) {
    this.rotation = rotation;
    this.budget = budget;
  }

  /**
   * Sends a request from {@code loop} (the caller's; this must run on it); the answer is handed to
   * {@code answer} on the same loop. {@code headers} are sent as they are but for {@code host} and
   * the body's framing, which are the connection's own.
   */
  RestCall call(
      EventLoop loop,
      HttpMethod method,
      String uri,
      HttpHeaders headers,
      byte[] body,
      RestAnswer answer) {
    if (!loop.inEventLoop()) {
      throw new IllegalStateException("a REST call starts on its caller's event loop");
    }
    budget.deposit();
    Call call = new Call(loop, method, uri, headers, body, answer);
    call.send();
    return call;
  }

  @Override
  public void close() {
    closed = true;
    for (Channel c : open) {
      c.close();
    }
  }

  /** One caller's call: where it went, and its answer's progress. */
  private final class Call implements RestCall {
    final EventLoop loop;
    final HttpMethod method;
    final String uri;
    final HttpHeaders headers;
    final byte[] body;
    final RestAnswer answer;
    int attempts;
    Endpoint endpoint;
    NodeConnection connection;
    boolean written;
    boolean headRead;
    boolean over; // answered in full, failed, or cancelled
    boolean paused;

    Call(
        EventLoop loop,
        HttpMethod method,
        String uri,
        HttpHeaders headers,
        byte[] body,
        RestAnswer answer) {
      this.loop = loop;
      this.method = method;
      this.uri = uri;
      this.headers = headers;
      this.body = body;
      this.answer = answer;
    }

    /** Sends to the rotation's next node. */
    void send() {
      attempts++;
      written = false;
      List<Endpoint> nodes = rotation.endpoints();
      if (nodes.isEmpty() || closed) {
        over = true;
        answer.failed(UnprocessedRequestException.of(EmptyEndpointGroupException.get(rotation)));
        return;
      }
      endpoint = nodes.get(Math.floorMod(next.getAndIncrement(), nodes.size()));
      connection = connectionTo(loop, endpoint);
      connection.start(this);
    }

    /** The request, head and body in one write. */
    DefaultFullHttpRequest request(String host) {
      HttpHeaders h = headers.copy();
      h.set(HttpHeaderNames.HOST, host);
      h.remove(HttpHeaderNames.TRANSFER_ENCODING);
      if (body.length > 0 || h.contains(HttpHeaderNames.CONTENT_LENGTH)) {
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
      }
      return new DefaultFullHttpRequest(
          HttpVersion.HTTP_1_1,
          method,
          uri,
          Unpooled.wrappedBuffer(body),
          h,
          EmptyHttpHeaders.INSTANCE);
    }

    void headRead(HttpResponse head) {
      headRead = true;
      rotation.record(endpoint, OutlierEjection.failed(head.status().code(), null));
      answer.head(head);
    }

    /** The answer is complete: the connection may serve the next call. */
    void ended() {
      over = true;
      connection = null;
    }

    /**
     * The connection ended before the answer did. {@code unprocessed}: the node never received the
     * call, so it may go to another node.
     */
    void lost(Throwable cause, boolean unprocessed) {
      connection = null;
      if (over) {
        return;
      }
      if (headRead) {
        over = true;
        answer.failed(cause);
        return;
      }
      rotation.record(endpoint, true);
      Throwable failure = unprocessed ? UnprocessedRequestException.of(cause) : cause;
      if (attempts == 1 && unprocessed && budget.retries(failure)) {
        send();
        return;
      }
      over = true;
      answer.failed(failure);
    }

    @Override
    public void pause() {
      paused = true;
      if (connection != null) {
        connection.channel.config().setAutoRead(false);
      }
    }

    @Override
    public void resume() {
      paused = false;
      if (connection != null) {
        connection.channel.config().setAutoRead(true);
      }
    }

    @Override
    public void cancel() {
      if (!loop.inEventLoop()) {
        loop.execute(this::cancel);
        return;
      }
      if (over) {
        return;
      }
      over = true;
      NodeConnection c = connection;
      connection = null;
      if (c != null) {
        c.abandon();
      }
    }
  }

  /** An idle connection of the loop to the node, or a new one. */
  private NodeConnection connectionTo(EventLoop loop, Endpoint endpoint) {
    ArrayDeque<NodeConnection> pool =
        idle.computeIfAbsent(loop, l -> new HashMap<>())
            .computeIfAbsent(endpoint, e -> new ArrayDeque<>());
    NodeConnection c;
    while ((c = pool.pollFirst()) != null) {
      if (c.channel.isActive()) {
        c.idleTimer.cancel(false);
        c.reused = true;
        return c;
      }
    }
    return new NodeConnection(loop, endpoint, pool);
  }

  /** One HTTP/1.1 connection to one node, used from one event loop, one call at a time. */
  private final class NodeConnection extends ChannelInboundHandlerAdapter {
    final Channel channel;
    final String host;
    final ArrayDeque<NodeConnection> pool;
    ScheduledFuture<?> idleTimer;
    Call call;
    boolean connected;
    boolean reused;
    boolean keepAlive;
    Throwable connectFailure;

    NodeConnection(EventLoop loop, Endpoint endpoint, ArrayDeque<NodeConnection> pool) {
      this.host = endpoint.host() + ":" + endpoint.port();
      this.pool = pool;
      channel =
          NodeSockets.connect(
                  loop,
                  endpoint,
                  pipeline ->
                      pipeline.addLast(
                          new HttpClientCodec(4096, 16 * 1024, MAX_CHUNK), NodeConnection.this))
              .addListener(
                  (ChannelFutureListener)
                      f -> {
                        if (f.isSuccess()) {
                          connected = true;
                          if (call != null) {
                            write();
                          }
                        } else {
                          connectFailure = f.cause();
                        }
                      })
              .channel();
      open.add(channel);
      channel.closeFuture().addListener(f -> closed());
    }

    void start(Call c) {
      call = c;
      keepAlive = true;
      channel.config().setAutoRead(!c.paused);
      if (connected) {
        write();
      }
    }

    private void write() {
      Call c = call;
      channel
          .writeAndFlush(c.request(host))
          .addListener(
              f -> {
                if (f.isSuccess()) {
                  c.written = true;
                } else {
                  channel.close();
                }
              });
    }

    /** The caller is gone mid-call: the node's answer is not wanted, nor is the connection. */
    void abandon() {
      call = null;
      channel.close();
    }

    private void closed() {
      open.remove(channel);
      pool.remove(this);
      Call c = call;
      call = null;
      if (c != null) {
        // A kept-alive connection the node closed just as a call went out: it was not served. Only
        // a read is sent again then; a write might have been applied.
        boolean unserved = reused && SAFE.contains(c.method);
        c.lost(
            connectFailure != null ? connectFailure : ClosedSessionException.get(),
            !c.written || unserved && !c.headRead);
      }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      Call c = call;
      if (c == null) {
        // Nothing was asked: a node speaking out of turn is not to be trusted with the next call.
        ReferenceCountUtil.release(msg);
        channel.close();
        return;
      }
      if (msg instanceof HttpResponse head) {
        if (head.decoderResult().isFailure()) {
          ReferenceCountUtil.release(msg);
          channel.close();
          return;
        }
        if (head.status().codeClass() == HttpStatusClass.INFORMATIONAL
            && head.status().code() != 101) {
          ReferenceCountUtil.release(msg); // 100 Continue: the final answer follows
          return;
        }
        keepAlive = HttpUtil.isKeepAlive(head);
        c.headRead(head);
      }
      if (msg instanceof HttpContent content) {
        if (call != c) {
          content.release(); // the caller went away while taking the head
          return;
        }
        if (content instanceof LastHttpContent) {
          call = null;
          c.ended();
          backInPool(); // first: the caller's next call, started as this answer ends, may take it
        }
        c.answer.content(content);
      }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      // Hand on what arrived in one go, then let the caller's side write it in one go.
      if (call != null) {
        call.answer.flush();
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      channel.close();
    }

    /** The call is over: the connection serves the next, or closes if the node said so. */
    private void backInPool() {
      if (!keepAlive || closed || !channel.isActive()) {
        channel.close();
        return;
      }
      channel.config().setAutoRead(true);
      pool.addFirst(this);
      idleTimer =
          channel.eventLoop().schedule(this::idleTooLong, IDLE_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void idleTooLong() {
      if (call == null && pool.remove(this)) {
        channel.close();
      }
    }
  }
}
