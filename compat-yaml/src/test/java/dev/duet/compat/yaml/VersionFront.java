package dev.duet.compat.yaml;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small HTTP front for the YAML runner's admin client. It answers the two requests OpenSearch's
 * runner reads the server's version from ({@code GET /_nodes/plugins}, {@code GET
 * /_cat/nodes?h=version,master}) with a fixed version, so the suite's version skips compare with
 * that version whatever the node is (and a node without those APIs can be measured); it forwards
 * every other request (the cleanup between tests) to the node unchanged.
 */
public final class VersionFront implements Closeable {

  private final HttpServer server;
  private final ExecutorService executor;
  private final String node;
  private final String version;

  public VersionFront(String nodeHost, int nodePort, String version) throws IOException {
    this.node = "http://" + nodeHost + ":" + nodePort;
    this.version = version;
    AtomicInteger threads = new AtomicInteger();
    this.executor =
        Executors.newFixedThreadPool(
            2,
            r -> {
              Thread thread = new Thread(r, "yaml-version-front-" + threads.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 32);
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      URI uri = exchange.getRequestURI();
      String own = answer(exchange.getRequestMethod(), uri.getPath(), uri.getQuery());
      if (own != null) {
        byte[] body = own.getBytes(StandardCharsets.UTF_8);
        exchange
            .getResponseHeaders()
            .add("Content-Type", own.startsWith("{") ? "application/json" : "text/plain");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        return;
      }
      forward(exchange, uri);
    }
  }

  private String answer(String method, String path, String query) {
    if (!"GET".equals(method)) {
      return null;
    }
    if ("/_nodes/plugins".equals(path)) {
      return "{\"nodes\":{\"node\":{\"version\":\"" + version + "\",\"plugins\":[]}}}";
    }
    if ("/_cat/nodes".equals(path) && query != null && query.contains("h=version,master")) {
      return version + " *\n";
    }
    return null;
  }

  private void forward(HttpExchange exchange, URI uri) throws IOException {
    String target = node + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    HttpURLConnection connection = (HttpURLConnection) URI.create(target).toURL().openConnection();
    String method = exchange.getRequestMethod();
    connection.setRequestMethod(method);
    for (Map.Entry<String, List<String>> header : exchange.getRequestHeaders().entrySet()) {
      String name = header.getKey();
      if (name.equalsIgnoreCase("Host")
          || name.equalsIgnoreCase("Content-Length")
          || name.equalsIgnoreCase("Connection")) {
        continue;
      }
      for (String value : header.getValue()) {
        connection.addRequestProperty(name, value);
      }
    }
    byte[] requestBody = exchange.getRequestBody().readAllBytes();
    if (requestBody.length > 0) {
      connection.setDoOutput(true);
      try (OutputStream out = connection.getOutputStream()) {
        out.write(requestBody);
      }
    }
    int status = connection.getResponseCode();
    byte[] body;
    try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
      body = in == null ? new byte[0] : readAll(in);
    }
    for (Map.Entry<String, List<String>> header : connection.getHeaderFields().entrySet()) {
      String name = header.getKey();
      if (name == null
          || name.equalsIgnoreCase("Content-Length")
          || name.equalsIgnoreCase("Transfer-Encoding")
          || name.equalsIgnoreCase("Connection")) {
        continue;
      }
      exchange.getResponseHeaders().put(name, header.getValue());
    }
    if ("HEAD".equals(method) || body.length == 0) {
      exchange.sendResponseHeaders(status, -1);
    } else {
      exchange.sendResponseHeaders(status, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  private static byte[] readAll(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    in.transferTo(out);
    return out.toByteArray();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
