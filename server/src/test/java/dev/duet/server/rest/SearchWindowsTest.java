package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Collections;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code index.max_inner_result_window} (top hits, nested inner hits) and {@code
 * index.max_docvalue_fields_search} refuse a search that asks for more, with OpenSearch 3.8.0's
 * words, and a raised setting lets the same search through.
 */
class SearchWindowsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dataDir;
  private static DuetNode node;
  private static RestClient http;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    http = new RestClient(node.httpPort());
    for (String index : new String[] {"tight", "loose"}) {
      http.send(
          "PUT",
          "/" + index,
          """
          {"mappings":{"properties":{"k":{"type":"keyword"},
           "n":{"type":"nested","properties":{"a":{"type":"keyword"}}}}}}""");
      http.send("PUT", "/" + index + "/_doc/1?refresh=true", "{\"k\":\"x\",\"n\":[{\"a\":\"b\"}]}");
    }
    http.send(
        "PUT",
        "/loose/_settings",
        "{\"index.max_inner_result_window\":200,\"index.max_docvalue_fields_search\":200}");
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void topHitsPastTheInnerResultWindowIsRefused() throws Exception {
    String body =
        "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"k\"},"
            + "\"aggs\":{\"top\":{\"top_hits\":{\"from\":1,\"size\":100}}}}}}";

    assertRefused(
        "/tight/_search",
        body,
        "Top hits result window is too large, the top hits aggregator [top]'s from + size must be"
            + " less than or equal to: [100] but was [101]. This limit can be set by changing the"
            + " [index.max_inner_result_window] index level setting.");
    assertThat(http.send("POST", "/loose/_search", body).status()).isEqualTo(200);
  }

  @Test
  void nestedInnerHitsPastTheInnerResultWindowAreRefused() throws Exception {
    String body =
        "{\"query\":{\"bool\":{\"must\":[{\"nested\":{\"path\":\"n\",\"query\":{\"match_all\":{}},"
            + "\"inner_hits\":{\"name\":\"in\",\"size\":101}}}]}}}";

    assertRefused(
        "/tight/_search",
        body,
        "Inner result window is too large, the inner hit definition's [in]'s from + size must be"
            + " less than or equal to: [100] but was [101]. This limit can be set by changing the"
            + " [index.max_inner_result_window] index level setting.");
    assertThat(http.send("POST", "/loose/_search", body).status()).isEqualTo(200);
  }

  @Test
  void tooManyDocvalueFieldsAreRefused() throws Exception {
    String body =
        "{\"docvalue_fields\":[" + String.join(",", Collections.nCopies(101, "\"k\"")) + "]}";

    assertRefused(
        "/tight/_search",
        body,
        "Trying to retrieve too many docvalue_fields. Must be less than or equal to: [100] but was"
            + " [101]. This limit can be set by changing the [index.max_docvalue_fields_search]"
            + " index level setting.");
    assertThat(http.send("POST", "/loose/_search", body).status()).isEqualTo(200);
  }

  private static void assertRefused(String path, String body, String reason) throws Exception {
    var r = http.send("POST", path, body);

    assertThat(r.status()).as(r.body()).isEqualTo(400);
    JsonNode cause = JSON.readTree(r.body()).at("/error/root_cause/0");
    assertThat(cause.path("type").asText()).isEqualTo("illegal_argument_exception");
    assertThat(cause.path("reason").asText()).isEqualTo(reason);
  }
}
