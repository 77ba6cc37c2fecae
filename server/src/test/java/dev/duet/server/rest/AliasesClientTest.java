package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Aliases as OpenSearch 3.8.0 answers them, through opensearch-java (and plain HTTP where the
 * client cannot say it): every form of {@code PUT _alias}, hidden aliases, exclusions in {@code GET
 * _alias}, {@code _all} in a delete, and an alias taking the name of an index the same request
 * deletes.
 */
class AliasesClientTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static RestClient http;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    http = new RestClient(node.httpPort());
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  @AfterEach
  void wipe() throws Exception {
    http.send("DELETE", "/_all?expand_wildcards=all");
  }

  private static JsonNode json(String method, String path, String body) throws Exception {
    return JSON.readTree(http.send(method, path, body).body());
  }

  @Test
  void putAliasTakesTheIndexAndTheNameFromThePathOrTheBody() throws Exception {
    client.indices().create(c -> c.index("one"));
    client.indices().create(c -> c.index("two"));

    client.indices().putAlias(p -> p.index("one,two").name("both"));
    assertThat(client.indices().getAlias(g -> g.name("both")).result())
        .containsOnlyKeys("one", "two");

    assertThat(http.send("PUT", "/one/_alias", "{\"alias\":\"from_body\"}").status())
        .isEqualTo(200);
    assertThat(http.send("PUT", "/_alias/named", "{\"index\":\"two\"}").status()).isEqualTo(200);
    assertThat(http.send("PUT", "/_alias", "{\"index\":\"one\",\"alias\":\"all_body\"}").status())
        .isEqualTo(200);
    // The body wins over the path, as in OpenSearch.
    assertThat(http.send("PUT", "/nope/_alias/over", "{\"index\":\"one\"}").status())
        .isEqualTo(200);
    var aliases = client.indices().getAlias(g -> g.index("one")).result().get("one").aliases();
    assertThat(aliases).containsOnlyKeys("both", "from_body", "all_body", "over");
    assertThat(client.indices().getAlias(g -> g.index("two")).result().get("two").aliases())
        .containsOnlyKeys("both", "named");

    JsonNode noIndex = json("PUT", "/_alias", "");
    assertThat(noIndex.path("status").asInt()).isEqualTo(400);
    assertThat(noIndex.path("error").path("reason").asText()).isEqualTo("[indices] can't be empty");
    JsonNode noName = json("PUT", "/_alias", "{\"index\":\"one\"}");
    assertThat(noName.path("error").path("reason").asText())
        .isEqualTo("[alias] can't be empty string");
    JsonNode unknown = json("PUT", "/one/_alias/x", "{\"abc\":1}");
    assertThat(unknown.path("status").asInt()).isEqualTo(400);
    assertThat(unknown.path("error").path("reason").asText()).isEqualTo("unknown field [abc]");
  }

  @Test
  void aHiddenAliasIsKeptAndSkippedByWildcardsUnlessAskedFor() throws Exception {
    client.indices().create(c -> c.index("logs"));
    client.indices().create(c -> c.index("more"));
    client.indices().putAlias(p -> p.index("logs").name("secret").isHidden(true));

    JsonNode got = json("GET", "/logs/_alias/secret", null);
    assertThat(got.path("logs").path("aliases").path("secret").toString())
        .isEqualTo("{\"is_hidden\":true}");
    assertThat(client.count(c -> c.index("secre*")).count()).isZero();
    assertThat(http.send("GET", "/secre*/_count?expand_wildcards=all").status()).isEqualTo(200);
    assertThat(
            json("GET", "/secre*/_search?expand_wildcards=all", null)
                .path("_shards")
                .path("total")
                .asInt())
        .isEqualTo(1);

    // An alias is hidden on all its indices or on none.
    assertThatThrownBy(() -> client.indices().putAlias(p -> p.index("more").name("secret")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e ->
                assertThat(e.getMessage())
                    .contains(
                        "alias [secret] has is_hidden set to true on indices [logs] but does not"
                            + " have is_hidden set to true on indices [more]; alias must have the"
                            + " same is_hidden setting on all indices"));
  }

  @Test
  void getAliasReadsExclusionsAsOpenSearchDoes() throws Exception {
    http.send(
        "PUT",
        "/test_index",
        """
        {"aliases":{"test_alias_1":{},"test_alias_2":{},"test_blias_1":{},"test_blias_2":{},
                    "test":{}}}
        """);

    var simple =
        client.indices().getAlias(g -> g.name("test_blias_2", "test_alias*", "-test_alias_1"));
    assertThat(simple.result().get("test_index").aliases())
        .containsOnlyKeys("test_alias_2", "test_blias_2");

    // A "-name" before the first wildcard is a name (missing here), not an exclusion.
    var before = http.send("GET", "/_alias/-test_alias_1,test_alias*,-test_alias_2");
    assertThat(before.status()).isEqualTo(404);
    JsonNode body = JSON.readTree(before.body());
    assertThat(body.path("error").asText()).isEqualTo("alias [-test_alias_1] missing");
    assertThat(body.path("test_index").path("aliases").fieldNames())
        .toIterable()
        .containsExactly("test_alias_1");

    // Missing names are sorted; exclusions that match nothing are not missing.
    var sorted = json("GET", "/test_index/_alias/test_alias_1,zz,another", null);
    assertThat(sorted.path("error").asText()).isEqualTo("aliases [another,zz] missing");
    var quiet = http.send("GET", "/_alias/test_alias*,-non-existent,test_blias*,-test");
    assertThat(quiet.status()).isEqualTo(200);

    // Names a later exclusion removes are neither returned nor missing.
    var excluded = http.send("GET", "/_alias/test_alias_1,test_blias_2,-test_alias*,-test_blias_2");
    assertThat(excluded.status()).isEqualTo(200);
    assertThat(excluded.body()).isEqualTo("{}");
  }

  @Test
  void getAliasCoversClosedIndicesUnlessExpandWildcardsSaysOtherwise() throws Exception {
    http.send("PUT", "/open_one", "{\"aliases\":{\"shared\":{}}}");
    http.send("PUT", "/closed_one", "{\"aliases\":{\"shared\":{}}}");
    client.indices().close(c -> c.index("closed_one"));

    assertThat(client.indices().getAlias(g -> g.name("shared")).result())
        .containsOnlyKeys("open_one", "closed_one");
    assertThat(
            client
                .indices()
                .getAlias(
                    g ->
                        g.name("shared")
                            .expandWildcards(
                                org.opensearch.client.opensearch._types.ExpandWildcard.Open))
                .result())
        .containsOnlyKeys("open_one");
  }

  @Test
  void deleteAliasWithAllRemovesEveryAliasOfTheIndices() throws Exception {
    http.send("PUT", "/first", "{\"aliases\":{\"a1\":{},\"a2\":{}}}");
    http.send("PUT", "/keep", "{\"aliases\":{\"a1\":{}}}");

    client.indices().deleteAlias(d -> d.index("first").name("_all"));

    assertThat(client.indices().getAlias(g -> g.index("first")).result().get("first").aliases())
        .isEmpty();
    assertThat(client.indices().getAlias(g -> g.index("keep")).result().get("keep").aliases())
        .containsOnlyKeys("a1");
  }

  @Test
  void anAliasMayTakeTheNameOfAnIndexTheSameRequestDeletes() throws Exception {
    client.indices().create(c -> c.index("test"));
    client.indices().create(c -> c.index("test_2"));

    client
        .indices()
        .updateAliases(
            u ->
                u.actions(a -> a.add(add -> add.index("test_2").aliases("test", "test_write")))
                    .actions(a -> a.removeIndex(r -> r.index("test"))));

    assertThat(client.indices().existsAlias(e -> e.name("test")).value()).isTrue();
    assertThat(client.indices().get(g -> g.index("test")).result()).containsOnlyKeys("test_2");

    JsonNode empty =
        json(
            "POST",
            "/_aliases",
            "{\"actions\":[{\"remove\":{\"index\":\"test_2\",\"aliases\":[],\"must_exist\":true}}]}");
    assertThat(empty.path("status").asInt()).isEqualTo(400);
    assertThat(empty.toString()).contains("[aliases] can't be empty");
  }
}
