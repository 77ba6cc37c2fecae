package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.cat.snapshots.SnapshotsRecord;
import org.opensearch.client.opensearch.snapshot.SnapshotInfo;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Snapshot and restore through opensearch-java over a real socket, on a node with {@code
 * path.repo}: the client reads OpenSearch's shapes, and a restored index answers as the original,
 * also after the node restarts.
 */
class SnapshotClientTest {
  @TempDir Path data;
  @TempDir Path repos;
  private DuetNode node;
  private OpenSearchClient client;

  @BeforeEach
  void start() {
    startNode();
  }

  private void startNode() {
    node =
        DuetNode.start(
            NodeConfig.ephemeral(data).withSettings(Map.of("path.repo", repos.toString())));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
  }

  @AfterEach
  void stop() throws Exception {
    client._transport().close();
    node.close();
  }

  private void restart() throws Exception {
    stop();
    startNode();
  }

  private long count(String index) throws Exception {
    client.indices().refresh(r -> r.index(index));
    return client.count(c -> c.index(index)).count();
  }

  @Test
  void snapshotDeleteRestoreAndReadBackAcrossARestart() throws Exception {
    client.indices().create(c -> c.index("books").settings(s -> s.numberOfShards(1)));
    for (int i = 0; i < 12; i++) {
      String id = Integer.toString(i);
      client.index(
          x ->
              x.index("books")
                  .id(id)
                  .document(Map.of("title", "book " + id, "n", Integer.parseInt(id))));
    }
    client.indices().refresh(r -> r.index("books"));
    client
        .snapshot()
        .createRepository(
            r -> r.name("backups").type("fs").settings(s -> s.location("backups_loc")));
    assertThat(client.snapshot().getRepository(r -> r.name("backups")).result())
        .containsKey("backups");
    assertThat(client.cat().repositories().valueBody())
        .extracting(r -> r.id() + ":" + r.type())
        .containsExactly("backups:fs");

    SnapshotInfo taken =
        client
            .snapshot()
            .create(
                c ->
                    c.repository("backups")
                        .snapshot("nightly")
                        .indices("books")
                        .metadata("by", JsonData.of("test"))
                        .waitForCompletion(true))
            .snapshot();
    assertThat(taken.state()).isEqualTo("SUCCESS");
    assertThat(taken.indices()).containsExactly("books");
    assertThat(taken.shards().successful()).isEqualTo(1);

    var got = client.snapshot().get(g -> g.repository("backups").snapshot("*")).snapshots();
    assertThat(got).extracting(SnapshotInfo::snapshot).containsExactly("nightly");
    assertThat(got.get(0).metadata().get("by").to(String.class)).isEqualTo("test");
    var status = client.snapshot().status(s -> s.repository("backups").snapshot("nightly"));
    assertThat(status.snapshots().get(0).stats().total().fileCount()).isPositive();
    List<SnapshotsRecord> rows = client.cat().snapshots(c -> c.repository("backups")).valueBody();
    assertThat(rows).extracting(SnapshotsRecord::id).containsExactly("nightly");

    client.indices().delete(d -> d.index("books"));
    restart();

    var restored =
        client
            .snapshot()
            .restore(r -> r.repository("backups").snapshot("nightly").waitForCompletion(true));
    assertThat(restored.snapshot().indices()).containsExactly("books");
    assertThat(count("books")).isEqualTo(12);
    assertThat(client.get(g -> g.index("books").id("7"), Map.class).source())
        .containsEntry("title", "book 7");
    var hits =
        client.search(
            s ->
                s.index("books")
                    .query(q -> q.match(m -> m.field("title").query(v -> v.stringValue("7")))),
            Map.class);
    assertThat(hits.hits().total().value()).isEqualTo(1);

    restart();
    assertThat(count("books")).isEqualTo(12);
    client.index(x -> x.index("books").id("new").document(Map.of("n", 99)).refresh(Refresh.True));
    assertThat(count("books")).isEqualTo(13);

    client.snapshot().delete(d -> d.repository("backups").snapshot("nightly"));
    assertThat(client.snapshot().get(g -> g.repository("backups").snapshot("_all")).snapshots())
        .isEmpty();
  }

  @Test
  void errorsAreOpenSearchs() throws Exception {
    assertThatThrownBy(
            () ->
                client
                    .snapshot()
                    .createRepository(
                        r -> r.name("out").type("fs").settings(s -> s.location("/somewhere/else"))))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().type()).isEqualTo("repository_exception");
            });
    client
        .snapshot()
        .createRepository(r -> r.name("r").type("fs").settings(s -> s.location("r_loc")));
    assertThatThrownBy(() -> client.snapshot().get(g -> g.repository("r").snapshot("nope")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.error().type()).isEqualTo("snapshot_missing_exception");
              assertThat(e.error().reason()).isEqualTo("[r:nope] is missing");
            });
    assertThatThrownBy(() -> client.snapshot().getRepository(r -> r.name("nope")))
        .isInstanceOfSatisfying(
            OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(404));
  }
}
