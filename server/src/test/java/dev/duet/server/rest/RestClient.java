package dev.duet.server.rest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Raw HTTP against a node, for asserting exact status codes and bodies. */
final class RestClient {
  record Response(int status, String body, String contentType) {}

  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private final String base;

  RestClient(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  Response send(String method, String path) throws IOException, InterruptedException {
    return send(method, path, null, null);
  }

  Response send(String method, String path, String body) throws IOException, InterruptedException {
    return send(method, path, body, "application/json");
  }

  Response send(String method, String path, String body, String contentType)
      throws IOException, InterruptedException {
    // A bound, so that a request the node never answers fails its test instead of hanging it.
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.method(method, HttpRequest.BodyPublishers.ofString(body));
      if (contentType != null) {
        b.header("Content-Type", contentType);
      }
    }
    HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Response(
        r.statusCode(), r.body(), r.headers().firstValue("content-type").orElse(""));
  }
}
