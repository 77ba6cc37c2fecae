package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
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
import org.opensearch.client.opensearch._types.mapping.Property;
import org.opensearch.client.opensearch._types.mapping.TypeMapping;
import org.opensearch.client.opensearch.cat.templates.TemplatesRecord;
import org.opensearch.client.opensearch.indices.CloseIndexResponse;
import org.opensearch.client.opensearch.indices.IndexSettings;
import org.opensearch.client.opensearch.indices.TemplateMapping;
import org.opensearch.client.opensearch.indices.add_block.IndicesBlockOptions;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Close and open, blocks and templates through opensearch-java over a real socket: what a log
 * shipper or an operator calls.
 */
class IndexAdminClientTest {
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
  void aClosedIndexRefusesSearchesWithIndexClosedExceptionAndOpensAgain() throws Exception {
    client.index(i -> i.index("closing").id("1").document(Map.of("f", 1)).refresh(Refresh.True));

    CloseIndexResponse closed = client.indices().close(c -> c.index("closing"));
    assertThat(closed.acknowledged()).isTrue();
    assertThat(closed.indices().get("closing").closed()).isTrue();
    assertThatThrownBy(() -> client.search(s -> s.index("closing"), Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().type()).isEqualTo("index_closed_exception");
            });
    assertThat(client.cat().indices(c -> c.index("closing")).valueBody().get(0).status())
        .isEqualTo("close");

    assertThat(client.indices().open(o -> o.index("closing")).acknowledged()).isTrue();
    assertThat(client.count(c -> c.index("closing")).count()).isEqualTo(1);
  }

  @Test
  void aWriteBlockRefusesWritesWithClusterBlockException() throws Exception {
    client.indices().create(c -> c.index("blocked"));
    var blocked =
        client.indices().addBlock(b -> b.index("blocked").block(IndicesBlockOptions.Write));
    assertThat(blocked.acknowledged()).isTrue();
    var item =
        client
            .bulk(
                b ->
                    b.operations(
                        o -> o.index(i -> i.index("blocked").id("1").document(Map.of("f", 1)))))
            .items()
            .get(0);
    assertThat(item.status()).isEqualTo(403);
    assertThat(item.error().type()).isEqualTo("cluster_block_exception");
    assertThat(item.error().reason())
        .isEqualTo("index [blocked] blocked by: [FORBIDDEN/8/index write (api)];");
  }

  @Test
  void aLegacyTemplateShapesTheIndexABulkCreates() throws Exception {
    client
        .indices()
        .putTemplate(
            t ->
                t.name("shipper")
                    .indexPatterns("shipped-*")
                    .order(1)
                    .settings(Map.of("number_of_shards", JsonData.of(2)))
                    .mappings(m -> m.properties("level", p -> p.keyword(k -> k))));
    Map<String, TemplateMapping> got =
        client.indices().getTemplate(g -> g.name("shipper")).result();
    assertThat(got.get("shipper").indexPatterns()).containsExactly("shipped-*");
    assertThat(got.get("shipper").order()).isEqualTo(1);

    client.bulk(
        b ->
            b.operations(
                o -> o.index(i -> i.index("shipped-1").id("1").document(Map.of("level", "WARN")))));
    TypeMapping mapping =
        client.indices().getMapping(m -> m.index("shipped-1")).get("shipped-1").mappings();
    assertThat(mapping.properties().get("level").isKeyword()).isTrue();
    IndexSettings settings =
        client.indices().getSettings(s -> s.index("shipped-1")).get("shipped-1").settings();
    assertThat(settings.index().numberOfShards()).isEqualTo(2);

    List<TemplatesRecord> cat = client.cat().templates(c -> c.name("ship*")).valueBody();
    assertThat(cat).extracting(TemplatesRecord::name).containsExactly("shipper");
    assertThat(client.indices().existsTemplate(e -> e.name("shipper")).value()).isTrue();
    client.indices().deleteTemplate(d -> d.name("shipper"));
    assertThat(client.indices().existsTemplate(e -> e.name("shipper")).value()).isFalse();
  }

  @Test
  void composableTemplatesComposeTheirComponentsAndSimulate() throws Exception {
    client
        .cluster()
        .putComponentTemplate(
            c ->
                c.name("base")
                    .template(
                        t ->
                            t.mappings(
                                m -> m.properties("host", Property.of(p -> p.keyword(k -> k))))));
    client
        .indices()
        .putIndexTemplate(
            t ->
                t.name("metrics")
                    .indexPatterns("metrics-*")
                    .priority(10)
                    .composedOf("base")
                    .template(
                        s ->
                            s.settings(x -> x.numberOfReplicas(0))
                                .mappings(m -> m.properties("value", p -> p.double_(d -> d)))));

    var simulated = client.indices().simulateIndexTemplate(s -> s.name("metrics-1"));
    assertThat(simulated.template().mappings().properties()).containsKeys("host", "value");

    client.indices().create(c -> c.index("metrics-1"));
    TypeMapping mapping =
        client.indices().getMapping(m -> m.index("metrics-1")).get("metrics-1").mappings();
    assertThat(mapping.properties()).containsKeys("host", "value");
    assertThat(
            client
                .indices()
                .getIndexTemplate(g -> g.name("metrics"))
                .indexTemplates()
                .get(0)
                .indexTemplate()
                .composedOf())
        .containsExactly("base");

    assertThatThrownBy(
            () ->
                client
                    .indices()
                    .putIndexTemplate(
                        t -> t.name("clash").indexPatterns("metrics-x*").priority(10)))
        .isInstanceOfSatisfying(
            OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(400));
  }
}
