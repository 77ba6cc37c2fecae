package dev.duet.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.message.BasicHeader;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Plain HTTP calls for status codes and error bodies (the JDK client: no retries, no magic), the
 * opensearch-java client, and the admin port's metrics.
 */
final class HttpCalls {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  // Prometheus scrapes over HTTP/1.1; the default client's first call to a port tries an h2c
  // upgrade, which now and then loses its response here ("EOF reached while reading").
  private static final HttpClient SCRAPER =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  static final ObjectMapper JSON = new ObjectMapper();

  private HttpCalls() {}

  /** The admin port's Prometheus text, fetched as Prometheus fetches it. */
  static String metrics(int adminPort) {
    try {
      return SCRAPER
          .send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort + "/metrics"))
                  .timeout(Duration.ofSeconds(30))
                  .build(),
              HttpResponse.BodyHandlers.ofString())
          .body();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static HttpResponse<String> call(
      int port, String method, String path, String authorization, String body) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(30))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      b.header(
          "content-type",
          path.contains("_bulk") || path.contains("_msearch")
              ? "application/x-ndjson"
              : "application/json");
    }
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    try {
      return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static JsonNode json(HttpResponse<String> response) {
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + response.body(), e);
    }
  }

  /** The opensearch-java client on {@code 127.0.0.1:port}, sending {@code authorization}. */
  static OpenSearchClient client(int port, String authorization) {
    Header[] headers =
        authorization == null
            ? new Header[0]
            : new Header[] {new BasicHeader("Authorization", authorization)};
    return new OpenSearchClient(
        ApacheHttpClient5TransportBuilder.builder(new HttpHost("http", "127.0.0.1", port))
            .setMapper(new JacksonJsonpMapper())
            .setDefaultHeaders(headers)
            .build());
  }

  /** The sum of metric {@code name}'s samples whose labels include all of {@code labels}. */
  static double metricValue(String scrape, String name, String... labels) {
    double sum = 0;
    for (String line : scrape.split("\n")) {
      if (!line.startsWith(name + "{")) {
        continue;
      }
      boolean all = true;
      for (String label : labels) {
        all &= line.contains(label);
      }
      if (all) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }
}
