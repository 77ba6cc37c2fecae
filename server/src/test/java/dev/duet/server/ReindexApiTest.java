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

/** {@code POST /_reindex} over REST against a real node: what it copies, and what it refuses. */
class ReindexApiTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    send("PUT", "/src", "{\"mappings\":{\"properties\":{\"n\":{\"type\":\"integer\"}}}}");
    send("PUT", "/src2", "{}");
    StringBuilder bulk = new StringBuilder();
    for (int i = 1; i <= 5; i++) {
      bulk.append("{\"index\":{\"_index\":\"src\",\"_id\":\"")
          .append(i)
          .append("\",\"version\":")
          .append(10 * i)
          .append(",\"version_type\":\"external\"}}\n{\"n\":")
          .append(i)
          .append(",\"tag\":\"t")
          .append(i % 2)
          .append("\",\"secret\":\"s\"}\n");
    }
    bulk.append("{\"index\":{\"_index\":\"src2\",\"_id\":\"9\"}}\n{\"n\":9}\n");
    send("POST", "/_bulk?refresh=true", bulk.toString());
  }

  @AfterAll
  static void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void copiesTheMatchesFilteredIntoAnAutoCreatedIndexInBatches() throws Exception {
    JsonNode r =
        json(
            200,
            "/_reindex?refresh=true",
            "{\"source\":{\"index\":\"src\",\"query\":{\"range\":{\"n\":{\"gte\":2}}},"
                + "\"_source\":{\"excludes\":[\"secret\"]},\"size\":2},"
                + "\"max_docs\":3,\"dest\":{\"index\":\"copy\"}}");
    assertThat(r.get("total").asLong()).isEqualTo(3);
    assertThat(r.get("created").asLong()).isEqualTo(3);
    assertThat(r.get("updated").asLong()).isZero();
    assertThat(r.get("batches").asInt()).isEqualTo(2);
    assertThat(r.get("failures")).isEmpty();
    assertThat(r.get("requests_per_second").asDouble()).isEqualTo(-1.0);
    JsonNode hits = json(200, "/copy/_search", "{\"sort\":[{\"n\":\"asc\"}]}").at("/hits/hits");
    assertThat(hits).hasSize(3);
    assertThat(hits.get(0).get("_id").asText()).isEqualTo("2");
    assertThat(hits.get(0).get("_source").toString()).isEqualTo("{\"n\":2,\"tag\":\"t0\"}");
    // Dynamic mapping of the dest, as a bulk would map it: n is a long there, not an integer.
    assertThat(json(200, "/copy/_mapping", null).at("/copy/mappings/properties/n/type").asText())
        .isEqualTo("long");

    JsonNode again =
        json(
            200,
            "/_reindex?refresh=true",
            "{\"source\":{\"index\":[\"src\"]},\"dest\":{\"index\":\"copy\"}}");
    assertThat(again.get("updated").asLong()).isEqualTo(3);
    assertThat(again.get("created").asLong()).isEqualTo(2);
  }

  @Test
  void createAndExternalVersionsConflictAsOpenSearchDoes() throws Exception {
    json(
        200,
        "/_reindex?refresh=true",
        "{\"source\":{\"index\":\"src*\"},\"dest\":{\"index\":\"ext\",\"version_type\":\"external\"}}");
    JsonNode doc = json(200, "/ext/_doc/3", null);
    assertThat(doc.get("_version").asLong()).isEqualTo(30); // the source's version travels

    JsonNode aborted =
        json(
            409,
            "/_reindex",
            "{\"source\":{\"index\":\"src\"},\"dest\":{\"index\":\"ext\",\"op_type\":\"create\"}}");
    assertThat(aborted.get("version_conflicts").asLong()).isEqualTo(5);
    assertThat(aborted.at("/failures/0/cause/type").asText())
        .isEqualTo("version_conflict_engine_exception");
    assertThat(aborted.at("/failures/0/index").asText()).isEqualTo("ext");

    JsonNode proceeded =
        json(
            200,
            "/_reindex",
            "{\"conflicts\":\"proceed\",\"source\":{\"index\":\"src\"},"
                + "\"dest\":{\"index\":\"ext\",\"version_type\":\"external\"}}");
    assertThat(proceeded.get("version_conflicts").asLong()).isEqualTo(5);
    assertThat(proceeded.get("failures")).isEmpty();
  }

  @Test
  void refusesWhatItCannotDoWithOpenSearchShapedErrors() throws Exception {
    assertThat(
            json(404, "/_reindex", "{\"source\":{\"index\":\"nope\"},\"dest\":{\"index\":\"x\"}}")
                .at("/error/type")
                .asText())
        .isEqualTo("index_not_found_exception");
    assertThat(
            json(400, "/_reindex", "{\"source\":{\"index\":\"src\"},\"dest\":{\"index\":\"src\"}}")
                .at("/error/reason")
                .asText())
        .isEqualTo(
            "Validation Failed: 1: reindex cannot write into an index its reading from [src];");
    assertThat(
            json(
                    400,
                    "/_reindex",
                    "{\"source\":{\"index\":\"src\"},\"dest\":{\"index\":\"x\"},"
                        + "\"script\":{\"source\":\"ctx._source.n++\"}}")
                .at("/error/reason")
                .asText())
        .startsWith("[script] is not supported by Duet");
    assertThat(
            json(
                    400,
                    "/_reindex",
                    "{\"source\":{\"index\":\"src\",\"remote\":{\"host\":\"http://h:9200\"}},"
                        + "\"dest\":{\"index\":\"x\"}}")
                .at("/error/reason")
                .asText())
        .startsWith("[source.remote] is not supported by Duet");
    assertThat(
            json(
                    400,
                    "/_reindex?requests_per_second=0",
                    "{\"source\":{\"index\":\"src\"},\"dest\":{\"index\":\"x\"}}")
                .at("/error/reason")
                .asText())
        .isEqualTo(
            "[requests_per_second] must be a float greater than 0. Use -1 to disable throttling.");
    assertThat(
            json(
                    400,
                    "/_reindex",
                    "{\"source\":{\"index\":\"src\"},\"dest\":{\"index\":\"x\",\"y\":1}}")
                .at("/error/caused_by/reason")
                .asText())
        .endsWith("[dest] unknown field [y]");
    // None of the refused requests created the dest.
    assertThat(json(404, "/x/_doc/1", null).at("/error/type").asText())
        .isEqualTo("index_not_found_exception");
  }

  private static JsonNode json(int status, String path, String body) throws Exception {
    HttpResponse<String> response = send(body == null ? "GET" : "POST", path, body);
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
