package dev.duet.gateway.proxy;

import com.linecorp.armeria.common.CommonPools;
import com.linecorp.armeria.common.util.EventLoopGroups;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
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
   * Stops accepting connections and runs {@code drain} on each open one, on its event loop; waits
   * for them to close — at most {@link #DRAIN_MILLIS}, then they are closed.
   */
  void close(Consumer<Channel> drain) {
    server.close().syncUninterruptibly();
    for (Channel c : connections) {
      c.eventLoop().execute(() -> drain.accept(c));
    }
    if (!connections.newCloseFuture().awaitUninterruptibly(DRAIN_MILLIS, TimeUnit.MILLISECONDS)) {
      connections.close().awaitUninterruptibly(2_000, TimeUnit.MILLISECONDS);
    }
  }
}
