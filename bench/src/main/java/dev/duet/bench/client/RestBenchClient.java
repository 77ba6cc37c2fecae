package dev.duet.bench.client;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.HttpClientResponseHandler;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.io.CloseMode;

/**
 * REST over HTTP/1.1 with Apache httpclient5's classic (blocking) client: the request is written
 * and the response read on the calling thread over a pooled keep-alive connection, with no selector
 * thread or future in between. That is why it is used rather than the JDK's {@code HttpClient},
 * whose {@code send} is {@code sendAsync().get()}: every call hands off to its selector thread and
 * back, which costs client CPU per request that has nothing to do with REST.
 */
public final class RestBenchClient implements BenchClient {
  private static final ContentType NDJSON = ContentType.create("application/x-ndjson");
  private static final ContentType JSON = ContentType.create("application/json");

  private final String baseUrl;
  private final int port;
  private final CloseableHttpClient http;
  private final Map<String, URI> uris = new ConcurrentHashMap<>();
  private volatile String searchEndpoint = "/_search";

  /** A client for the node at {@code baseUrl}, keeping up to {@code connections} open. */
  public RestBenchClient(String baseUrl, int connections) {
    this(baseUrl, connections, CallHeaders.NONE);
  }

  /** As above, every request carrying {@code headers}. */
  public RestBenchClient(String baseUrl, int connections, CallHeaders headers) {
    requireNonNull(baseUrl, "baseUrl");
    requireNonNull(headers, "headers");
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    URI base = URI.create(this.baseUrl);
    if (base.getHost() == null) {
      throw new IllegalArgumentException("rest url: " + baseUrl + " (expected: http://host:port)");
    }
    this.port = base.getPort() > 0 ? base.getPort() : 80;
    this.http =
        HttpClients.custom()
            .setConnectionManager(
                PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnTotal(connections)
                    .setMaxConnPerRoute(connections)
                    .build())
            // A bench client must not ask for gzip: the node would spend CPU compressing.
            .disableContentCompression()
            .disableAutomaticRetries()
            .disableRedirectHandling()
            .disableCookieManagement()
            .disableAuthCaching()
            .setDefaultHeaders(
                headers.values().entrySet().stream()
                    .map(h -> (Header) new BasicHeader(h.getKey(), h.getValue()))
                    .toList())
            .build();
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
    execute(
        "POST",
        uri(index, "/_bulk"),
        RestRequests.bulkBody(ops),
        NDJSON,
        body -> {
          RestResponses.readBulk(body);
          return null;
        });
  }

  @Override
  public int search(String index, TextQuery query, String field, String text, int size) {
    return execute(
        "POST",
        uri(index, searchEndpoint),
        query.restBody(field, text, size),
        JSON,
        RestResponses::readSearchHits);
  }

  @Override
  public void aggregate(String index, AggregationQuery query) {
    execute(
        "POST", uri(index, searchEndpoint), query.restBody(), JSON, RestResponses::readSearchHits);
  }

  /**
   * Sends any request (used for setup: create index, refresh, ...), returning status and body.
   * Unlike the measured operations it does not throw on a 4xx/5xx status.
   */
  public Response send(String method, String path, String jsonBody) {
    HttpUriRequestBase request = new HttpUriRequestBase(method, URI.create(baseUrl + path));
    if (jsonBody != null) {
      request.setEntity(new ByteArrayEntity(jsonBody.getBytes(StandardCharsets.UTF_8), JSON));
    }
    try {
      return http.execute(
          request,
          response -> {
            HttpEntity entity = response.getEntity();
            String body =
                entity == null ? "" : EntityUtils.toString(entity, StandardCharsets.UTF_8);
            return new Response(response.getCode(), body);
          });
    } catch (IOException e) {
      throw new BenchRequestException(method + " " + path + ": " + e, e);
    }
  }

  @Override
  public void requestCache(Boolean enabled) {
    searchEndpoint = enabled == null ? "/_search" : "/_search?request_cache=" + enabled;
  }

  @Override
  public void close() {
    http.close(CloseMode.GRACEFUL);
  }

  private URI uri(String index, String endpoint) {
    return uris.computeIfAbsent(index + endpoint, key -> URI.create(baseUrl + "/" + key));
  }

  private <T> T execute(
      String method, URI uri, byte[] body, ContentType contentType, BodyReader<T> reader) {
    HttpUriRequestBase request = new HttpUriRequestBase(method, uri);
    request.setEntity(new ByteArrayEntity(body, contentType));
    HttpClientResponseHandler<T> handler =
        (ClassicHttpResponse response) -> {
          HttpEntity entity = response.getEntity();
          if (response.getCode() / 100 != 2) {
            String text =
                entity == null ? "" : EntityUtils.toString(entity, StandardCharsets.UTF_8);
            throw new BenchRequestException(
                method + " " + uri.getPath() + ": HTTP " + response.getCode() + " " + text);
          }
          if (entity == null) {
            throw new BenchRequestException(method + " " + uri.getPath() + ": empty response");
          }
          try (InputStream in = entity.getContent()) {
            return reader.read(in);
          }
        };
    try {
      return http.execute(request, handler);
    } catch (IOException e) {
      throw new BenchRequestException(method + " " + uri.getPath() + ": " + e, e);
    }
  }

  /** Status and body of a setup request. */
  public record Response(int status, String body) {
    public boolean ok() {
      return status / 100 == 2;
    }
  }

  @FunctionalInterface
  private interface BodyReader<T> {
    T read(InputStream body) throws IOException;
  }
}
