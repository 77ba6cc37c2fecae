// A bare HTTP/1.1 relay on plain Netty: the floor of a JVM proxy for REST, beside the gateway and
// HAProxy (haproxy.cfg here), for `duet bench hop` over REST. No authentication, peeking, limits,
// metrics or logging; each caller connection gets its own connection to the node, on the same
// event loop. Mode `bytes` relays TCP bytes as they come; mode `http` decodes and re-encodes HTTP
// messages (Netty's HttpServerCodec and HttpClientCodec), as a proxy that reads requests must.
// Not part of the build.
//
//   ./duet gateway --help >/dev/null    # builds gateway/ and writes its classpath, once
//   java --enable-native-access=ALL-UNNAMED -cp "$(cat gateway/target/classpath.txt)" \
//       bench/yardstick/H1Relay.java 9295 127.0.0.1 9200 http &   # listen, node host, REST port
//   ./duet bench hop --protocols rest --via-rest-url http://127.0.0.1:9295 \
//       --via-grpc-target 127.0.0.1:9400 --durability request,async

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpServerCodec;

/** A bare HTTP/1.1 relay: one upstream connection per caller connection, on the same loop. */
public class H1Relay {
  public static void main(String[] a) throws Exception {
    int listen = Integer.parseInt(a[0]);
    String upHost = a[1];
    int upPort = Integer.parseInt(a[2]);
    boolean http = a.length > 3 && a[3].equals("http");
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, EpollIoHandler.newFactory());
    new ServerBootstrap().group(group).channel(EpollServerSocketChannel.class)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.AUTO_READ, false)
        .childHandler(new ChannelInitializer<Channel>() {
          @Override protected void initChannel(Channel ch) {
            if (http) ch.pipeline().addLast(new HttpServerCodec());
            ch.pipeline().addLast(new Down(upHost, upPort, http));
          }
        }).bind(listen).sync();
    System.out.println("relay on " + listen + " -> " + upHost + ":" + upPort + (http ? " (http)" : " (bytes)"));
    Thread.currentThread().join();
  }

  static final class Down extends ChannelInboundHandlerAdapter {
    final String host; final int port; final boolean http;
    Channel up;
    Down(String host, int port, boolean http) { this.host = host; this.port = port; this.http = http; }

    @Override public void channelActive(ChannelHandlerContext ctx) {
      Channel down = ctx.channel();
      new Bootstrap().group(down.eventLoop()).channel(EpollSocketChannel.class)
          .option(ChannelOption.TCP_NODELAY, true)
          .handler(new ChannelInitializer<Channel>() {
            @Override protected void initChannel(Channel ch) {
              if (http) ch.pipeline().addLast(new HttpClientCodec());
              ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                @Override public void channelRead(ChannelHandlerContext c, Object msg) { down.write(msg); }
                @Override public void channelReadComplete(ChannelHandlerContext c) { down.flush(); }
                @Override public void channelInactive(ChannelHandlerContext c) { down.close(); }
              });
            }
          })
          .connect(host, port).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) { down.close(); return; }
            up = f.channel();
            down.config().setAutoRead(true);
          });
      ctx.fireChannelActive();
    }

    @Override public void channelRead(ChannelHandlerContext ctx, Object msg) { up.write(msg); }
    @Override public void channelReadComplete(ChannelHandlerContext ctx) { up.flush(); }
    @Override public void channelInactive(ChannelHandlerContext ctx) { if (up != null) up.close(); }
  }
}
