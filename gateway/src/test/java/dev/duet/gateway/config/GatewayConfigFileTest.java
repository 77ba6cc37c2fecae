package dev.duet.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.gateway.config.GatewayConfig.Action;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GatewayConfigFileTest {
  @Test
  void theExampleConfigReads() throws Exception {
    GatewayConfig config = GatewayConfigFile.read(Path.of("gateway.example.yaml"));
    assertThat(config.listen().restPort()).isEqualTo(9280);
    assertThat(config.limits().maxBodyBytes()).isEqualTo(10L * 1024 * 1024);
    assertThat(config.clusters().get(0).healthCheckInterval()).isEqualTo(Duration.ofSeconds(2));
    GatewayConfig.Tenant tenant = config.tenants().get(0);
    assertThat(tenant.actions())
        .containsExactlyInAnyOrder(Action.SEARCH, Action.WRITE, Action.ADMIN);
    assertThat(tenant.apiKeys()).containsExactly(dev.duet.gateway.security.ApiKeys.hash("test"));
    assertThat(tenant.rateLimit().burstBytes()).isEqualTo(100L * 1024 * 1024);
    assertThat(config.routes().get(0).cluster()).isEqualTo("duet");
    assertThat(config.slowLogThreshold()).isEqualTo(Duration.ofSeconds(1));
    assertThat(config.accessLog()).isEqualTo("stdout");
  }

  @Test
  void theAccessLogGoesToStdoutUnlessToldAndAFileIsRelativeToTheConfig() throws Exception {
    String cluster =
        "clusters: [{name: c, nodes: [{rest: \"127.0.0.1:9200\", grpc: \"127.0.0.1:9400\"}]}]\n";
    Path dir = Path.of("/etc/duet");
    assertThat(GatewayConfigFile.parse(cluster, dir).accessLog()).isEqualTo("stdout");
    assertThat(GatewayConfigFile.parse(cluster + "access_log: off", dir).accessLog())
        .isEqualTo("off");
    assertThat(GatewayConfigFile.parse(cluster + "access_log: stderr", dir).accessLog())
        .isEqualTo("stderr");
    assertThat(GatewayConfigFile.parse(cluster + "access_log: logs/access.log", dir).accessLog())
        .isEqualTo("/etc/duet/logs/access.log");
    assertThatThrownBy(() -> GatewayConfigFile.parse(cluster + "access_log: \"\"", dir))
        .hasMessageContaining("access_log");
  }

  @Test
  void aMisspeltKeyIsAnErrorNotADefault() {
    assertThatThrownBy(
            () ->
                GatewayConfigFile.parse(
                    """
                    limits: {max_bulk_item: 5}
                    clusters: [{name: c, nodes: [{rest: "127.0.0.1:9200", grpc: "127.0.0.1:9400"}]}]
                    """,
                    null))
        .hasMessageContaining("unknown key [max_bulk_item]");
  }

  @Test
  void keysMustBeHashesAndRoutesMustNameDeclaredClusters() {
    assertThatThrownBy(
            () ->
                GatewayConfigFile.parse(
                    """
                    clusters: [{name: c, nodes: [{rest: "127.0.0.1:9200", grpc: "127.0.0.1:9400"}]}]
                    tenants: [{name: t, api_keys: ["plain-text-key"]}]
                    """,
                    null))
        .hasMessageContaining("SHA-256");
    assertThatThrownBy(
            () ->
                GatewayConfigFile.parse(
                    """
                    clusters: [{name: c, nodes: [{rest: "127.0.0.1:9200", grpc: "127.0.0.1:9400"}]}]
                    routes: [{cluster: elsewhere}]
                    """,
                    null))
        .hasMessageContaining("elsewhere");
  }

  @Test
  void aRateAboveWhatABucketRefillsAtIsAConfigErrorNamingTheSetting() {
    assertThatThrownBy(
            () ->
                GatewayConfigFile.parse(
                    """
                    clusters: [{name: c, nodes: [{rest: "127.0.0.1:9200", grpc: "127.0.0.1:9400"}]}]
                    tenants:
                      - name: t
                        api_keys: ["sha256:%s"]
                        rate_limit: {bytes_per_second: 2gb}
                    """
                        .formatted("0".repeat(64)),
                    null))
        .hasMessageContaining("rate_limit.bytes_per_second: 2147483648")
        .hasMessageContaining("1000000000 per second");
  }
}
