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
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Over REST, as OpenSearch 3.8.0 answers (its REST suite's {@code indices.stats/13_fields}, {@code
 * cat.fielddata}, {@code cat.nodeattrs}, {@code cat.aliases/20_headers}, {@code termvectors}):
 * fielddata figures once a sort or an aggregation read a field's ordinals, the node's attributes, a
 * {@code _cat} table as YAML, and {@code _termvectors}/{@code _mtermvectors}.
 */
class FielddataAndCatApiTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;

  @BeforeAll
  static void start() {
    node =
        DuetNode.start(
            NodeConfig.ephemeral(data).withSettings(Map.of("node.attr.testattr", "test")),
            Engines.open(data));
  }

  @AfterAll
  static void stop() {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void fielddataIsReportedOnceASortOrAnAggregationReadsOrdinals() throws Exception {
    send(
        "PUT",
        "/fd",
        "{\"mappings\":{\"properties\":{\"bar\":{\"type\":\"text\",\"fielddata\":true},"
            + "\"str\":{\"type\":\"keyword\"}}}}");
    // two refreshes: two segments
    send("PUT", "/fd/_doc/1?refresh=true", "{\"bar\":\"bar\",\"str\":\"abc\"}");
    send("PUT", "/fd/_doc/2?refresh=true", "{\"bar\":\"foo\",\"str\":\"bcd\"}");
    JsonNode before = json("/fd/_stats/fielddata?fielddata_fields=*");
    assertThat(before.at("/_all/total/fielddata/memory_size_in_bytes").asLong()).isZero();

    // a keyword's terms with execution_hint map load nothing in OpenSearch
    send(
        "POST",
        "/fd/_search",
        "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"str\","
            + "\"execution_hint\":\"map\"}}}}");
    assertThat(
            json("/fd/_stats/fielddata").at("/_all/total/fielddata/memory_size_in_bytes").asLong())
        .isZero();

    send("POST", "/fd/_search", "{\"sort\":[\"bar\"]}");

    JsonNode after = json("/fd/_stats/fielddata?fielddata_fields=bar,str");
    assertThat(after.at("/_all/total/fielddata/memory_size_in_bytes").asLong()).isPositive();
    assertThat(after.at("/_all/total/fielddata/fields/bar/memory_size_in_bytes").asLong())
        .isPositive();
    assertThat(send("GET", "/_cat/fielddata?h=field&fields=bar", null).body().trim())
        .isEqualTo("bar");

    send("POST", "/fd/_cache/clear", null);
    assertThat(
            json("/fd/_stats/fielddata").at("/_all/total/fielddata/memory_size_in_bytes").asLong())
        .isZero();
  }

  @Test
  void nodeAttributesAndYamlTables() throws Exception {
    assertThat(send("GET", "/_cat/nodeattrs?h=attr,value", null).body().trim())
        .isEqualTo("testattr test");
    send("PUT", "/y", "{\"aliases\":{\"y_alias\":{}}}");
    HttpResponse<String> yaml =
        HTTP.send(
            HttpRequest.newBuilder(uri("/_cat/aliases/y_alias"))
                .header("Accept", "application/yaml")
                .build(),
            HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    assertThat(yaml.body()).startsWith("---").contains("alias: \"y_alias\"", "index: \"y\"");
  }

  @Test
  void termVectorsOfOneAndOfManyDocuments() throws Exception {
    send(
        "PUT",
        "/tv",
        "{\"mappings\":{\"properties\":{\"text\":{\"type\":\"text\","
            + "\"term_vector\":\"with_positions_offsets\"}}}}");
    send("PUT", "/tv/_doc/1?refresh=true", "{\"text\":\"The quick brown fox is brown.\"}");

    JsonNode one = json("/tv/_termvectors/1?term_statistics=true");
    assertThat(one.at("/found").asBoolean()).isTrue();
    assertThat(one.at("/term_vectors/text/field_statistics/sum_doc_freq").asLong()).isEqualTo(5);
    assertThat(one.at("/term_vectors/text/terms/brown/term_freq").asInt()).isEqualTo(2);
    assertThat(one.at("/term_vectors/text/terms/brown/tokens/0/start_offset").asInt())
        .isEqualTo(10);

    JsonNode many =
        JSON.readTree(
            send(
                    "POST",
                    "/_mtermvectors?term_statistics=true",
                    "{\"docs\":[{\"_index\":\"tv\",\"_id\":\"1\"},{\"_index\":\"nope\",\"_id\":\"1\"}]}")
                .body());
    assertThat(many.at("/docs/0/term_vectors/text/terms/brown/ttf").asInt()).isEqualTo(2);
    assertThat(many.at("/docs/1/error/type").asText()).isEqualTo("index_not_found_exception");
  }

  private static JsonNode json(String path) throws Exception {
    HttpResponse<String> response = send("GET", path, null);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static URI uri(String path) {
    return URI.create("http://127.0.0.1:" + node.httpPort() + path);
  }

  private static HttpResponse<String> send(String method, String path, String body)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri(path));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }
}
