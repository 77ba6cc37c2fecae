package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code require_alias} over real HTTP: only writes through an alias pass, deletes ignore it. */
class BulkRequireAliasTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dataDir;

  @Test
  void itemsNamingNoAliasFailAndNothingIsCreated() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var http = new RestClient(node.httpPort());
      http.send("PUT", "/books", "{\"aliases\":{\"shelf\":{}}}");
      var r =
          http.send(
              "POST",
              "/_bulk?require_alias=true",
              """
              {"index":{"_index":"books","_id":"1"}}
              {"a":1}
              {"index":{"_index":"shelf","_id":"2"}}
              {"a":2}
              {"create":{"_index":"fresh","_id":"3"}}
              {"a":3}
              {"index":{"_index":"fresh","_id":"4","require_alias":false}}
              {"a":4}
              {"delete":{"_index":"books","_id":"9"}}
              """,
              "application/x-ndjson");
      JsonNode items = JSON.readTree(r.body()).path("items");
      assertThat(items.get(0).path("index").path("status").asInt()).isEqualTo(404);
      assertThat(items.get(0).path("index").path("error").path("reason").asText())
          .isEqualTo(
              "no such index [books] and [require_alias] request flag is [true] and [books] is"
                  + " not an alias");
      assertThat(items.get(1).path("index").path("status").asInt()).isEqualTo(201);
      assertThat(items.get(1).path("index").path("_index").asText()).isEqualTo("books");
      assertThat(items.get(2).path("create").path("status").asInt()).isEqualTo(404);
      assertThat(items.get(3).path("index").path("status").asInt()).isEqualTo(201);
      assertThat(items.get(4).path("delete").path("status").asInt()).isEqualTo(404);
      assertThat(items.get(4).path("delete").path("result").asText()).isEqualTo("not_found");

      var single = http.send("PUT", "/books/_doc/5?require_alias=true", "{\"a\":5}");
      assertThat(single.status()).isEqualTo(404);
    }
  }
}
