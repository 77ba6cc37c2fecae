package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.BulkRequest;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Results of tasks not waited for are documents of the {@code .tasks} index, as OpenSearch keeps
 * them: {@code GET .tasks/_search} finds them with OpenSearch's mapping, and {@code GET
 * _tasks/<id>} still answers them after the node that ran them has restarted (and so has forgotten
 * them, and has a new node id).
 */
class TaskResultsIndexTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path data;
  private DuetNode node;
  private OpenSearchClient client;
  private RestClient http;

  @AfterEach
  void stop() throws Exception {
    close();
  }

  @Test
  void aFinishedTasksResultIsADocumentOfDotTasksThatOutlivesARestart() throws Exception {
    open();
    BulkRequest.Builder bulk = new BulkRequest.Builder().refresh(Refresh.True);
    for (int i = 0; i < 12; i++) {
      String id = Integer.toString(i);
      int n = i;
      bulk.operations(o -> o.index(x -> x.index("docs").id(id).document(Map.of("n", n))));
    }
    assertThat(client.bulk(bulk.build()).errors()).isFalse();
    String taskId =
        client
            .deleteByQuery(
                d ->
                    d.index("docs")
                        .query(
                            q ->
                                q.range(
                                    r ->
                                        r.field("n")
                                            .gte(org.opensearch.client.json.JsonData.of(4))))
                        .refresh(Refresh.True)
                        .waitForCompletion(false))
            .task();
    assertThat(client.tasks().get(g -> g.taskId(taskId).waitForCompletion(true)).completed())
        .isTrue();

    JsonNode doc = JSON.readTree(http.send("GET", "/.tasks/_doc/" + taskId).body());
    assertThat(doc.path("found").asBoolean()).isTrue();
    JsonNode source = doc.path("_source");
    assertThat(source.path("completed").asBoolean()).isTrue();
    assertThat(source.path("task").path("action").asText())
        .isEqualTo("indices:data/write/delete/byquery");
    assertThat(source.path("task").path("node").asText() + ":" + source.path("task").path("id"))
        .isEqualTo(taskId);
    assertThat(source.path("response").path("deleted").asLong()).isEqualTo(8);
    JsonNode mapping = JSON.readTree(http.send("GET", "/.tasks/_mapping").body());
    assertThat(mapping.path(".tasks").path("mappings").path("dynamic").asText())
        .isEqualTo("strict");
    assertThat(mapping.at("/.tasks/mappings/properties/task/properties/action/type").asText())
        .isEqualTo("keyword");
    http.send("POST", "/.tasks/_refresh");
    JsonNode found =
        JSON.readTree(
            http.send(
                    "POST",
                    "/.tasks/_search",
                    "{\"query\":{\"term\":{\"task.action\":\"indices:data/write/delete/byquery\"}}}")
                .body());
    assertThat(found.at("/hits/hits/0/_id").asText()).isEqualTo(taskId);

    String failedId =
        JSON.readTree(
                http.send(
                        "POST",
                        "/_reindex?wait_for_completion=false",
                        "{\"source\":{\"index\":\"missing\"},\"dest\":{\"index\":\"copy\"}}")
                    .body())
            .path("task")
            .asText();
    JsonNode failed =
        JSON.readTree(http.send("GET", "/_tasks/" + failedId + "?wait_for_completion=true").body());
    assertThat(failed.at("/error/type").asText()).isEqualTo("index_not_found_exception");

    close();
    open();
    // The restarted node has forgotten both tasks (and has another id): .tasks answers.
    var kept = client.tasks().get(g -> g.taskId(taskId));
    assertThat(kept.completed()).isTrue();
    assertThat(kept.response().deleted()).isEqualTo(8);
    assertThat(kept.task().action()).isEqualTo("indices:data/write/delete/byquery");
    JsonNode keptFailure = JSON.readTree(http.send("GET", "/_tasks/" + failedId).body());
    assertThat(keptFailure.path("completed").asBoolean()).isTrue();
    assertThat(keptFailure.at("/error/type").asText()).isEqualTo("index_not_found_exception");
    assertThat(keptFailure.at("/task/action").asText()).isEqualTo("indices:data/write/reindex");

    String unknown = taskId.substring(0, taskId.indexOf(':')) + ":999999";
    RestClient.Response missing = http.send("GET", "/_tasks/" + unknown);
    assertThat(missing.status()).isEqualTo(404);
    assertThat(JSON.readTree(missing.body()).at("/error/caused_by/reason").asText())
        .isEqualTo("task [" + unknown + "] isn't running and hasn't stored its results");
  }

  @Test
  void aForceMergeNotWaitedForRunsAsATaskAndKeepsItsAnswer() throws Exception {
    open();
    for (int i = 0; i < 3; i++) {
      String id = Integer.toString(i);
      client.index(x -> x.index("docs").id(id).document(Map.of("n", 1)).refresh(Refresh.True));
    }
    assertThat(JSON.readTree(http.send("GET", "/_cat/segments/docs?format=json").body()).size())
        .isEqualTo(3);

    // opensearch-java's ForcemergeResponse insists on _shards, which OpenSearch's task answer
    // lacks: the call goes over plain HTTP.
    JsonNode started =
        JSON.readTree(
            http.send("POST", "/docs/_forcemerge?max_num_segments=1&wait_for_completion=false")
                .body());
    String taskId = started.path("task").asText();
    assertThat(taskId).contains(":");
    assertThat(started.has("_shards")).isFalse();
    JsonNode done =
        JSON.readTree(http.send("GET", "/_tasks/" + taskId + "?wait_for_completion=true").body());
    assertThat(done.path("completed").asBoolean()).isTrue();
    assertThat(done.at("/task/action").asText()).isEqualTo("indices:admin/forcemerge");
    assertThat(done.at("/task/description").asText())
        .isEqualTo(
            "Force-merge indices [docs], maxSegments[1], onlyExpungeDeletes[false], flush[true],"
                + " primaryOnly[false]");
    assertThat(done.at("/response/_shards/failed").asInt()).isZero();
    assertThat(done.at("/response/_shards/successful").asInt()).isEqualTo(1);
    http.send("POST", "/docs/_refresh");
    assertThat(JSON.readTree(http.send("GET", "/_cat/segments/docs?format=json").body()).size())
        .isEqualTo(1);
    JsonNode stored = JSON.readTree(http.send("GET", "/.tasks/_doc/" + taskId).body());
    assertThat(stored.at("/_source/response")).isEqualTo(done.path("response"));
  }

  private void open() {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    http = new RestClient(node.httpPort());
  }

  private void close() throws Exception {
    if (client != null) {
      client._transport().close();
      client = null;
    }
    if (node != null) {
      node.close();
      node = null;
    }
  }
}
