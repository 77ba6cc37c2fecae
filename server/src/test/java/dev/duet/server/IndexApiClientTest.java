package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.cat.aliases.AliasesRecord;
import org.opensearch.client.opensearch.cat.health.HealthRecord;
import org.opensearch.client.opensearch.core.GetSourceResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.opensearch.indices.ForcemergeResponse;
import org.opensearch.client.opensearch.indices.IndicesStatsResponse;
import org.opensearch.client.opensearch.indices.stats.IndicesStats;
import org.opensearch.client.opensearch.indices.stats.IndicesStatsMetric;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * The document and index APIs the official client calls beside the common ones ({@code _source},
 * {@code _forcemerge}, {@code _stats}, {@code _cat}), through opensearch-java over a real socket.
 */
class IndexApiClientTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
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
  @SuppressWarnings("unchecked")
  void getSourceAnswersTheDocumentAloneFiltered() throws Exception {
    client.index(
        i ->
            i.index("source-books")
                .id("1")
                .document(Map.of("title", "Dune", "year", 1965, "tags", List.of("sf")))
                .refresh(Refresh.True));

    GetSourceResponse<Map> whole =
        client.getSource(g -> g.index("source-books").id("1"), Map.class);
    assertThat((Map<String, Object>) whole.valueBody())
        .containsOnlyKeys("title", "year", "tags")
        .containsEntry("title", "Dune");

    GetSourceResponse<Map> filtered =
        client.getSource(
            g -> g.index("source-books").id("1").sourceExcludes("tags", "year"), Map.class);
    assertThat((Map<String, Object>) filtered.valueBody()).isEqualTo(Map.of("title", "Dune"));

    assertThatThrownBy(() -> client.getSource(g -> g.index("source-books").id("9"), Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.error().type()).isEqualTo("resource_not_found_exception");
              assertThat(e.error().reason()).isEqualTo("Document not found [source-books]/[9]");
            });
    assertThat(client.existsSource(e -> e.index("source-books").id("1")).value()).isTrue();
    assertThat(client.existsSource(e -> e.index("source-books").id("9")).value()).isFalse();
    assertThat(client.existsSource(e -> e.index("source-nope").id("1")).value()).isFalse();
  }

  @Test
  void forceMergeKeepsDocumentsAndSearches() throws Exception {
    // Four segments of five documents, and one deleted document (5%: the merge policy leaves it).
    for (int segment = 0; segment < 4; segment++) {
      List<BulkOperation> ops = new ArrayList<>();
      for (int i = segment * 5; i < segment * 5 + 5; i++) {
        String id = Integer.toString(i);
        Map<String, Object> doc = Map.of("n", i, "tag", i % 2 == 0 ? "even" : "odd");
        ops.add(BulkOperation.of(b -> b.index(x -> x.index("merge-logs").id(id).document(doc))));
      }
      client.bulk(b -> b.operations(ops).refresh(Refresh.True));
    }
    client.delete(d -> d.index("merge-logs").id("4").refresh(Refresh.True));
    assertThat(client.indices().stats(st -> st.index("merge-logs")).all().primaries().docs())
        .satisfies(docs -> assertThat(docs.deleted()).isEqualTo(1));

    ForcemergeResponse merged =
        client.indices().forcemerge(f -> f.index("merge-logs").maxNumSegments(1L));

    assertThat(merged.shards().total()).isEqualTo(2); // one primary, one unassigned replica
    assertThat(merged.shards().successful()).isEqualTo(1);
    IndicesStatsResponse stats = client.indices().stats(st -> st.index("merge-logs"));
    assertThat(stats.all().primaries().docs().count()).isEqualTo(19);
    assertThat(stats.all().primaries().docs().deleted()).isZero(); // merged away
    SearchResponse<Map> even =
        client.search(
            s ->
                s.index("merge-logs")
                    .size(20)
                    .query(q -> q.term(t -> t.field("tag").value(v -> v.stringValue("even")))),
            Map.class);
    assertThat(even.hits().hits())
        .extracting(Hit::id)
        .containsExactlyInAnyOrder("0", "2", "6", "8", "10", "12", "14", "16", "18");
    assertThat(client.getSource(g -> g.index("merge-logs").id("13"), Map.class).valueBody())
        .isEqualTo(Map.of("n", 13, "tag", "odd"));

    assertThatThrownBy(() -> client.indices().forcemerge(f -> f.index("merge-nope")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> assertThat(e.error().type()).isEqualTo("index_not_found_exception"));
  }

  @Test
  void statsParseInTheClient() throws Exception {
    // One segment of ten, so that the delete leaves a deleted document behind in it (at 10% of
    // the index, below the share that makes the merge policy rewrite the segment).
    List<BulkOperation> ops = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      String id = Integer.toString(i);
      ops.add(
          BulkOperation.of(b -> b.index(x -> x.index("stats-a").id(id).document(Map.of("n", 1)))));
    }
    client.bulk(b -> b.operations(ops).refresh(Refresh.True));
    client.index(r -> r.index("stats-b").id("1").document(Map.of("n", 1)).refresh(Refresh.True));
    client.delete(d -> d.index("stats-a").id("9").refresh(Refresh.True));

    IndicesStatsResponse stats = client.indices().stats(s -> s.index("stats-*"));

    assertThat(stats.shards().successful()).isEqualTo(2);
    assertThat(stats.indices()).containsOnlyKeys("stats-a", "stats-b");
    IndicesStats a = stats.indices().get("stats-a");
    assertThat(a.uuid()).hasSize(22);
    assertThat(a.primaries().docs().count()).isEqualTo(9);
    assertThat(a.primaries().docs().deleted()).isEqualTo(1);
    assertThat(a.primaries().store().sizeInBytes()).isPositive();
    assertThat(a.total().docs().count()).isEqualTo(9);
    assertThat(stats.all().primaries().docs().count()).isEqualTo(10);
    assertThat(stats.all().total().store().sizeInBytes())
        .isEqualTo(
            a.total().store().sizeInBytes()
                + stats.indices().get("stats-b").total().store().sizeInBytes());

    IndicesStatsResponse docsOnly =
        client.indices().stats(s -> s.index("stats-b").metric(IndicesStatsMetric.Docs));
    assertThat(docsOnly.all().primaries().docs().count()).isEqualTo(1);
    assertThat(docsOnly.all().primaries().store()).isNull();
  }

  @Test
  void catCountHealthAndAliasesParseInTheClient() throws Exception {
    client.index(r -> r.index("cat-a").id("1").document(Map.of("n", 1)));
    client.index(r -> r.index("cat-a").id("2").document(Map.of("n", 2)).refresh(Refresh.True));
    client
        .indices()
        .updateAliases(
            u ->
                u.actions(
                        a ->
                            a.add(
                                x ->
                                    x.index("cat-a")
                                        .alias("cat-one")
                                        .filter(
                                            f ->
                                                f.term(
                                                    t -> t.field("n").value(v -> v.longValue(1))))
                                        .isWriteIndex(true)))
                    .actions(a -> a.add(x -> x.index("cat-a").alias("cat-all").routing("r1"))));

    assertThat(client.cat().count(c -> c.index("cat-a")).valueBody())
        .singleElement()
        .satisfies(row -> assertThat(row.count()).isEqualTo("2"));
    // Through the filtered alias only the matching document is counted.
    assertThat(client.cat().count(c -> c.index("cat-one")).valueBody().get(0).count())
        .isEqualTo("1");

    HealthRecord health = client.cat().health().valueBody().get(0);
    assertThat(health.status()).isIn("green", "yellow");
    assertThat(health.nodeTotal()).isEqualTo("1");
    assertThat(health.epoch()).isPositive();

    List<AliasesRecord> aliases = client.cat().aliases(a -> a.name("cat-*")).valueBody();
    assertThat(aliases)
        .extracting(AliasesRecord::alias, AliasesRecord::filter, AliasesRecord::isWriteIndex)
        .containsExactly(tuple("cat-all", "-", "-"), tuple("cat-one", "*", "true"));
    assertThat(aliases.get(0).routingIndex()).isEqualTo("r1");
    assertThat(aliases.get(0).routingSearch()).isEqualTo("r1");
  }
}
