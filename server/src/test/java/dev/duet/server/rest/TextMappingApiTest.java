package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text mapping parameters ({@code fielddata}, {@code index_options}, {@code term_vector}, {@code
 * index_prefixes}, {@code index_phrases}), the root {@code _source} and the index settings of issue
 * 25 over REST, answering as OpenSearch 3.8.0 answered the same requests.
 */
class TextMappingApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dataDir;
  private static DuetNode node;
  private static RestClient http;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    http = new RestClient(node.httpPort());
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  private static JsonNode ok(String method, String path, String body) throws Exception {
    RestClient.Response r = http.send(method, path, body);
    assertThat(r.status()).as(r.body()).isBetween(200, 201);
    return JSON.readTree(r.body());
  }

  private static JsonNode refused(String method, String path, String body) throws Exception {
    RestClient.Response r = http.send(method, path, body);
    assertThat(r.status()).as(r.body()).isEqualTo(400);
    return JSON.readTree(r.body()).path("error");
  }

  @Test
  void textParametersAreKeptShownAndHonoured() throws Exception {
    ok(
        "PUT",
        "/params",
        """
        {"mappings":{"properties":{"t":{"type":"text","fielddata":true,
          "index_options":"offsets","term_vector":"with_positions_offsets",
          "index_prefixes":{},"index_phrases":true,"position_increment_gap":10}}}}""");
    ok("PUT", "/params/_doc/1", "{\"t\":\"peter piper picked a peck\"}");
    ok("PUT", "/params/_doc/2?refresh=true", "{\"t\":\"zebra piper\"}");

    JsonNode t = ok("GET", "/params/_mapping", null).path("params").path("mappings");
    assertThat(t.toString())
        .isEqualTo(
            "{\"properties\":{\"t\":{\"type\":\"text\",\"index_options\":\"offsets\","
                + "\"term_vector\":\"with_positions_offsets\",\"position_increment_gap\":10,"
                + "\"fielddata\":true,\"index_prefixes\":{\"min_chars\":2,\"max_chars\":5},"
                + "\"index_phrases\":true}}}");
    // fielddata: the text's terms sort and aggregate.
    JsonNode sorted =
        ok(
            "POST",
            "/params/_search",
            "{\"sort\":[{\"t\":\"desc\"}],\"aggs\":{\"a\":{\"terms\":{\"field\":\"t\",\"size\":2}}}}");
    assertThat(sorted.path("hits").path("hits").get(0).path("sort").get(0).asText())
        .isEqualTo("zebra");
    assertThat(sorted.path("aggregations").path("a").path("buckets").get(0).path("key").asText())
        .isEqualTo("piper");
    // index_phrases and index_prefixes leave phrases and prefixes answering as before.
    JsonNode phrase =
        ok("POST", "/params/_search", "{\"query\":{\"match_phrase\":{\"t\":\"peter piper\"}}}");
    assertThat(phrase.path("hits").path("total").path("value").asInt()).isEqualTo(1);
    JsonNode prefix = ok("POST", "/params/_search", "{\"query\":{\"prefix\":{\"t\":\"pec\"}}}");
    assertThat(prefix.path("hits").path("total").path("value").asInt()).isEqualTo(1);
  }

  @Test
  void badTextParametersAreRefusedInOpenSearchsWords() throws Exception {
    assertThat(
            refused(
                    "PUT",
                    "/bad1",
                    "{\"mappings\":{\"properties\":{\"t\":{\"type\":\"text\",\"index_options\":\"bad\"}}}}")
                .path("reason")
                .asText())
        .isEqualTo(
            "Failed to parse mapping [_doc]: Unknown value [bad] for field [index_options] -"
                + " accepted values are [positions, docs, freqs, offsets]");
    assertThat(
            refused(
                    "PUT",
                    "/bad2",
                    "{\"mappings\":{\"properties\":{\"t\":{\"type\":\"text\",\"index_prefixes\":{\"min_chars\":3,\"max_chars\":25}}}}}")
                .path("reason")
                .asText())
        .isEqualTo("Failed to parse mapping [_doc]: max_chars [25] must be less than 20");
    assertThat(
            refused(
                    "PUT",
                    "/bad3",
                    "{\"mappings\":{\"properties\":{\"t\":{\"type\":\"text\",\"index_options\":\"docs\",\"index_phrases\":true}}}}")
                .path("reason")
                .asText())
        .isEqualTo(
            "Failed to parse mapping [_doc]: Cannot set index_phrases on field [t] if positions"
                + " are not enabled");
  }

  @Test
  void sourceIncludesExcludesAndDisabledChangeWhatIsStored() throws Exception {
    ok(
        "PUT",
        "/filtered",
        "{\"mappings\":{\"_source\":{\"includes\":[\"a\",\"b\"],\"excludes\":[\"b\"]}}}");
    ok("PUT", "/filtered/_doc/1?refresh=true", "{\"a\":1,\"b\":2,\"c\":3}");
    assertThat(ok("GET", "/filtered/_doc/1", null).path("_source").toString())
        .isEqualTo("{\"a\":1}");
    // The fields were indexed all the same.
    assertThat(
            ok("POST", "/filtered/_search", "{\"query\":{\"term\":{\"c\":3}}}")
                .path("hits")
                .path("total")
                .path("value")
                .asInt())
        .isEqualTo(1);
    assertThat(
            refused("PUT", "/filtered/_mapping", "{\"_source\":{\"enabled\":false}}")
                .path("reason")
                .asText())
        .startsWith(
            "Mapper for [_source] conflicts with existing mapper:\n\tCannot update"
                + " parameter [enabled] from [true] to [false]");

    ok("PUT", "/nosource", "{\"mappings\":{\"_source\":{\"enabled\":false}}}");
    ok("PUT", "/nosource/_doc/1?refresh=true", "{\"a\":1}");
    JsonNode got = ok("GET", "/nosource/_doc/1", null);
    assertThat(got.path("found").asBoolean()).isTrue();
    assertThat(got.has("_source")).isFalse();
    RestClient.Response source = http.send("GET", "/nosource/_source/1", null);
    assertThat(source.status()).isEqualTo(404);
    assertThat(JSON.readTree(source.body()).path("error").path("reason").asText())
        .isEqualTo("Source not found [nosource]/[1]");
    assertThat(ok("GET", "/nosource/_mapping", null).path("nosource").path("mappings").toString())
        .isEqualTo("{\"_source\":{\"enabled\":false},\"properties\":{\"a\":{\"type\":\"long\"}}}");
  }

  @Test
  void routingShardsAndTheOtherCreateSettingsAreValidatedAsOpenSearch() throws Exception {
    ok(
        "PUT",
        "/routed",
        "{\"settings\":{\"number_of_shards\":2,\"number_of_routing_shards\":4,"
            + "\"max_script_fields\":2,\"soft_deletes.enabled\":true,"
            + "\"translog.retention.size\":\"128mb\",\"routing.rebalance.enable\":\"none\"}}");
    JsonNode settings =
        ok("GET", "/routed/_settings?flat_settings=true", null).path("routed").path("settings");
    assertThat(settings.path("index.number_of_routing_shards").asText()).isEqualTo("4");

    assertThat(
            refused(
                    "PUT",
                    "/r2",
                    "{\"settings\":{\"number_of_shards\":2,\"number_of_routing_shards\":3}}")
                .path("reason")
                .asText())
        .isEqualTo("the number of source shards [2] must be a factor of [3]");
    assertThat(
            refused(
                    "PUT",
                    "/r3",
                    "{\"settings\":{\"number_of_shards\":4,\"number_of_routing_shards\":2}}")
                .path("reason")
                .asText())
        .isEqualTo("index.number_of_routing_shards [2] must be >= index.number_of_shards [4]");
    assertThat(
            refused("PUT", "/r4", "{\"settings\":{\"soft_deletes.enabled\":false}}")
                .path("reason")
                .asText())
        .isEqualTo(
            "Creating indices with soft-deletes disabled is no longer supported. Please do not"
                + " specify a value for setting [index.soft_deletes.enabled].");
    assertThat(
            refused("PUT", "/r5", "{\"settings\":{\"routing.rebalance.enable\":\"bad\"}}")
                .path("reason")
                .asText())
        .isEqualTo("Illegal rebalance.enable value [BAD]");
    assertThat(
            refused("PUT", "/routed/_settings", "{\"index.number_of_routing_shards\":8}")
                .path("reason")
                .asText())
        .startsWith("Can't update non dynamic settings [[index.number_of_routing_shards]]");
  }

  @Test
  void anIndexSortKeepsSegmentsInItsOrder() throws Exception {
    ok(
        "PUT",
        "/sorted",
        "{\"settings\":{\"index.sort.field\":\"rank\",\"index.sort.order\":\"desc\"},"
            + "\"mappings\":{\"properties\":{\"rank\":{\"type\":\"integer\"}}}}");
    for (int i = 1; i <= 4; i++) {
      ok("PUT", "/sorted/_doc/" + i, "{\"rank\":" + (i * 7 % 5) + "}");
    }
    ok("POST", "/sorted/_forcemerge?max_num_segments=1", null);
    ok("POST", "/sorted/_refresh", null);
    JsonNode hits =
        ok("POST", "/sorted/_search", "{\"sort\":[\"_doc\"]}").path("hits").path("hits");
    // ranks: 1→2, 2→4, 3→1, 4→3; descending: 2, 4, 1, 3
    assertThat(hits.findValuesAsText("_id")).containsExactly("2", "4", "1", "3");

    assertThat(
            refused(
                    "PUT",
                    "/sorted2",
                    "{\"settings\":{\"index.sort.field\":\"rank\"},"
                        + "\"mappings\":{\"properties\":{\"rank\":{\"type\":\"half_float\"}}}}")
                .path("reason")
                .asText())
        .isEqualTo("invalid index sort field:[rank]");
    assertThat(
            refused("PUT", "/sorted3", "{\"settings\":{\"index.sort.field\":\"nope\"}}")
                .path("reason")
                .asText())
        .isEqualTo("unknown index sort field:[nope]");
  }
}
