package dev.duet.common;

import com.linecorp.armeria.common.SessionProtocol;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.ssl.AbstractSniHandler;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.concurrent.EventExecutor;

/**
 * Sends an HTTP/1 message's head and its body in one socket write.
 *
 * <p>Armeria's HTTP/1 encoder flushes after a message's head and again after its body, so a small
 * request or answer leaves in two writes. The first wakes the peer, which may take the core before
 * the second arrives and then has to wait for it (on two cores, the gateway was preempted twice as
 * often per REST call as per gRPC call; docs/benchmarks.md, sessions 8 and 9). This handler holds
 * the flush that follows a head announcing a body ({@code Content-Length} above zero) until the
 * body is written; Armeria flushes after every body write, and that flush sends both. Nothing but a
 * flush is held: the bytes wait in Netty's outbound buffer as they would anyway.
 *
 * <ul>
 *   <li>Armeria asks for a response's body only once its head's write has completed, so a held
 *       head's write is reported complete when it is queued. Should sending it fail later, the
 *       connection is closed, and the body's write fails in its place.
 *   <li>A head is held at most until the end of the event loop's turn: if its body has not been
 *       written by then (it has not arrived yet, or there is none, as in an answer to HEAD), the
 *       head goes out on its own, as it would without this handler.
 * </ul>
 *
 * <p>It works on {@link HttpMessage} objects and has to see the flushes Armeria issues from its own
 * handler's context, so it sits behind the HTTP/1 codec and ahead of Armeria's session handler,
 * which Armeria adds only once a connection's protocol is known: {@link #onServer} and {@link
 * #onClient} put it there. On an HTTP/2 connection it sees no {@link HttpMessage} and changes
 * nothing.
 */
public final class FlushHeadWithBody extends ChannelDuplexHandler {
  private final Runnable flushHeldHead;
  private ChannelHandlerContext ctx;
  private boolean holding;

  private FlushHeadWithBody() {
    flushHeldHead =
        () -> {
          if (holding) {
            holding = false;
            ctx.flush();
          }
        };
  }

  /**
   * For a server's {@code childChannelPipelineCustomizer}. When it runs, a cleartext HTTP port's
   * pipeline ends with Armeria's session handler, which writes and flushes, and the HTTP/1 codec is
   * added later, once the first bytes are read, between the handlers before it: just before the
   * last handler is behind the codec. Over TLS, Armeria adds the codec and the session handler at
   * the end once the handshake is done, so the handler goes in front of the session handler then.
   */
  public static void onServer(ChannelPipeline pipeline) {
    if (pipeline.get(AbstractSniHandler.class) != null || pipeline.get(SslHandler.class) != null) {
      pipeline.addLast(new PlaceAfterHandshake());
    } else {
      addBeforeLast(pipeline);
    }
  }

  /**
   * For a client factory's {@code channelPipelineCustomizer}, which runs before Armeria builds the
   * pipeline: waits for the session protocol to be settled, then goes right behind the HTTP/1 codec
   * (if the connection has one).
   */
  public static void onClient(ChannelPipeline pipeline) {
    pipeline.addLast(new PlaceBehindClientCodec());
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    flushHeldHead.run();
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    boolean head = msg instanceof HttpMessage && !(msg instanceof HttpContent);
    if (!head || !announcesBody((HttpMessage) msg)) {
      holding = false;
      ctx.write(msg, promise);
      return;
    }
    if (!holding) {
      holding = true;
      afterThisTurn(ctx.executor(), flushHeldHead);
    }
    ctx.write(msg, ctx.newPromise().addListener(ChannelFutureListener.CLOSE_ON_FAILURE));
    promise.trySuccess();
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    if (!holding) {
      ctx.flush();
    }
  }

  @Override
  public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
    // What was written before a close went out before it without this handler; keep it so.
    flushHeldHead.run();
    ctx.close(promise);
  }

  private static void addBeforeLast(ChannelPipeline pipeline) {
    pipeline.addBefore(pipeline.lastContext().name(), null, new FlushHeadWithBody());
  }

  private static void afterThisTurn(EventExecutor executor, Runnable task) {
    if (executor instanceof SingleThreadEventLoop loop) {
      loop.executeAfterEventLoopIteration(task);
    } else {
      executor.execute(task);
    }
  }

  private static boolean announcesBody(HttpMessage head) {
    if (head instanceof HttpResponse response && response.status().code() < 200) {
      return false;
    }
    return HttpUtil.getContentLength(head, -1L) > 0;
  }

  /** Adds a {@link FlushHeadWithBody} ahead of a TLS connection's session handler. */
  private static final class PlaceAfterHandshake extends ChannelInboundHandlerAdapter {
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
      if (event instanceof SslHandshakeCompletionEvent handshake) {
        // Armeria has added the protocol's handlers after this one by now (or closes the
        // connection, when the handshake failed).
        ChannelPipeline pipeline = ctx.pipeline();
        if (handshake.isSuccess() && pipeline.lastContext() != ctx) {
          addBeforeLast(pipeline);
        }
        pipeline.remove(this);
      }
      ctx.fireUserEventTriggered(event);
    }
  }

  /** Adds a {@link FlushHeadWithBody} behind a client connection's HTTP/1 codec, if it has one. */
  private static final class PlaceBehindClientCodec extends ChannelInboundHandlerAdapter {
    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
      if (event instanceof SessionProtocol) {
        ChannelPipeline pipeline = ctx.pipeline();
        ChannelHandlerContext codec = pipeline.context(HttpClientCodec.class);
        if (codec != null) {
          pipeline.addAfter(codec.name(), null, new FlushHeadWithBody());
        }
        pipeline.remove(this);
      }
      ctx.fireUserEventTriggered(event);
    }
  }
}
