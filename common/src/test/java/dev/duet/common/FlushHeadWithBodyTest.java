package dev.duet.common;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.client.ClientFactory;
import com.linecorp.armeria.client.ClientFactoryOptions;
import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.common.AggregatedHttpResponse;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.ServerBuilder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.ssl.AbstractSniHandler;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What reaches the socket, one entry per flush that carried bytes, for a real Armeria server and
 * client with and without {@link FlushHeadWithBody}.
 */
class FlushHeadWithBodyTest {
  private static final String BODY = "{\"acknowledged\":true}";
  private static final List<String> serverFlushes = new CopyOnWriteArrayList<>();
  private static final List<String> plainServerFlushes = new CopyOnWriteArrayList<>();
  private static final ScheduledExecutorService later =
      Executors.newSingleThreadScheduledExecutor();
  private static final List<String> tlsServerFlushes = new CopyOnWriteArrayList<>();
  private static Server server;
  private static Server plainServer;
  private static Server tlsServer;

  @BeforeAll
  static void start() {
    server = server(p -> p.addFirst(new FlushRecorder(serverFlushes)), true);
    plainServer = server(p -> p.addFirst(new FlushRecorder(plainServerFlushes)), false);
    // Behind the TLS handler (which the SNI handler becomes), so that the bytes are the plain ones.
    tlsServer =
        server(
            p ->
                p.addAfter(
                    p.context(AbstractSniHandler.class).name(),
                    null,
                    new FlushRecorder(tlsServerFlushes)),
            true,
            true);
  }

  @AfterAll
  static void stop() {
    server.stop().join();
    plainServer.stop().join();
    tlsServer.stop().join();
    later.shutdownNow();
  }

  @BeforeEach
  void clear() {
    serverFlushes.clear();
    plainServerFlushes.clear();
    tlsServerFlushes.clear();
  }

  @Test
  void armeriaAloneFlushesAnAnswersHeadAndBodySeparately() throws IOException {
    String answer = exchange(plainServer, "GET /now HTTP/1.1\r\nHost: a\r\n\r\n", BODY.length());

    assertThat(answer).startsWith("HTTP/1.1 200 OK").endsWith(BODY);
    assertThat(plainServerFlushes).hasSize(2);
  }

  @Test
  void anAnswerReadyAtOnceLeavesInOneFlush() throws IOException {
    String answer = exchange(server, "GET /now HTTP/1.1\r\nHost: a\r\n\r\n", BODY.length());

    assertThat(answer).startsWith("HTTP/1.1 200 OK").endsWith(BODY);
    assertThat(serverFlushes).singleElement().asString().isEqualTo(answer);
  }

  @Test
  void anAnswerCompletedOnAnotherThreadLeavesInOneFlush() throws IOException {
    String answer = exchange(server, "GET /later HTTP/1.1\r\nHost: a\r\n\r\n", BODY.length());

    assertThat(answer).startsWith("HTTP/1.1 200 OK").endsWith(BODY);
    assertThat(serverFlushes).singleElement().asString().isEqualTo(answer);
  }

  @Test
  void anAnswerMadeOnABlockingThreadLeavesInOneFlush() throws IOException {
    String answer =
        exchange(
            server,
            "PUT /blocking HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}",
            BODY.length());

    assertThat(answer).startsWith("HTTP/1.1 200 OK").endsWith(BODY);
    assertThat(serverFlushes).singleElement().asString().isEqualTo(answer);
  }

  @Test
  void aBodyThatComesLaterFollowsItsHead() throws IOException {
    String answer = exchange(server, "GET /stream HTTP/1.1\r\nHost: a\r\n\r\n", 10);

    assertThat(answer).startsWith("HTTP/1.1 200 OK").endsWith("first-last");
    assertThat(serverFlushes).hasSize(2);
    assertThat(serverFlushes.get(0)).startsWith("HTTP/1.1 200 OK").endsWith("\r\n\r\nfirst");
    assertThat(serverFlushes.get(1)).isEqualTo("-last");
  }

  @Test
  void anAnswerOverTlsLeavesInOneFlush() throws Exception {
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, InsecureTrustManagerFactory.INSTANCE.getTrustManagers(), null);
    try (Socket socket =
        tls.getSocketFactory().createSocket("127.0.0.1", tlsServer.activeLocalPort())) {
      socket.setSoTimeout(5_000);
      for (String path : List.of("/now", "/blocking")) {
        send(socket, "PUT " + path + " HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}");
        assertThat(readAnswer(socket.getInputStream(), BODY.length())).endsWith(BODY);
      }
    }
    assertThat(tlsServerFlushes)
        .hasSize(2)
        .allSatisfy(f -> assertThat(f).startsWith("HTTP/1.1 200 OK").endsWith(BODY));
  }

  @Test
  void anAnswerToHeadIsNotHeldForABodyThatNeverComes() throws IOException {
    String answer = exchange(server, "HEAD /now HTTP/1.1\r\nHost: a\r\n\r\n", 0);

    assertThat(answer).startsWith("HTTP/1.1 200 OK").contains("content-length: " + BODY.length());
  }

  @Test
  void keepAliveAnswersEachLeaveInOneFlush() throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.activeLocalPort())) {
      socket.setSoTimeout(5_000);
      for (int i = 0; i < 3; i++) {
        send(socket, "GET /now HTTP/1.1\r\nHost: a\r\n\r\n");
        assertThat(readAnswer(socket.getInputStream(), BODY.length())).endsWith(BODY);
      }
    }
    assertThat(serverFlushes).hasSize(3).allSatisfy(f -> assertThat(f).endsWith(BODY));
  }

  @Test
  void expectContinueIsAnsweredBeforeTheBodyIsSent() throws IOException {
    String body = "{\"n\":1}";
    try (Socket socket = new Socket("127.0.0.1", server.activeLocalPort())) {
      socket.setSoTimeout(5_000);
      send(
          socket,
          "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: "
              + body.length()
              + "\r\nExpect: 100-continue\r\n\r\n");
      assertThat(readHead(socket.getInputStream())).startsWith("HTTP/1.1 100 Continue");
      send(socket, body);
      assertThat(readAnswer(socket.getInputStream(), body.length())).endsWith(body);
    }
  }

  @Test
  void aClientSendsARequestsHeadAndBodyInOneFlush() {
    List<String> clientFlushes = new CopyOnWriteArrayList<>();
    Consumer<ChannelPipeline> customizer =
        p -> {
          p.addLast(new FlushRecorder(clientFlushes));
          FlushHeadWithBody.onClient(p);
        };
    try (ClientFactory factory =
        ClientFactory.builder()
            .option(ClientFactoryOptions.CHANNEL_PIPELINE_CUSTOMIZER, customizer)
            .build()) {
      WebClient client =
          WebClient.builder("h1c://127.0.0.1:" + plainServer.activeLocalPort())
              .factory(factory)
              .build();
      for (int i = 0; i < 2; i++) {
        AggregatedHttpResponse res =
            client
                .execute(
                    RequestHeaders.builder(HttpMethod.POST, "/echo")
                        .contentType(MediaType.JSON_UTF_8)
                        .build(),
                    BODY)
                .aggregate()
                .join();
        assertThat(res.contentUtf8()).isEqualTo(BODY);
      }
    }
    assertThat(clientFlushes)
        .hasSize(2)
        .allSatisfy(f -> assertThat(f).startsWith("POST /echo HTTP/1.1").endsWith(BODY));
  }

  private static Server server(Consumer<ChannelPipeline> recorder, boolean flushHeadWithBody) {
    return server(recorder, flushHeadWithBody, false);
  }

  private static Server server(
      Consumer<ChannelPipeline> recorder, boolean flushHeadWithBody, boolean tls) {
    ServerBuilder sb = Server.builder();
    if (tls) {
      sb.https(0).tlsSelfSigned();
    } else {
      sb.http(0);
    }
    Server s =
        sb.childChannelPipelineCustomizer(
                p -> {
                  recorder.accept(p);
                  if (flushHeadWithBody) {
                    FlushHeadWithBody.onServer(p);
                  }
                })
            .service("/now", (ctx, req) -> HttpResponse.of(HttpStatus.OK, MediaType.JSON, BODY))
            .service(
                "/later",
                (ctx, req) -> {
                  CompletableFuture<HttpResponse> f = new CompletableFuture<>();
                  later.schedule(
                      () -> f.complete(HttpResponse.of(HttpStatus.OK, MediaType.JSON, BODY)),
                      5,
                      TimeUnit.MILLISECONDS);
                  return HttpResponse.of(f);
                })
            // How the node's REST service answers: after the body, on a blocking thread.
            .service(
                "/blocking",
                (ctx, req) ->
                    HttpResponse.of(
                        req.aggregate()
                            .thenCompose(
                                agg ->
                                    CompletableFuture.supplyAsync(
                                        () -> HttpResponse.of(HttpStatus.OK, MediaType.JSON, BODY),
                                        ctx.blockingTaskExecutor()))))
            .service(
                "/stream",
                (ctx, req) -> {
                  var res = HttpResponse.streaming();
                  res.write(ResponseHeaders.builder(HttpStatus.OK).contentLength(10).build());
                  res.write(HttpData.ofUtf8("first"));
                  later.schedule(
                      () -> {
                        res.write(HttpData.ofUtf8("-last"));
                        res.close();
                      },
                      50,
                      TimeUnit.MILLISECONDS);
                  return res;
                })
            .service(
                "/echo",
                (ctx, req) ->
                    HttpResponse.of(
                        req.aggregate()
                            .thenApply(
                                a ->
                                    HttpResponse.of(
                                        HttpStatus.OK, MediaType.JSON, a.contentUtf8()))))
            .build();
    s.start().join();
    return s;
  }

  private static String exchange(Server s, String request, int bodyLength) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", s.activeLocalPort())) {
      socket.setSoTimeout(5_000);
      send(socket, request);
      return readAnswer(socket.getInputStream(), bodyLength);
    }
  }

  private static void send(Socket socket, String text) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(text.getBytes(US_ASCII));
    out.flush();
  }

  private static String readAnswer(InputStream in, int bodyLength) throws IOException {
    String head = readHead(in);
    return head + new String(in.readNBytes(bodyLength), US_ASCII);
  }

  /** Reads up to and including the blank line that ends a head. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    while (!head.toString(US_ASCII).endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("connection closed in a head: " + head.toString(US_ASCII));
      }
      head.write(b);
    }
    return head.toString(US_ASCII);
  }

  /** Records, per flush, the bytes written since the previous one (flushes with none are not). */
  private static final class FlushRecorder extends ChannelOutboundHandlerAdapter {
    private final List<String> flushes;
    private final StringBuilder pending = new StringBuilder();

    FlushRecorder(List<String> flushes) {
      this.flushes = flushes;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
      if (msg instanceof ByteBuf buf) {
        pending.append(buf.toString(US_ASCII));
      }
      ctx.write(msg, promise);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
      if (!pending.isEmpty()) {
        flushes.add(pending.toString());
        pending.setLength(0);
      }
      ctx.flush();
    }
  }
}
