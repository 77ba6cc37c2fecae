package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeConfigTest {
  @TempDir Path dir;

  @Test
  void defaultsAreOpenSearchs() {
    NodeConfig c = NodeConfig.defaults(dir);
    assertThat(c.host()).isEqualTo("127.0.0.1");
    assertThat(c.httpPort()).isEqualTo(9200);
    assertThat(c.grpcPort()).isEqualTo(9400);
    assertThat(c.maxHttpContentLength()).isEqualTo(100L * 1024 * 1024);
    assertThat(c.maxGrpcMessageSize()).isEqualTo(10 * 1024 * 1024);
  }

  @Test
  void aYamlFileWithNestedAndDottedKeys() throws Exception {
    Path file = dir.resolve("duet.yml");
    Files.writeString(
        file,
        """
        # a comment
        path.data: /var/lib/duet
        http:
          port: 9201
          max_content_length: 10mb
        aux.transport.transport-grpc.port: 9401
        grpc.netty.max_msg_size: "4mb"
        cluster.name: 'test-cluster'
        """,
        StandardCharsets.UTF_8);
    NodeConfig c = NodeConfig.defaults(dir).withSettings(NodeSettingsFile.read(file));
    assertThat(c.dataDir()).isEqualTo(Path.of("/var/lib/duet"));
    assertThat(c.httpPort()).isEqualTo(9201);
    assertThat(c.grpcPort()).isEqualTo(9401);
    assertThat(c.maxHttpContentLength()).isEqualTo(10L * 1024 * 1024);
    assertThat(c.maxGrpcMessageSize()).isEqualTo(4 * 1024 * 1024);
    assertThat(c.clusterName()).isEqualTo("test-cluster");
  }

  @Test
  void aPropertiesFile() throws Exception {
    Path file = dir.resolve("duet.properties");
    Files.writeString(file, "http.port=9300\nnode.name=n1\n", StandardCharsets.UTF_8);
    NodeConfig c = NodeConfig.defaults(dir).withSettings(NodeSettingsFile.read(file));
    assertThat(c.httpPort()).isEqualTo(9300);
    assertThat(c.nodeName()).isEqualTo("n1");
  }

  @Test
  void searchMaxBucketsIsANodeSetting() {
    assertThat(NodeConfig.defaults(dir).maxBuckets()).isEqualTo(65_535);
    NodeConfig c =
        NodeConfig.defaults(dir).withSettings(java.util.Map.of("search.max_buckets", "100"));
    assertThat(c.maxBuckets()).isEqualTo(100);
    assertThatThrownBy(
            () ->
                NodeConfig.defaults(dir).withSettings(java.util.Map.of("search.max_buckets", "-1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("search.max_buckets");
  }

  @Test
  void unknownKeysAndBadValuesAreRefused() throws Exception {
    Path file = dir.resolve("bad.yml");
    Files.writeString(file, "http.prot: 1\n", StandardCharsets.UTF_8);
    assertThatThrownBy(() -> NodeConfig.defaults(dir).withSettings(NodeSettingsFile.read(file)))
        .hasMessageStartingWith("unknown setting [http.prot]");
    assertThatThrownBy(() -> NodeConfig.defaults(dir).withHttpPort(70000))
        .hasMessage("http.port: 70000 (expected: 0-65535)");
  }
}
