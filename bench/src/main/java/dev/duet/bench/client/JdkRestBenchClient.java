package dev.duet.bench.client;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * REST over the JDK's {@code java.net.http.HttpClient}, forced to HTTP/1.1. Not the default ({@link
 * RestBenchClient} is): it is here so that the choice of REST client can be re-measured ({@code
 * --rest-client jdk}), since its per-request CPU is part of what the bench reports for REST.
 */
public final class JdkRestBenchClient implements BenchClient {
  private final String baseUrl;
  private final int port;
  private final HttpClient http;
  private final CallHeaders headers;
  private final Map<String, URI> uris = new ConcurrentHashMap<>();
  private volatile String searchEndpoint = "/_search";

  public JdkRestBenchClient(String baseUrl) {
    this(baseUrl, CallHeaders.NONE);
  }

  /** A client whose every request carries {@code headers}. */
  public JdkRestBenchClient(String baseUrl, CallHeaders headers) {
    requireNonNull(baseUrl, "baseUrl");
    this.headers = requireNonNull(headers, "headers");
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    URI base = URI.create(this.baseUrl);
    if (base.getHost() == null) {
      throw new IllegalArgumentException("rest url: " + baseUrl + " (expected: http://host:port)");
    }
    this.port = base.getPort() > 0 ? base.getPort() : 80;
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  @Override
  public Protocol protocol() {
    return Protocol.REST;
  }

  @Override
  public int port() {
    return port;
  }

  @Override
  public void bulk(String index, List<IndexOp> ops) {
    HttpResponse<InputStream> response =
        send(uri(index, "/_bulk"), RestRequests.bulkBody(ops), "application/x-ndjson");
    read(
        response,
        body -> {
          RestResponses.readBulk(body);
          return null;
        });
  }

  @Override
  public int search(String index, TextQuery query, String field, String text, int size) {
    HttpResponse<InputStream> response =
        send(uri(index, searchEndpoint), query.restBody(field, text, size), "application/json");
    return read(response, RestResponses::readSearchHits);
  }

  @Override
  public void aggregate(String index, AggregationQuery query) {
    read(
        send(uri(index, searchEndpoint), query.restBody(), "application/json"),
        RestResponses::readSearchHits);
  }

  @Override
  public void requestCache(Boolean enabled) {
    searchEndpoint = enabled == null ? "/_search" : "/_search?request_cache=" + enabled;
  }

  @Override
  public void close() {
    http.close();
  }

  private URI uri(String index, String endpoint) {
    return uris.computeIfAbsent(index + endpoint, key -> URI.create(baseUrl + "/" + key));
  }

  private HttpResponse<InputStream> send(URI uri, byte[] body, String contentType) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(uri)
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    headers.values().forEach(builder::header);
    HttpRequest request = builder.build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw new BenchRequestException("POST " + uri.getPath() + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BenchRequestException("POST " + uri.getPath() + ": interrupted", e);
    }
  }

  private static <T> T read(HttpResponse<InputStream> response, BodyReader<T> reader) {
    try (InputStream body = response.body()) {
      if (response.statusCode() / 100 != 2) {
        throw new BenchRequestException(
            "POST "
                + response.uri().getPath()
                + ": HTTP "
                + response.statusCode()
                + " "
                + new String(body.readAllBytes(), StandardCharsets.UTF_8));
      }
      T result = reader.read(body);
      // Only a body read to its end returns the connection to the pool; unread bytes close it.
      body.transferTo(OutputStream.nullOutputStream());
      return result;
    } catch (IOException e) {
      throw new BenchRequestException("POST " + response.uri().getPath() + ": " + e, e);
    }
  }

  @FunctionalInterface
  private interface BodyReader<T> {
    T read(InputStream body) throws IOException;
  }
}
