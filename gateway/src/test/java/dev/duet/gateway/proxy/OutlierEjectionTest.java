package dev.duet.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.server.Server;
import dev.duet.gateway.Gateway;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node that passes its health check but answers every call with 503 — health checks cannot see it
 * (the next one is an hour away here) — leaves the rotation after five failures in a row.
 */
class OutlierEjectionTest {
  private static final String KEY = "outlier-key-0123456789";

  @Test
  void aNodeFailingEveryCallLeavesTheRotation() throws Exception {
    Server good = node(false);
    Server sick = node(true);
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
                  - {name: t, api_keys: ["%s"], indices: ["*"], actions: [search]}
                """
                    .formatted(
                        good.activeLocalPort(),
                        good.activeLocalPort(),
                        sick.activeLocalPort(),
                        sick.activeLocalPort(),
                        ApiKeys.hash(KEY)),
                null));
    try {
      HttpClient client = HttpClient.newHttpClient();
      List<Integer> statuses = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        statuses.add(
            client
                .send(
                    HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + gateway.restPort() + "/x/_search"))
                        .header("authorization", "ApiKey " + KEY)
                        .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString())
                .statusCode());
      }
      long failures = statuses.stream().filter(s -> s == 503).count();
      // Five in a row eject it; a sixth may slip in while the fifth's outcome is being recorded.
      assertThat(failures).as(statuses.toString()).isBetween(5L, 6L);
      assertThat(statuses.subList(20, 30)).containsOnly(200);
      String metrics =
          client
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + gateway.adminPort() + "/metrics"))
                      .build(),
                  java.net.http.HttpResponse.BodyHandlers.ofString())
              .body();
      assertThat(metrics)
          .contains("duet_gateway_upstream_ejected_endpoints{upstream=\"pair\"} 1.0")
          .contains("duet_gateway_upstream_healthy_nodes{upstream=\"pair\"} 2.0");
    } finally {
      gateway.close();
      good.stop().join();
      sick.stop().join();
    }
  }

  /** A node whose health check ({@code GET /}) passes; a sick one fails every other call. */
  private static Server node(boolean sick) {
    Server server =
        Server.builder()
            .http(0)
            .requestTimeout(Duration.ZERO)
            .serviceUnder(
                "/",
                (ctx, req) ->
                    sick && !ctx.path().equals("/")
                        ? HttpResponse.of(HttpStatus.SERVICE_UNAVAILABLE)
                        : HttpResponse.of(MediaType.JSON_UTF_8, "{}"))
            .build();
    server.start().join();
    return server;
  }
}
