package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.CommonPools;
import com.linecorp.armeria.common.util.EventLoopGroups;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What the two proxy listeners share: a plain Netty server socket on Armeria's worker event loops
 * (the ones the upstream clients use, so a proxied call never changes threads), TLS first on each
 * connection when configured, the connections kept open, and their drain when the listener closes.
 */
final class ListenerSocket {
  /** A connection's handler that can take no new calls and close once its calls are answered. */
  interface Drainable extends ChannelHandler {
    /** Runs on the connection's event loop. */
    void drain();
  }

  /** How long calls in flight may take to finish once the listener is closing. */
  static final long DRAIN_MILLIS = 10_000;

  private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final Channel server;

  /**
   * Listens on {@code address}, with TLS when {@code tls} is not {@code null}; {@code handlers}
   * adds each connection's protocol handlers after it.
   */
  ListenerSocket(InetSocketAddress address, SslContext tls, Consumer<ChannelPipeline> handlers) {
    EventLoopGroup group = CommonPools.workerGroup();
    this.server =
        new ServerBootstrap()
            .group(group)
            .channel(EventLoopGroups.serverChannelType(group))
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    connections.add(ch);
                    if (tls != null) {
                      ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                    }
                    handlers.accept(ch.pipeline());
                  }
                })
            .bind(address)
            .syncUninterruptibly()
            .channel();
  }

  int port() {
    return ((InetSocketAddress) server.localAddress()).getPort();
  }

  /**
   * Stops accepting connections and drains each open one (its {@link Drainable} handler, on its
   * event loop); waits for them to close — at most {@link #DRAIN_MILLIS}, then they are closed.
   */
  void close() {
    server.close().syncUninterruptibly();
    for (Channel c : connections) {
      c.eventLoop()
          .execute(
              () -> {
                Drainable connection = c.pipeline().get(Drainable.class);
                if (connection != null) {
                  connection.drain();
                }
              });
    }
    if (!connections.newCloseFuture().awaitUninterruptibly(DRAIN_MILLIS, TimeUnit.MILLISECONDS)) {
      connections.close().awaitUninterruptibly(2_000, TimeUnit.MILLISECONDS);
    }
  }
}
