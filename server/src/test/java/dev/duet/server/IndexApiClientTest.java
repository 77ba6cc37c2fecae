package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engines;
import java.nio.file.Path;
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
import org.opensearch.client.opensearch.core.GetSourceResponse;
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
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
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
}
