package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.duet.compat.CompatCase.RestRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * Sends a case's REST requests to one node over a real HTTP/1.1 connection and shapes the answer as
 * {@code {"status": 200, "content_type": ..., "body": ...}} for {@link JsonDiff}.
 */
final class RestCaller {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Generous for one request on loopback, short enough that a hung node fails CI in minutes. */
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

  private final URI base;
  private final HttpClient client;

  RestCaller(URI base) {
    this.base = base;
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  /** The reply: status and body (JSON when it parses, else text; absent when empty). */
  JsonNode call(RestRequest request) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(base.resolve(request.path())).timeout(REQUEST_TIMEOUT);
    if (request.body() != null) {
      builder
          .header("Content-Type", request.contentType())
          .method(request.method(), HttpRequest.BodyPublishers.ofByteArray(request.body()));
    } else {
      builder.method(request.method(), HttpRequest.BodyPublishers.noBody());
    }
    HttpResponse<byte[]> response;
    try {
      response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(request + " to " + base + " failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    ObjectNode reply = JSON.createObjectNode();
    reply.put("status", response.statusCode());
    // Clients pick their parser by media type, so it is part of the contract; parameters are
    // not (JSON has no charset parameter, RFC 8259 §11), so they are left out.
    response
        .headers()
        .firstValue("content-type")
        .ifPresent(type -> reply.put("content_type", mediaType(type)));
    byte[] body = response.body();
    if (body.length > 0) {
      reply.set("body", parse(body));
    }
    return reply;
  }

  private static String mediaType(String contentType) {
    int semicolon = contentType.indexOf(';');
    String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
    return type.trim().toLowerCase(Locale.ROOT);
  }

  private static JsonNode parse(byte[] body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      return TextNode.valueOf(new String(body, StandardCharsets.UTF_8));
    }
  }
}
