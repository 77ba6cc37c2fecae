package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.engine.Engines;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code _segments} and {@code _cat/segments} over REST: what a refresh and a flush change. */
class SegmentsApiTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
  }

  @AfterAll
  static void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void listsSearchableThenCommittedSegmentsWithTheirDocuments() throws Exception {
    send("PUT", "/seg", "{}");
    send(
        "POST",
        "/_bulk?refresh=true",
        "{\"index\":{\"_index\":\"seg\",\"_id\":\"1\"}}\n{\"n\":1}\n"
            + "{\"index\":{\"_index\":\"seg\",\"_id\":\"2\"}}\n{\"n\":2}\n");
    JsonNode shard = json(200, "/seg/_segments").at("/indices/seg/shards/0/0");
    assertThat(shard.at("/routing/primary").asBoolean()).isTrue();
    assertThat(shard.get("num_search_segments").asInt()).isEqualTo(1);
    JsonNode segment = shard.get("segments").elements().next();
    assertThat(segment.get("num_docs").asLong()).isEqualTo(2);
    assertThat(segment.get("search").asBoolean()).isTrue();
    assertThat(segment.get("committed").asBoolean()).isFalse();
    assertThat(segment.get("version").asText()).matches("\\d+\\.\\d+\\.\\d+");
    assertThat(segment.get("size_in_bytes").asLong()).isPositive();

    send("POST", "/seg/_flush", null);
    JsonNode flushed = json(200, "/_segments").at("/indices/seg/shards/0/0");
    assertThat(flushed.get("num_committed_segments").asInt()).isEqualTo(1);
    assertThat(flushed.get("segments").elements().next().get("committed").asBoolean()).isTrue();

    HttpResponse<String> cat =
        send("GET", "/_cat/segments/seg?h=index,shard,prirep,dc,ic,is", null);
    assertThat(cat.statusCode()).isEqualTo(200);
    assertThat(cat.body().trim()).isEqualTo("seg 0 p 2 true true");
    JsonNode rows = JSON.readTree(send("GET", "/_cat/segments?format=json&h=i,seg", null).body());
    assertThat(rows.get(0).get("i").asText()).isEqualTo("seg");
    assertThat(rows.get(0).get("seg").asText()).startsWith("_");
    assertThat(json(404, "/nope/_segments").at("/error/type").asText())
        .isEqualTo("index_not_found_exception");
  }

  private static JsonNode json(int status, String path) throws Exception {
    HttpResponse<String> response = send("GET", path, null);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private static HttpResponse<String> send(String method, String path, String body)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      b.header(
          "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }
}
