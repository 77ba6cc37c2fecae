// A bare HTTP/2 cleartext relay on plain Netty: the floor of a JVM proxy, beside the gateway and
// HAProxy (haproxy.cfg here), for `duet bench hop` over gRPC. No authentication, peeking, limits,
// metrics or logging; each caller connection gets its own connection to the node, on the same
// event loop, and frames are relayed stream by stream. Not part of the build.
//
//   ./duet gateway --help >/dev/null    # builds gateway/ and writes its classpath, once
//   java --enable-native-access=ALL-UNNAMED -cp "$(cat gateway/target/classpath.txt)" \
//       bench/yardstick/H2Relay.java 9495 127.0.0.1 9400 &    # listen, node host, node gRPC port
//   ./duet bench hop --protocols grpc --via-grpc-target 127.0.0.1:9495 \
//       --via-rest-url http://127.0.0.1:9200 --durability request,async
//
// Measured in docs/benchmarks.md, "Session 11".

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
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2ChannelDuplexHandler;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2FrameStream;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.util.ReferenceCountUtil;
import java.util.HashMap;
import java.util.Map;

/** A bare HTTP/2 cleartext relay: each caller connection gets its own upstream connection on the same event loop; frames are relayed stream by stream. */
public class H2Relay {
  public static void main(String[] a) throws Exception {
    int listen = Integer.parseInt(a[0]);
    String upHost = a[1];
    int upPort = Integer.parseInt(a[2]);
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(Integer.parseInt(a.length > 3 ? a[3] : "2"), EpollIoHandler.newFactory());
    new ServerBootstrap().group(group).channel(EpollServerSocketChannel.class)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<Channel>() {
          @Override protected void initChannel(Channel ch) {
            ch.config().setAutoRead(false);
            Http2FrameCodec codec = Http2FrameCodecBuilder.forServer()
                .initialSettings(Http2Settings.defaultSettings().initialWindowSize(1 << 20)).build();
            ch.pipeline().addLast(codec, new Down(upHost, upPort, codec));
          }
        }).bind(listen).sync();
    System.out.println("relay on " + listen + " -> " + upHost + ":" + upPort);
    Thread.currentThread().join();
  }

  static final class Down extends ChannelInboundHandlerAdapter {
    final String host; final int port; final Http2FrameCodec downCodec;
    Channel up; Http2FrameCodec upCodec; ChannelHandlerContext downCtx; Up upHandler;
    final Map<Http2FrameStream, Http2FrameStream> downToUp = new HashMap<>();
    final Map<Http2FrameStream, Http2FrameStream> upToDown = new HashMap<>();
    Down(String host, int port, Http2FrameCodec codec) { this.host = host; this.port = port; this.downCodec = codec; }

    @Override public void channelActive(ChannelHandlerContext ctx) {
      downCtx = ctx;
      upCodec = Http2FrameCodecBuilder.forClient()
          .initialSettings(Http2Settings.defaultSettings().initialWindowSize(1 << 20)).build();
      new Bootstrap().group(ctx.channel().eventLoop()).channel(EpollSocketChannel.class)
          .option(ChannelOption.TCP_NODELAY, true)
          .handler(new ChannelInitializer<Channel>() {
            @Override protected void initChannel(Channel ch) { upHandler = new Up(); ch.pipeline().addLast(upCodec, upHandler); }
          })
          .connect(host, port).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess()) { ctx.close(); return; }
            up = f.channel();
            ctx.channel().config().setAutoRead(true);
            ctx.read();
          });
      ctx.fireChannelActive();
    }

    @Override public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof Http2HeadersFrame hf) {
        Http2FrameStream us = downToUp.get(hf.stream());
        if (us == null) {
          us = upHandler.newStream();
          downToUp.put(hf.stream(), us);
          upToDown.put(us, hf.stream());
        }
        up.write(new DefaultHttp2HeadersFrame(hf.headers(), hf.isEndStream()).stream(us));
      } else if (msg instanceof Http2DataFrame df) {
        Http2FrameStream us = downToUp.get(df.stream());
        ctx.write(new DefaultHttp2WindowUpdateFrame(df.initialFlowControlledBytes()).stream(df.stream()));
        if (us == null) { df.release(); return; }
        up.write(new DefaultHttp2DataFrame(df.content(), df.isEndStream()).stream(us));
      } else if (msg instanceof Http2ResetFrame rf) {
        Http2FrameStream us = downToUp.remove(rf.stream());
        if (us != null) { upToDown.remove(us); up.write(new DefaultHttp2ResetFrame(rf.errorCode()).stream(us)); }
      } else {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override public void channelReadComplete(ChannelHandlerContext ctx) {
      if (up != null) up.flush();
      ctx.flush();
    }

    @Override public void channelInactive(ChannelHandlerContext ctx) { if (up != null) up.close(); }

    final class Up extends Http2ChannelDuplexHandler {
      @Override public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Http2HeadersFrame hf) {
          Http2FrameStream ds = upToDown.get(hf.stream());
          if (ds != null) {
            downCtx.write(new DefaultHttp2HeadersFrame(hf.headers(), hf.isEndStream()).stream(ds));
            if (hf.isEndStream()) { upToDown.remove(hf.stream()); downToUp.remove(ds); }
          }
        } else if (msg instanceof Http2DataFrame df) {
          ctx.write(new DefaultHttp2WindowUpdateFrame(df.initialFlowControlledBytes()).stream(df.stream()));
          Http2FrameStream ds = upToDown.get(df.stream());
          if (ds == null) { df.release(); return; }
          downCtx.write(new DefaultHttp2DataFrame(df.content(), df.isEndStream()).stream(ds));
          if (df.isEndStream()) { upToDown.remove(df.stream()); downToUp.remove(ds); }
        } else if (msg instanceof Http2ResetFrame rf) {
          Http2FrameStream ds = upToDown.remove(rf.stream());
          if (ds != null) { downToUp.remove(ds); downCtx.write(new DefaultHttp2ResetFrame(rf.errorCode()).stream(ds)); }
        } else {
          ReferenceCountUtil.release(msg);
        }
      }
      @Override public void channelReadComplete(ChannelHandlerContext ctx) { downCtx.flush(); ctx.flush(); }
      @Override public void channelInactive(ChannelHandlerContext ctx) { downCtx.close(); }
    }
  }
}
