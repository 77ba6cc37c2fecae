package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _cluster/settings} over real HTTP: defaults, live effect, and persistent settings (only
 * those) surviving a restart of the node on the same data directory.
 */
class ClusterSettingsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dataDir;

  @Test
  void persistentSettingsSurviveARestartAndTransientOnesDoNot() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var http = new RestClient(node.httpPort());
      var put =
          http.send(
              "PUT",
              "/_cluster/settings",
              """
              {"persistent":{"search":{"max_buckets":7}},
               "transient":{"search.max_open_scroll_context":3}}""");
      assertThat(put.status()).isEqualTo(200);
      assertThat(node.engine().limits().maxBuckets()).isEqualTo(7);
      assertThat(node.engine().limits().sessions().maxOpenScrolls()).isEqualTo(3);
    }
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var http = new RestClient(node.httpPort());
      JsonNode got = JSON.readTree(http.send("GET", "/_cluster/settings?flat_settings").body());
      assertThat(got.toString())
          .isEqualTo("{\"persistent\":{\"search.max_buckets\":\"7\"},\"transient\":{}}");
      assertThat(node.engine().limits().maxBuckets()).isEqualTo(7);
      assertThat(node.engine().limits().sessions().maxOpenScrolls()).isEqualTo(500);

      var reset =
          http.send("PUT", "/_cluster/settings", "{\"persistent\":{\"search.max_buckets\":null}}");
      assertThat(reset.body())
          .isEqualTo("{\"acknowledged\":true,\"persistent\":{},\"transient\":{}}");
      assertThat(node.engine().limits().maxBuckets()).isEqualTo(65_535);
    }
  }

  @Test
  void includeDefaultsListsTheUnsetSettingsWithTheirDefaults() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir).withMaxBuckets(1000))) {
      var http = new RestClient(node.httpPort());
      http.send("PUT", "/_cluster/settings", "{\"transient\":{\"search.max_keep_alive\":\"1d\"}}");
      JsonNode got =
          JSON.readTree(http.send("GET", "/_cluster/settings?include_defaults=true").body());
      assertThat(got.path("transient").path("search").path("max_keep_alive").asText())
          .isEqualTo("1d");
      JsonNode defaults = got.path("defaults");
      // The node's own config is the default a reset returns to.
      assertThat(defaults.path("search").path("max_buckets").asText()).isEqualTo("1000");
      assertThat(defaults.path("search").has("max_keep_alive")).isFalse();
      assertThat(defaults.path("point_in_time").path("max_keep_alive").asText()).isEqualTo("24h");
      assertThat(
              defaults.path("indices").path("query").path("bool").path("max_clause_count").asText())
          .isEqualTo("1024");
    }
  }

  @Test
  void includeDefaultsListsTheNodesAttributes() throws Exception {
    try (DuetNode node =
        DuetNode.start(
            NodeConfig.ephemeral(dataDir)
                .withSettings(java.util.Map.of("node.attr.testattr", "test")))) {
      var http = new RestClient(node.httpPort());
      JsonNode got =
          JSON.readTree(http.send("GET", "/_cluster/settings?include_defaults=true").body());
      assertThat(got.at("/defaults/node/attr/testattr").asText()).isEqualTo("test");
      JsonNode flat =
          JSON.readTree(
              http.send("GET", "/_cluster/settings?include_defaults=true&flat_settings=true")
                  .body());
      assertThat(flat.at("/defaults/node.attr.testattr").asText()).isEqualTo("test");
      assertThat(JSON.readTree(http.send("GET", "/_cluster/settings").body()).has("defaults"))
          .isFalse();
    }
  }

  @Test
  void aRefusedUpdateAppliesNothing() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir))) {
      var http = new RestClient(node.httpPort());
      var refused =
          http.send(
              "PUT",
              "/_cluster/settings",
              "{\"transient\":{\"search.max_buckets\":5},\"persistent\":{\"search.nope\":1}}");
      assertThat(refused.status()).isEqualTo(400);
      assertThat(node.engine().limits().maxBuckets()).isEqualTo(65_535);
      assertThat(http.send("GET", "/_cluster/settings").body())
          .isEqualTo("{\"persistent\":{},\"transient\":{}}");
    }
  }
}
