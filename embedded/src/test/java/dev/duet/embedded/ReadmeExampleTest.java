package dev.duet.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.Test;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/** The README's "Duet in your tests" example, as written there, run by the build. */
@DuetTest(wipeBetweenTests = true)
class ReadmeExampleTest {
  @Test
  void findsWhatItIndexed(EmbeddedDuet duet) throws Exception {
    var rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(HttpHost.create(duet.restUrl()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    ManagedChannel grpc = ManagedChannelBuilder.forTarget(duet.grpcTarget()).usePlaintext().build();
    rest.index(
        i -> i.index("books").id("1").document(Map.of("title", "Dune")).refresh(Refresh.True));
    assertThat(rest.count(c -> c.index("books")).count()).isEqualTo(1);

    // Beyond the README: the channel reaches the node, and the clients are released.
    assertThat(
            HealthGrpc.newBlockingStub(grpc)
                .check(HealthCheckRequest.getDefaultInstance())
                .getStatus())
        .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    grpc.shutdownNow();
    rest._transport().close();
  }

  @Test
  void eachTestStartsOnAnEmptyNode(EmbeddedDuet duet) throws Exception {
    try (Clients clients = new Clients(duet)) {
      assertThat(clients.rest.indices().exists(e -> e.index("books")).value()).isFalse();
      clients.bulk("books", "{\"title\":\"Dune\"}");
    }
  }
}
