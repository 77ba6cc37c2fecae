package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.common.util.EventLoopGroups;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoop;
import java.util.function.Consumer;

/** How the gateway's own upstream clients (REST and unary gRPC) connect to a node. */
final class NodeSockets {
  private static final int CONNECT_TIMEOUT_MILLIS = 2_000;

  private NodeSockets() {}

  /**
   * Connects to {@code node} from {@code loop}, the connection used only from it; {@code handlers}
   * sets up its pipeline.
   */
  static ChannelFuture connect(EventLoop loop, Endpoint node, Consumer<ChannelPipeline> handlers) {
    return new Bootstrap()
        .group(loop)
        .channel(EventLoopGroups.socketChannelType(loop))
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MILLIS)
        .handler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel ch) {
                handlers.accept(ch.pipeline());
              }
            })
        .connect(node.host(), node.port());
  }
}
