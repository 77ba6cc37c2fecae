package dev.duet.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Two Duet nodes behind one upstream cluster: requests are balanced over both, and when one is
 * stopped in the middle of a write load, over REST or over gRPC, the traffic moves to the other.
 * Every write the gateway acknowledged is on one of the nodes; every write it reported failed is on
 * neither.
 */
class UpstreamFailoverTest {
  private static final String KEY = "failover-key-0123456789";

  @TempDir Path dir;

  /** One write through the gateway: whether it was acknowledged; a refusal is checked here. */
  private interface Write {
    boolean acknowledged(Gateway gateway, ManagedChannel channel, String id, int n);
  }

  @Test
  void aStoppedNodeLeavesTheRotationAndNoRestWriteIsMisreported() throws Exception {
    stopANodeUnderWrites(
        (gateway, channel, id, n) -> {
          HttpResponse<String> r =
              HttpCalls.call(
                  gateway.restPort(),
                  "POST",
                  "/_bulk",
                  Credentials.apiKey(KEY),
                  "{\"index\":{\"_index\":\"f-docs\",\"_id\":\""
                      + id
                      + "\"}}\n{\"n\":"
                      + n
                      + "}\n");
          if (r.statusCode() == 200 && !HttpCalls.json(r).get("errors").asBoolean()) {
            return true;
          }
          assertThat(r.statusCode()).as(r.body()).isIn(502, 503);
          return false;
        });
  }

  @Test
  void aStoppedNodeLeavesTheRotationAndNoGrpcWriteIsMisreported() throws Exception {
    stopANodeUnderWrites(
        (gateway, channel, id, n) -> {
          BulkRequest bulk =
              BulkRequest.newBuilder()
                  .addBulkRequestBody(GatewayDuetTest.item("f-docs", id, "{\"n\":" + n + "}"))
                  .build();
          try {
            BulkResponse r =
                GrpcClients.as(
                        DocumentServiceGrpc.newBlockingStub(channel), Credentials.apiKey(KEY))
                    .bulk(bulk);
            return !r.getErrors();
          } catch (StatusRuntimeException e) {
            assertThat(e.getStatus().getCode())
                .as(e.getStatus().toString())
                .isIn(Status.Code.UNAVAILABLE);
            return false;
          }
        });
  }

  private void stopANodeUnderWrites(Write write) throws Exception {
    DuetNode first = DuetNode.start(NodeConfig.ephemeral(dir.resolve("n1")));
    DuetNode second = DuetNode.start(NodeConfig.ephemeral(dir.resolve("n2")));
    Gateway gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: pair
                    health_check_interval: 200ms
                    nodes:
                      - {rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}
                      - {rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}
                tenants:
                  - {name: t, api_keys: ["%s"], indices: ["f-*"], actions: [search, write, admin]}
                """
                    .formatted(
                        first.httpPort(),
                        first.grpcPort(),
                        second.httpPort(),
                        second.grpcPort(),
                        ApiKeys.hash(KEY)),
                null));
    ManagedChannel channel = GrpcClients.channel(gateway.grpcPort());
    String auth = Credentials.apiKey(KEY);
    try {
      // Balanced: GET / answers with each node's own cluster uuid.
      Set<String> uuids = new HashSet<>();
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> r = HttpCalls.call(gateway.restPort(), "GET", "/", auth, null);
        assertThat(r.statusCode()).isEqualTo(200);
        uuids.add(HttpCalls.json(r).get("cluster_uuid").asText());
      }
      assertThat(uuids).hasSize(2);

      List<String> acknowledged = new ArrayList<>();
      List<String> failed = new ArrayList<>();
      Thread stopper = null;
      for (int i = 0; i < 80; i++) {
        String id = "doc" + i;
        if (write.acknowledged(gateway, channel, id, i)) {
          acknowledged.add(id);
        } else {
          failed.add(id);
        }
        if (i == 20) {
          stopper = Thread.ofPlatform().name("stop-second-node").start(second::close);
        }
        Thread.sleep(20);
      }
      stopper.join();
      // After the health check noticed, everything goes to the node left: the last 20 all pass.
      for (int i = 60; i < 80; i++) {
        assertThat(acknowledged).contains("doc" + i);
      }
      String metrics = HttpCalls.metrics(gateway.adminPort());
      assertThat(
              HttpCalls.metricValue(
                  metrics, "duet_gateway_upstream_healthy_nodes", "upstream=\"pair\""))
          .isEqualTo(1.0);
      var health = GrpcClients.as(HealthGrpc.newBlockingStub(channel), auth);
      for (int i = 0; i < 6; i++) {
        assertThat(health.check(HealthCheckRequest.getDefaultInstance()).getStatus())
            .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
      }

      // Where did the writes go? Reopen the stopped node's data and look on both.
      try (DuetNode reopened = DuetNode.start(NodeConfig.ephemeral(dir.resolve("n2")))) {
        for (String id : acknowledged) {
          assertThat(exists(first, id) || exists(reopened, id)).as("acknowledged " + id).isTrue();
        }
        for (String id : failed) {
          assertThat(exists(first, id) || exists(reopened, id)).as("failed " + id).isFalse();
        }
      }
    } finally {
      GrpcClients.close(channel);
      gateway.close();
      first.close();
      second.close();
    }
  }

  /**
   * A node gone between two health checks (an hour apart here) is still in the rotation: the calls
   * it refuses were never received, so they go to the other node and none fails.
   */
  @Test
  void aCallNoNodeReceivedGoesToAnotherNode() throws Exception {
    DuetNode first = DuetNode.start(NodeConfig.ephemeral(dir.resolve("n1")));
    DuetNode second = DuetNode.start(NodeConfig.ephemeral(dir.resolve("n2")));
    Gateway gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen: {rest_port: 0, grpc_port: 0, admin_port: 0}
                clusters:
                  - name: pair
                    health_check_interval: 60m
                    nodes:
                      - {rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}
                      - {rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}
                tenants:
                  - {name: t, api_keys: ["%s"], indices: ["f-*"], actions: [search, write, admin]}
                """
                    .formatted(
                        first.httpPort(),
                        first.grpcPort(),
                        second.httpPort(),
                        second.grpcPort(),
                        ApiKeys.hash(KEY)),
                null));
    ManagedChannel channel = GrpcClients.channel(gateway.grpcPort());
    String auth = Credentials.apiKey(KEY);
    try {
      assertThat(
              HttpCalls.call(first.httpPort(), "PUT", "/f-kept/_doc/1?refresh=true", null, "{}")
                  .statusCode())
          .isEqualTo(201);
      second.close();
      // REST calls and peeked gRPC calls are held whole and sent again by the gateway itself;
      // streamed ones (the health check) by Armeria's RetryingClient.
      var health = GrpcClients.as(HealthGrpc.newBlockingStub(channel), auth);
      var search = GrpcClients.as(SearchServiceGrpc.newBlockingStub(channel), auth);
      for (int i = 0; i < 6; i++) {
        assertThat(HttpCalls.call(gateway.restPort(), "GET", "/", auth, null).statusCode())
            .isEqualTo(200);
        assertThat(health.check(HealthCheckRequest.getDefaultInstance()).getStatus())
            .isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
        assertThat(
                search
                    .search(SearchRequest.newBuilder().addIndex("f-kept").build())
                    .getHits()
                    .getHitsCount())
            .isEqualTo(1);
      }
      String metrics = HttpCalls.metrics(gateway.adminPort());
      assertThat(
              HttpCalls.metricValue(
                  metrics, "duet_gateway_upstream_healthy_nodes", "upstream=\"pair\""))
          .as("the health check has not noticed yet")
          .isEqualTo(2.0);
    } finally {
      GrpcClients.close(channel);
      gateway.close();
      first.close();
    }
  }

  private static boolean exists(DuetNode node, String id) {
    HttpResponse<String> r =
        HttpCalls.call(node.httpPort(), "GET", "/f-docs/_doc/" + id, null, null);
    return r.statusCode() == 200;
  }
}
