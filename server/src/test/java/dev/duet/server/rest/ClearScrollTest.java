package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code DELETE /_search/scroll}: the ids of a body replace those of the path, as OpenSearch 3.8.0
 * reads them (its suite's {@code scroll/11_clear}: an invalid id in the path and a live one in the
 * body frees the live one).
 */
class ClearScrollTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dataDir;
  private static DuetNode node;
  private static RestClient http;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    http = new RestClient(node.httpPort());
    http.send("PUT", "/s/_doc/1?refresh=true", "{\"foo\":\"bar\"}");
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void bodyIdsReplaceThePathIds() throws Exception {
    for (String body : new String[] {"{\"scroll_id\":[\"%s\"]}", "{\"scroll_id\":\"%s\"}"}) {
      String id = openScroll();
      var cleared = http.send("DELETE", "/_search/scroll/invalid_scroll_id", body.formatted(id));
      assertThat(cleared.status()).as(cleared.body()).isEqualTo(200);
      assertThat(JSON.readTree(cleared.body()).get("num_freed").asInt()).isEqualTo(1);
      assertThat(http.send("DELETE", "/_search/scroll/" + id).status()).isEqualTo(404);
    }
  }

  @Test
  void pathIdsCountWithoutABody() throws Exception {
    String id = openScroll();
    var cleared = http.send("DELETE", "/_search/scroll/" + id);
    assertThat(cleared.status()).as(cleared.body()).isEqualTo(200);
    assertThat(JSON.readTree(cleared.body()).get("num_freed").asInt()).isEqualTo(1);
  }

  private static String openScroll() throws Exception {
    var reply = http.send("POST", "/s/_search?scroll=1m", "{\"query\":{\"match_all\":{}}}");
    return JSON.readTree(reply.body()).get("_scroll_id").asText();
  }
}
