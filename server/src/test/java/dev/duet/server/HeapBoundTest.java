package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worst single requests we know, many at once, against a node in its own JVM with a 512 MB heap
 * (which exits on OutOfMemoryError): each is answered with a refusal (429 from the request circuit
 * breaker, 400, or OpenSearch's own 503 {@code too_many_buckets_exception}) or with its answer,
 * never a 500, and the node keeps serving afterwards.
 */
class HeapBoundTest {
  private static final int DOCS = 20_000;

  @TempDir Path data;
  private Process node;
  private String base;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder builder =
        new ProcessBuilder(
            java,
            "-Xmx512m",
            "-XX:+ExitOnOutOfMemoryError",
            "-cp",
            System.getProperty("java.class.path"),
            ForkedNode.class.getName(),
            data.resolve("node").toString());
    builder.redirectError(data.resolve("node.log").toFile());
    node = builder.start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
    String line;
    do {
      line = out.readLine();
    } while (line != null && !line.startsWith("ports "));
    assertThat(line).as("the forked node's ports").isNotNull();
    base = "http://127.0.0.1:" + line.split(" ")[1];
    seed();
  }

  @AfterEach
  void stop() throws Exception {
    node.getOutputStream().close();
    if (!node.waitFor(30, TimeUnit.SECONDS)) {
      node.destroyForcibly().waitFor();
    }
  }

  @Test
  void theWorstRequestsAtOnceAreRefusedAndTheNodeKeepsServing() throws Exception {
    List<String> worst =
        List.of(
            // huge size x top_hits: 20,000 buckets of 100 hits each, and a 10,000-hit page
            """
            {"size":10000,"aggs":{"t":{"terms":{"field":"tag","size":20000},
             "aggs":{"h":{"top_hits":{"size":100}}}}}}""",
            // a t-digest of extreme compression in every bucket
            """
            {"size":0,"aggs":{"p":{"percentiles":{"field":"n","tdigest":{"compression":1e10}}}}}""",
            """
            {"size":0,"aggs":{"g":{"terms":{"field":"g","size":100},
             "aggs":{"p":{"percentiles":{"field":"n","tdigest":{"compression":100000}}}}}}}""",
            // deep terms nesting over a multi-valued field: buckets multiply per level
            nestedTerms(6),
            // 10,000-bucket histogram, each bucket with top hits and a wide digest
            """
            {"size":0,"aggs":{"h":{"histogram":{"field":"n","interval":2},
             "aggs":{"top":{"top_hits":{"size":100}},
                     "p":{"percentiles":{"field":"n","tdigest":{"compression":10000}}}}}}}""");
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
    for (int round = 0; round < 3; round++) {
      for (String body : worst) {
        sent.add(http.sendAsync(post("/docs/_search", body), HttpResponse.BodyHandlers.ofString()));
      }
    }

    int refused = 0;
    for (CompletableFuture<HttpResponse<String>> f : sent) {
      HttpResponse<String> answer = f.get(5, TimeUnit.MINUTES);
      int status = answer.statusCode();
      boolean tooManyBuckets =
          status == 503 && answer.body().contains("\"too_many_buckets_exception\"");
      assertThat(status == 200 || (status >= 400 && status < 500) || tooManyBuckets)
          .as("status %s: %s", status, abbreviated(answer.body()))
          .isTrue();
      if (status == 429) {
        assertThat(answer.body()).contains("circuit_breaking_exception");
      }
      if (status != 200) {
        refused++;
      }
    }
    assertThat(refused).isGreaterThan(0);
    assertThat(node.isAlive()).as("the node survived").isTrue();

    HttpResponse<String> plain =
        http.send(
            post("/docs/_search", "{\"size\":1,\"track_total_hits\":true}"),
            HttpResponse.BodyHandlers.ofString());
    assertThat(plain.statusCode()).isEqualTo(200);
    assertThat(plain.body()).contains("\"hits\":{\"total\":{\"value\":" + DOCS);
  }

  /** Terms of {@code g} (ten values per document) nested {@code depth} deep. */
  private static String nestedTerms(int depth) {
    String agg = "{\"terms\":{\"field\":\"g\",\"size\":100}}";
    for (int i = 1; i < depth; i++) {
      agg = "{\"terms\":{\"field\":\"g\",\"size\":100},\"aggs\":{\"l" + i + "\":" + agg + "}}";
    }
    return "{\"size\":0,\"aggs\":{\"l0\":" + agg + "}}";
  }

  private void seed() throws IOException, InterruptedException {
    String mapping =
        """
        {"mappings":{"properties":{"tag":{"type":"keyword"},"n":{"type":"integer"},
         "g":{"type":"integer"},"body":{"type":"text"}}}}""";
    assertThat(send("PUT", "/docs", mapping).statusCode()).isEqualTo(200);
    String text = "lorem ipsum dolor sit amet ".repeat(40);
    for (int start = 0; start < DOCS; start += 5_000) {
      StringBuilder bulk = new StringBuilder();
      for (int i = start; i < start + 5_000; i++) {
        bulk.append("{\"index\":{\"_index\":\"docs\",\"_id\":\"").append(i).append("\"}}\n");
        bulk.append("{\"tag\":\"t").append(i).append("\",\"n\":").append(i).append(",\"g\":[");
        for (int g = 0; g < 10; g++) {
          bulk.append(g == 0 ? "" : ",").append((i + g * 7) % 20);
        }
        bulk.append("],\"body\":\"").append(text).append("\"}\n");
      }
      HttpResponse<String> r = send("POST", "/_bulk", bulk.toString());
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(r.body()).startsWith("{\"took\"").contains("\"errors\":false");
    }
    assertThat(send("POST", "/docs/_refresh", "").statusCode()).isEqualTo(200);
  }

  private HttpResponse<String> send(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .header(
                "Content-Type",
                path.contains("_bulk") ? "application/x-ndjson" : "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest post(String path, String body) {
    return HttpRequest.newBuilder(URI.create(base + path))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private static String abbreviated(String body) {
    return body.length() > 600 ? body.substring(0, 600) + "..." : body;
  }
}
