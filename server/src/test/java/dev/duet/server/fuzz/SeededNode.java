package dev.duet.server.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;

/**
 * An in-process node holding the index {@value #SEEDED}, written once before the fuzzer runs: its
 * documents' full-content digest is what the fuzzer must leave unchanged. Fuzzed writes go to
 * indices named {@code fz-*} only, so any change to {@value #SEEDED} (or its disappearance) is a
 * bug, not the fuzzer's doing.
 */
final class SeededNode implements AutoCloseable {
  static final String SEEDED = "seeded";
  static final int DOCS = 24;
  static final Duration TIMEOUT = Duration.ofSeconds(10);
  static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MAPPING =
      """
      {"settings":{"number_of_shards":1,"number_of_replicas":0,"index.knn":true},
       "mappings":{"properties":{
         "title":{"type":"text","fields":{"raw":{"type":"keyword"}}},
         "tag":{"type":"keyword"},
         "price":{"type":"integer"},
         "born":{"type":"date"},
         "reviews":{"type":"nested","properties":{"user":{"type":"keyword"},"stars":{"type":"integer"}}},
         "vec":{"type":"knn_vector","dimension":3}}}}""";

  private final Path dataDir;
  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
  private DuetNode node;
  private String digest;

  private SeededNode(Path dataDir) {
    this.dataDir = dataDir;
  }

  /** Starts a node on {@code dataDir}, writes {@value #SEEDED} and takes its digest. */
  static SeededNode start(Path dataDir) throws IOException, InterruptedException {
    SeededNode seeded = new SeededNode(dataDir);
    seeded.node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    seeded.seed();
    return seeded;
  }

  int httpPort() {
    return node.httpPort();
  }

  int grpcPort() {
    return node.grpcPort();
  }

  /**
   * Null when the node answers a health call and a search on {@value #SEEDED}, and its documents
   * are those seeded; else what is wrong, as a failure class.
   */
  String check() {
    try {
      var health = send("GET", "/_cluster/health", null);
      if (health.statusCode() != 200) {
        return "node unhealthy: GET /_cluster/health answered " + health.statusCode();
      }
      var exists = send("HEAD", "/" + SEEDED, null);
      if (exists.statusCode() == 404) {
        return "seeded index disappeared (HEAD /" + SEEDED + " answered 404)";
      }
      var search = send("POST", "/" + SEEDED + "/_search", "{\"size\":0}");
      if (search.statusCode() != 200) {
        return "plain search failed: POST /" + SEEDED + "/_search answered " + search.statusCode();
      }
      String now = digest();
      if (!now.equals(digest)) {
        return "seeded documents changed (digest " + digest + " -> " + now + ")";
      }
      return null;
    } catch (IOException e) {
      return "node stopped answering: " + e.getClass().getSimpleName();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  /**
   * Closes the node and starts it again on the same data: whatever the fuzzer wrote must not keep
   * it from starting nor change {@value #SEEDED}. Null when all is well.
   */
  String restartAndCheck() {
    if (!closeWithin(CLOSE_TIMEOUT)) {
      return "node does not close within "
          + CLOSE_TIMEOUT.toSeconds()
          + " s (requests still running hold it; no restart tried)";
    }
    try {
      node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    } catch (RuntimeException e) {
      node = null;
      return "node does not restart on its data: " + e;
    }
    String problem = check();
    return problem == null ? null : "after restart: " + problem;
  }

  /** Writes {@value #SEEDED} afresh after a check found it damaged, so later damage shows too. */
  void reseed() {
    try {
      send("DELETE", "/" + SEEDED, null);
      seed();
    } catch (IOException | RuntimeException e) {
      throw new IllegalStateException("cannot reseed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    closeWithin(CLOSE_TIMEOUT);
  }

  /**
   * Closes the node on another thread and waits at most {@code timeout}: a node wedged by a runaway
   * request never finishes closing, and the run must still end with its report.
   */
  private boolean closeWithin(Duration timeout) {
    DuetNode closing = node;
    node = null;
    if (closing == null) {
      return true;
    }
    Thread closer = new Thread(closing::close, "fuzz-node-close");
    closer.setDaemon(true);
    closer.start();
    try {
      closer.join(timeout.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !closer.isAlive();
  }

  private void seed() throws IOException, InterruptedException {
    expect200(send("PUT", "/" + SEEDED, MAPPING));
    StringBuilder bulk = new StringBuilder();
    String[] tags = {"red", "green", "blue"};
    for (int i = 0; i < DOCS; i++) {
      bulk.append("{\"index\":{\"_id\":\"").append(i).append("\"}}\n");
      bulk.append(
          String.format(
              Locale.ROOT,
              "{\"title\":\"the quick brown fox %d jumps over the lazy dog\",\"tag\":\"%s\","
                  + "\"price\":%d,\"born\":\"20%02d-0%d-1%dT10:00:00Z\","
                  + "\"reviews\":[{\"user\":\"u%d\",\"stars\":%d},{\"user\":\"u%d\",\"stars\":%d}],"
                  + "\"vec\":[%d.0,%d.5,-1.0]}\n",
              i,
              tags[i % 3],
              i * 7 - 20,
              i,
              1 + i % 9,
              i % 10,
              i % 5,
              i % 6,
              i % 4,
              5 - i % 6,
              i,
              i % 3));
    }
    var r = send("POST", "/" + SEEDED + "/_bulk?refresh=true", bulk.toString());
    expect200(r);
    if (JSON.readTree(r.body()).path("errors").asBoolean()) {
      throw new IllegalStateException("seeding failed: " + r.body());
    }
    digest = digest();
  }

  /** SHA-256 over every seeded document's id, version and source, and the index's doc count. */
  private String digest() throws IOException, InterruptedException {
    StringBuilder ids = new StringBuilder("{\"ids\":[");
    for (int i = 0; i < DOCS; i++) {
      ids.append(i == 0 ? "" : ",").append('"').append(i).append('"');
    }
    var mget = send("POST", "/" + SEEDED + "/_mget", ids.append("]}").toString());
    var count = send("GET", "/" + SEEDED + "/_count", null);
    StringBuilder all = new StringBuilder().append(mget.statusCode()).append('|');
    for (JsonNode doc : JSON.readTree(mget.body()).path("docs")) {
      all.append(doc.path("_id").asText())
          .append(doc.path("found").asBoolean())
          .append(doc.path("_version").asLong())
          .append(doc.path("_source"))
          .append('\n');
    }
    all.append(count.statusCode()).append(JSON.readTree(count.body()).path("count").asLong());
    try {
      byte[] sha =
          MessageDigest.getInstance("SHA-256")
              .digest(all.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private HttpResponse<String> send(String method, String path, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .timeout(TIMEOUT);
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
          .header(
              "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  private static void expect200(HttpResponse<String> r) {
    if (r.statusCode() != 200) {
      throw new IllegalStateException("seeding failed: " + r.statusCode() + " " + r.body());
    }
  }
}
