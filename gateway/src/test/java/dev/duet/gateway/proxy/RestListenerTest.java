package dev.duet.gateway.proxy;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpResponseWriter;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.RequestHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.server.Server;
import dev.duet.gateway.Gateway;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HTTP/1.1 as the REST listener speaks it, on raw sockets so that every byte is the test's own: a
 * large answer reaches a slow reader whole, pipelined requests are answered in order, HTTP/1.0 and
 * {@code Expect: 100-continue} callers are served as their protocol says, a chunked request reaches
 * the node with its length, a caller that leaves mid-call has the node's call cancelled, and a
 * request the listener cannot read gets a 400 in OpenSearch's shape. The node is an Armeria server
 * that records what it receives.
 */
class RestListenerTest {
  private static final String KEY = "rest-listener-test-key-0123456789";
  private static final String AUTH = "Authorization: ApiKey " + KEY + "\r\n";

  /** 6 MiB: far more than the socket buffers on the way hold. */
  private static final byte[] BIG = bigBody(6 << 20);

  private static final BlockingQueue<RequestHeaders> seenHeaders = new LinkedBlockingQueue<>();
  private static final BlockingQueue<String> seenBodies = new LinkedBlockingQueue<>();
  private static final CompletableFuture<Throwable> hangingCallEnded = new CompletableFuture<>();
  private static Server node;
  private static Gateway gateway;

  @BeforeAll
  static void start() throws Exception {
    node =
        Server.builder()
            .http(0)
            .requestTimeout(Duration.ZERO)
            .service(
                "/big/_search",
                (ctx, req) -> HttpResponse.of(HttpStatus.OK, MediaType.OCTET_STREAM, BIG))
            .service(
                "/chunked/_search",
                (ctx, req) -> {
                  // No content-length: Armeria sends it chunked.
                  HttpResponseWriter res = HttpResponse.streaming();
                  res.write(ResponseHeaders.of(HttpStatus.OK, "content-type", "text/plain"));
                  res.write(HttpData.ofUtf8("one,"));
                  res.write(HttpData.ofUtf8("two"));
                  res.close();
                  return res;
                })
            .service(
                "/slow/_search",
                (ctx, req) ->
                    HttpResponse.delayed(
                        HttpResponse.of(HttpStatus.OK, MediaType.PLAIN_TEXT_UTF_8, "slow answer"),
                        Duration.ofMillis(1000)))
            .service(
                "/hang/_search",
                (ctx, req) -> {
                  HttpResponseWriter res = HttpResponse.streaming();
                  res.whenComplete().handle((v, e) -> hangingCallEnded.complete(e));
                  return res;
                })
            .serviceUnder(
                "/",
                (ctx, req) ->
                    HttpResponse.of(
                        req.aggregate()
                            .thenApply(
                                agg -> {
                                  seenHeaders.add(agg.headers());
                                  seenBodies.add(agg.contentUtf8());
                                  return HttpResponse.of(
                                      HttpStatus.OK,
                                      MediaType.PLAIN_TEXT_UTF_8,
                                      agg.method() + " " + agg.path());
                                })))
            .build();
    node.start().join();
    gateway = startGateway();
  }

  private static Gateway startGateway() throws IOException {
    int port = node.activeLocalPort();
    return Gateway.start(
        GatewayConfigFile.parse(
            """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: node
                    health_check_interval: 1s
                    mode: rest
                    nodes: [{rest: "127.0.0.1:%d"}]
                tenants:
                  - {name: t, api_keys: ["%s"], indices: ["*"], actions: [search, write]}
                """
                .formatted(port, ApiKeys.hash(KEY)),
            Files.createTempDirectory("rest-listener")));
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
    if (node != null) {
      node.stop().join();
    }
  }

  @Test
  void aLargeAnswerReachesASlowReaderWhole() throws Exception {
    try (Socket s = new Socket()) {
      s.setReceiveBufferSize(4096);
      s.connect(new InetSocketAddress("127.0.0.1", gateway.restPort()));
      s.setSoTimeout(30_000);
      s.getOutputStream()
          .write(("GET /big/_search HTTP/1.1\r\nHost: g\r\n" + AUTH + "\r\n").getBytes(US_ASCII));
      InputStream slow = new SlowStream(s.getInputStream());
      Answer a = Answer.read(slow);
      assertThat(a.status).isEqualTo(200);
      assertThat(a.body.length).isEqualTo(BIG.length);
      assertThat(a.body).isEqualTo(BIG);
      // The connection serves the next call.
      s.getOutputStream()
          .write(("GET /small/_search HTTP/1.1\r\nHost: g\r\n" + AUTH + "\r\n").getBytes(US_ASCII));
      assertThat(Answer.read(s.getInputStream()).text()).isEqualTo("GET /small/_search");
    }
  }

  @Test
  void pipelinedRequestsAreAnsweredInOrder() throws Exception {
    try (Socket s = socket()) {
      StringBuilder three = new StringBuilder();
      for (String index : new String[] {"a", "big", "c"}) {
        three.append("GET /").append(index).append("/_search HTTP/1.1\r\nHost: g\r\n");
        three.append(AUTH).append("\r\n");
      }
      s.getOutputStream().write(three.toString().getBytes(US_ASCII));
      InputStream in = s.getInputStream();
      assertThat(Answer.read(in).text()).isEqualTo("GET /a/_search");
      assertThat(Answer.read(in).body).isEqualTo(BIG);
      assertThat(Answer.read(in).text()).isEqualTo("GET /c/_search");
    }
  }

  @Test
  void aChunkedRequestReachesTheNodeWithItsLength() throws Exception {
    seenHeaders.clear();
    seenBodies.clear();
    try (Socket s = socket()) {
      s.getOutputStream()
          .write(
              ("POST /docs/_search HTTP/1.1\r\nHost: g\r\n"
                      + AUTH
                      + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                      + "5\r\n{\"siz\r\n9\r\ne\": 1}   \r\n0\r\n\r\n")
                  .getBytes(US_ASCII));
      assertThat(Answer.read(s.getInputStream()).text()).isEqualTo("POST /docs/_search");
    }
    RequestHeaders h = seenHeaders.poll(5, TimeUnit.SECONDS);
    assertThat(h).isNotNull();
    assertThat(h.contentLength()).isEqualTo(14);
    assertThat(h.contains("transfer-encoding")).isFalse();
    assertThat(h.contains("authorization")).isFalse();
    assertThat(seenBodies.poll()).isEqualTo("{\"size\": 1}   ");
  }

  @Test
  void anHttp10CallerGetsAnAnswerThatEndsWithTheConnection() throws Exception {
    try (Socket s = socket()) {
      s.getOutputStream()
          .write(("GET /chunked/_search HTTP/1.0\r\n" + AUTH + "\r\n").getBytes(US_ASCII));
      byte[] all = s.getInputStream().readAllBytes(); // ends: the gateway closed the connection
      String text = new String(all, UTF_8);
      assertThat(text).startsWith("HTTP/1.0 200");
      assertThat(text.toLowerCase(Locale.ROOT)).doesNotContain("transfer-encoding");
      assertThat(text).endsWith("\r\n\r\none,two");
    }
  }

  @Test
  void anHttp10CallerAskingForKeepAliveKeepsItsConnection() throws Exception {
    try (Socket s = socket()) {
      String request = "GET /k/_search HTTP/1.0\r\nConnection: keep-alive\r\n" + AUTH + "\r\n";
      s.getOutputStream().write(request.getBytes(US_ASCII));
      Answer first = Answer.read(s.getInputStream());
      assertThat(first.headers.get("connection")).isEqualToIgnoringCase("keep-alive");
      s.getOutputStream().write(request.getBytes(US_ASCII));
      assertThat(Answer.read(s.getInputStream()).text()).isEqualTo("GET /k/_search");
    }
  }

  @Test
  void expectContinueIsAnsweredBeforeTheBodyAndRefusedWithoutIt() throws Exception {
    try (Socket s = socket()) {
      OutputStream out = s.getOutputStream();
      out.write(
          ("POST /docs/_search HTTP/1.1\r\nHost: g\r\n"
                  + AUTH
                  + "Content-Length: 2\r\nExpect: 100-continue\r\n\r\n")
              .getBytes(US_ASCII));
      InputStream in = s.getInputStream();
      assertThat(Answer.read(in).status).isEqualTo(100);
      out.write("{}".getBytes(US_ASCII));
      assertThat(Answer.read(in).text()).isEqualTo("POST /docs/_search");
    }
    try (Socket s = socket()) {
      s.getOutputStream()
          .write(
              ("POST /docs/_search HTTP/1.1\r\nHost: g\r\nAuthorization: ApiKey wrong\r\n"
                      + "Content-Length: 2\r\nExpect: 100-continue\r\n\r\n")
                  .getBytes(US_ASCII));
      Answer refused = Answer.read(s.getInputStream());
      assertThat(refused.status).isEqualTo(401);
      assertThat(refused.text()).contains("security_exception");
      assertThat(s.getInputStream().read()).isEqualTo(-1); // and the body is not awaited
    }
  }

  @Test
  void aCallerThatLeavesHasTheNodesCallCancelled() throws Exception {
    try (Socket s = socket()) {
      s.getOutputStream()
          .write(("GET /hang/_search HTTP/1.1\r\nHost: g\r\n" + AUTH + "\r\n").getBytes(US_ASCII));
      Thread.sleep(300); // the call reaches the node
    }
    assertThat(hangingCallEnded.get(10, TimeUnit.SECONDS)).isNotNull();
  }

  @Test
  void anUnreadableRequestGetsA400InOpenSearchsShape() throws Exception {
    try (Socket s = socket()) {
      String longUri = "/" + "x".repeat(5000) + "/_search";
      s.getOutputStream()
          .write(
              ("GET " + longUri + " HTTP/1.1\r\nHost: g\r\n" + AUTH + "\r\n").getBytes(US_ASCII));
      Answer a = Answer.read(s.getInputStream());
      assertThat(a.status).isEqualTo(400);
      assertThat(a.text()).contains("\"status\":400").contains("cannot read the request");
    }
  }

  @Test
  void aCallInFlightFinishesWhenTheGatewayClosesAndItsConnectionThenCloses() throws Exception {
    Gateway closing = startGateway();
    try (Socket s = new Socket("127.0.0.1", closing.restPort());
        Socket idle = new Socket("127.0.0.1", closing.restPort())) {
      s.setSoTimeout(30_000);
      idle.setSoTimeout(30_000);
      s.getOutputStream()
          .write(("GET /slow/_search HTTP/1.1\r\nHost: g\r\n" + AUTH + "\r\n").getBytes(US_ASCII));
      Thread.sleep(300); // the call reaches the node, which answers after a second
      CompletableFuture<Void> closed = CompletableFuture.runAsync(closing::close);
      Answer a = Answer.read(s.getInputStream());
      assertThat(a.status).isEqualTo(200);
      assertThat(a.text()).isEqualTo("slow answer");
      assertThat(a.headers.get("connection")).isEqualToIgnoringCase("close");
      assertThat(s.getInputStream().read()).isEqualTo(-1);
      assertThat(idle.getInputStream().read()).isEqualTo(-1); // an idle connection just closes
      closed.get(15, TimeUnit.SECONDS);
    } finally {
      closing.close();
    }
  }

  private static Socket socket() throws IOException {
    Socket s = new Socket("127.0.0.1", gateway.restPort());
    s.setSoTimeout(30_000);
    return s;
  }

  private static byte[] bigBody(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) ('a' + (i * 31 + i / 4096) % 26);
    }
    return b;
  }

  /** Reads in small pieces, pausing now and then: a caller slower than the node. */
  private static final class SlowStream extends InputStream {
    private final InputStream in;
    private long read;

    SlowStream(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, Math.min(len, 2048));
      if (n > 0 && (read += n) % (256 * 1024) < n) {
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return n;
    }
  }

  /** One HTTP/1.1 answer, read off the wire: by content-length, by chunks, or to the end. */
  private record Answer(int status, Map<String, String> headers, byte[] body) {
    String text() {
      return new String(body, UTF_8);
    }

    static Answer read(InputStream in) throws IOException {
      String statusLine = line(in);
      int status = Integer.parseInt(statusLine.split(" ")[1]);
      Map<String, String> headers = new LinkedHashMap<>();
      for (String l = line(in); !l.isEmpty(); l = line(in)) {
        int colon = l.indexOf(':');
        headers.put(
            l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
      }
      if (status == 100) {
        return new Answer(status, headers, new byte[0]);
      }
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      if (headers.containsKey("content-length")) {
        body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
      } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
        for (int size = Integer.parseInt(line(in), 16);
            size > 0;
            size = Integer.parseInt(line(in), 16)) {
          body.write(in.readNBytes(size));
          line(in);
        }
        line(in);
      } else {
        body.write(in.readAllBytes());
      }
      return new Answer(status, headers, body.toByteArray());
    }

    private static String line(InputStream in) throws IOException {
      StringBuilder b = new StringBuilder();
      for (int c = in.read(); c != '\n'; c = in.read()) {
        if (c < 0) {
          throw new IOException("the connection ended mid-answer: " + b);
        }
        if (c != '\r') {
          b.append((char) c);
        }
      }
      return b.toString();
    }
  }
}
