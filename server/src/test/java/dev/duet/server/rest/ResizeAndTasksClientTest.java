package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * {@code _shrink}, {@code _split}, {@code _clone}, the tasks API, {@code _resolve/index} and {@code
 * _search_shards} through opensearch-java over a real socket: the client parses Duet's answers, and
 * what a resize builds answers reads like its source.
 */
class ResizeAndTasksClientTest {
  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    client
        .indices()
        .create(
            c ->
                c.index("source")
                    .settings(s -> s.numberOfShards(2).numberOfReplicas(0))
                    .mappings(m -> m.properties("title", p -> p.text(t -> t)))
                    .aliases("src", a -> a));
    client.index(
        i -> i.index("source").id("1").document(Map.of("title", "hello")).refresh(Refresh.True));
    client.index(
        i -> i.index("source").id("2").document(Map.of("title", "world")).refresh(Refresh.True));
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

  @Test
  void resizesBuildIndicesWithTheSourcesDocuments() throws Exception {
    assertThatThrownBy(() -> client.indices().clone(c -> c.index("source").target("early")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> assertThat(e.getMessage()).contains("must block write operations"));
    client
        .indices()
        .putSettings(p -> p.index("source").settings(s -> s.blocks(b -> b.write(true))));

    var shrunk =
        client
            .indices()
            .shrink(
                s ->
                    s.index("source")
                        .target("small")
                        .settings("index.number_of_replicas", JsonData.of(0)));
    assertThat(shrunk.acknowledged()).isTrue();
    assertThat(shrunk.index()).isEqualTo("small");
    var split =
        client
            .indices()
            .split(
                s ->
                    s.index("source")
                        .target("wide")
                        .settings("index.number_of_shards", JsonData.of(4)));
    assertThat(split.index()).isEqualTo("wide");
    client.indices().clone(c -> c.index("source").target("copy"));

    var settings = client.indices().getSettings(g -> g.index("small,wide,copy"));
    assertThat(settings.get("small").settings().index().numberOfShards()).isEqualTo(1);
    assertThat(settings.get("wide").settings().index().numberOfShards()).isEqualTo(4);
    assertThat(settings.get("copy").settings().index().numberOfShards()).isEqualTo(2);
    for (String target : new String[] {"small", "wide", "copy"}) {
      var got = client.get(g -> g.index(target).id("2"), Map.class);
      assertThat(got.found()).isTrue();
      assertThat(got.source()).isEqualTo(Map.of("title", "world"));
      assertThat(client.count(c -> c.index(target)).count()).isEqualTo(2);
    }
    assertThat(
            client.indices().getMapping(g -> g.index("small")).get("small").mappings().properties())
        .containsKey("title");
  }

  @Test
  void aResizeNotWaitedForIsATaskWhoseAnswerIsKept() throws Exception {
    client
        .indices()
        .putSettings(p -> p.index("source").settings(s -> s.blocks(b -> b.write(true))));
    RestClient http = new RestClient(node.httpPort());
    var started =
        JSON.readTree(
            http.send("PUT", "/source/_clone/later?wait_for_completion=false", "{}").body());
    String taskId = started.path("task").asText();
    assertThat(taskId).contains(":");

    // opensearch-java reads a finished task's response as a by-query one (it requires
    // "batches"), so the task is read over plain HTTP, as OpenSearch's own tests read it.
    var task =
        JSON.readTree(http.send("GET", "/_tasks/" + taskId + "?wait_for_completion=true").body());
    assertThat(task.path("completed").asBoolean()).isTrue();
    assertThat(task.path("task").path("action").asText()).isEqualTo("indices:admin/resize");
    assertThat(task.path("task").path("description").asText())
        .isEqualTo("clone from [source] to [later]");
    assertThat(task.path("response").path("index").asText()).isEqualTo("later");
    assertThat(client.count(c -> c.index("later")).count()).isEqualTo(2);

    assertThatThrownBy(() -> client.tasks().get(g -> g.taskId("other:1")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.getMessage())
                  .contains(
                      "task [other:1] belongs to the node [other] which isn't part of the cluster");
            });
  }

  @Test
  void aTaskListingListsItselfWithItsCallersOpaqueId() throws Exception {
    var listed = client.tasks().list(l -> l.actions("cluster:monitor/tasks/lists*"));
    assertThat(listed.nodes()).hasSize(1);
    var tasks = listed.nodes().values().iterator().next().tasks();
    assertThat(tasks.values())
        .extracting(t -> t.action())
        .containsExactlyInAnyOrder("cluster:monitor/tasks/lists", "cluster:monitor/tasks/lists[n]");

    var request =
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(
                    "http://127.0.0.1:"
                        + node.httpPort()
                        + "/_tasks?group_by=none&actions=cluster:monitor/tasks/lists"))
            .header("X-Opaque-Id", "me")
            .build();
    var none =
        JSON.readTree(
            java.net.http.HttpClient.newHttpClient()
                .send(request, java.net.http.HttpResponse.BodyHandlers.ofString())
                .body());
    assertThat(none.path("tasks").get(0).path("headers").path("X-Opaque-Id").asText())
        .isEqualTo("me");
    assertThat(client.tasks().cancel(c -> c.actions("nothing")).nodes()).isEmpty();
  }

  @Test
  void resolveIndexAndSearchShardsNameWhatAnExpressionReaches() throws Exception {
    var resolved = client.indices().resolveIndex(r -> r.name("sourc*,src"));
    assertThat(resolved.indices()).extracting(i -> i.name()).containsExactly("source");
    assertThat(resolved.indices().get(0).aliases()).containsExactly("src");
    assertThat(resolved.indices().get(0).attributes()).containsExactly("open");
    assertThat(resolved.aliases()).extracting(a -> a.name()).containsExactly("src");

    RestClient http = new RestClient(node.httpPort());
    var shards = JSON.readTree(http.send("GET", "/src/_search_shards").body());
    assertThat(shards.path("shards").size()).isEqualTo(2);
    assertThat(shards.path("indices").path("source").path("aliases").toString())
        .isEqualTo("[\"src\"]");
    var routed = JSON.readTree(http.send("GET", "/source/_search_shards?routing=foo").body());
    assertThat(routed.path("shards").size()).isEqualTo(1);
  }
}
