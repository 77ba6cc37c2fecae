package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * {@code _delete_by_query}, {@code _update_by_query} and {@code _reindex} with {@code
 * wait_for_completion=false}, through opensearch-java: each runs as a task whose progress {@code
 * GET _tasks/<id>} shows and whose answer it keeps; a throttled run is rethrottled and cancelled
 * while it runs, and stops.
 */
class ByQueryTasksClientTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int DOCS = 20;
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

  @BeforeEach
  void seed() throws Exception {
    BulkRequest.Builder bulk = new BulkRequest.Builder().refresh(Refresh.True);
    for (int i = 0; i < DOCS; i++) {
      String id = Integer.toString(i);
      int n = i;
      bulk.operations(o -> o.index(x -> x.index("docs").id(id).document(Map.of("n", n))));
    }
    assertThat(client.bulk(bulk.build()).errors()).isFalse();
  }

  @AfterEach
  void wipe() throws Exception {
    http.send("DELETE", "/_all");
  }

  @Test
  void aDeleteByQueryNotWaitedForIsATaskWhoseAnswerIsKept() throws Exception {
    var started =
        client.deleteByQuery(
            d ->
                d.index("docs")
                    .query(
                        q ->
                            q.range(
                                r -> r.field("n").gte(org.opensearch.client.json.JsonData.of(10))))
                    .refresh(Refresh.True)
                    .waitForCompletion(false));
    String taskId = started.task();
    assertThat(taskId).contains(":");

    var done = client.tasks().get(g -> g.taskId(taskId).waitForCompletion(true));
    assertThat(done.completed()).isTrue();
    assertThat(done.response().deleted()).isEqualTo(10);
    assertThat(done.response().total()).isEqualTo(10);
    assertThat(done.response().canceled()).isNull();
    assertThat(client.count(c -> c.index("docs")).count()).isEqualTo(10);

    JsonNode task = JSON.readTree(http.send("GET", "/_tasks/" + taskId).body());
    assertThat(task.path("task").path("action").asText())
        .isEqualTo("indices:data/write/delete/byquery");
    assertThat(task.path("task").path("description").asText()).isEqualTo("delete-by-query [docs]");
    assertThat(task.path("task").path("status").path("deleted").asLong()).isEqualTo(10);
  }

  @Test
  void aReindexNotWaitedForCopiesAndKeepsItsAnswer() throws Exception {
    var started =
        client.reindex(
            r ->
                r.source(s -> s.index("docs"))
                    .dest(d -> d.index("copy"))
                    .refresh(Refresh.True)
                    .waitForCompletion(false));
    var done = client.tasks().get(g -> g.taskId(started.task()).waitForCompletion(true));
    assertThat(done.completed()).isTrue();
    assertThat(done.response().created()).isEqualTo(DOCS);
    assertThat(client.count(c -> c.index("copy")).count()).isEqualTo(DOCS);
  }

  @Test
  void aThrottledUpdateByQueryIsRethrottledAndCancelledWhileItRuns() throws Exception {
    // Two documents a batch at one document a second: a batch every two seconds, so the run
    // lasts far longer than the calls below.
    var started =
        client.updateByQuery(
            u -> u.index("docs").scrollSize(2).requestsPerSecond(1f).waitForCompletion(false));
    String taskId = started.task();

    JsonNode running = JSON.readTree(http.send("GET", "/_tasks/" + taskId).body());
    assertThat(running.path("completed").asBoolean()).isFalse();
    JsonNode status = running.path("task").path("status");
    assertThat(status.path("total").asLong()).isEqualTo(DOCS);
    assertThat(status.path("requests_per_second").asDouble()).isEqualTo(1.0);
    assertThat(running.path("task").path("cancellable").asBoolean()).isTrue();

    var rethrottled = client.updateByQueryRethrottle(r -> r.taskId(taskId).requestsPerSecond(0.5f));
    assertThat(rethrottled.nodes()).hasSize(1);
    JsonNode listed =
        JSON.readTree(http.send("GET", "/_tasks?detailed=true&actions=*byquery").body());
    assertThat(
            listed
                .path("nodes")
                .elements()
                .next()
                .path("tasks")
                .path(taskId)
                .path("status")
                .path("requests_per_second")
                .asDouble())
        .isEqualTo(0.5);

    var cancelled = client.tasks().cancel(c -> c.taskId(taskId));
    assertThat(cancelled.nodes()).hasSize(1);
    var done = client.tasks().get(g -> g.taskId(taskId).waitForCompletion(true));
    assertThat(done.completed()).isTrue();
    assertThat(done.response().canceled()).isEqualTo("by user request");
    assertThat(done.response().updated()).isLessThan((long) DOCS);

    // A task that no longer runs cannot be rethrottled: OpenSearch's node failure.
    JsonNode gone =
        JSON.readTree(
            http.send(
                    "POST",
                    "/_update_by_query/" + taskId + "/_rethrottle?requests_per_second=2",
                    null)
                .body());
    assertThat(gone.path("node_failures").get(0).path("caused_by").path("reason").asText())
        .isEqualTo("task [" + taskId + "] is missing");
    JsonNode noRate =
        JSON.readTree(
            http.send("POST", "/_update_by_query/" + taskId + "/_rethrottle", null).body());
    assertThat(noRate.path("error").path("reason").asText())
        .isEqualTo("requests_per_second is a required parameter");
  }
}
