package dev.duet.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Time;
import org.opensearch.client.opensearch.cluster.PutClusterSettingsRequest;

/** The embedded API with the real clients: REST through opensearch-java, gRPC through the stubs. */
class EmbeddedDuetTest {

  @Test
  void startsOnFreePortsAndServesBothProtocols() throws Exception {
    try (EmbeddedDuet duet = EmbeddedDuet.start();
        Clients clients = new Clients(duet)) {
      assertThat(duet.httpPort()).isNotIn(0, 9200);
      assertThat(duet.grpcPort()).isNotIn(0, 9400, duet.httpPort());
      assertThat(duet.restUrl()).hasToString("http://127.0.0.1:" + duet.httpPort());
      assertThat(duet.grpcTarget()).isEqualTo("127.0.0.1:" + duet.grpcPort());

      assertThat(clients.rest.info().version().distribution()).isEqualTo("opensearch");
      assertThat(clients.bulk("books", "{\"title\":\"one\"}", "{\"title\":\"two\"}").getErrors())
          .isFalse();
      assertThat(clients.rest.count(c -> c.index("books")).count()).isEqualTo(2);
      assertThat(clients.idsOverGrpc("books")).containsExactlyInAnyOrder("d0", "d1");
    }
  }

  @Test
  void twoNodesRunSideBySideWithTheirOwnData() throws Exception {
    try (EmbeddedDuet a = EmbeddedDuet.start();
        EmbeddedDuet b = EmbeddedDuet.start();
        Clients onA = new Clients(a);
        Clients onB = new Clients(b)) {
      assertThat(b.httpPort()).isNotIn(a.httpPort(), a.grpcPort());
      assertThat(b.dataDir()).isNotEqualTo(a.dataDir());
      onA.bulk("only-on-a", "{\"n\":1}");
      assertThat(onA.rest.indices().exists(e -> e.index("only-on-a")).value()).isTrue();
      assertThat(onB.rest.indices().exists(e -> e.index("only-on-a")).value()).isFalse();
    }
  }

  @Test
  void closeStopsTheNodeAndDeletesItsTemporaryData() throws Exception {
    EmbeddedDuet duet = EmbeddedDuet.start();
    Path data = duet.dataDir();
    try (Clients clients = new Clients(duet)) {
      clients.bulk("books", "{\"title\":\"one\"}");
    }
    try (var files = Files.list(data)) {
      assertThat(files).isNotEmpty();
    }
    duet.close();
    assertThat(data).doesNotExist();
    assertThat(Clients.listening(duet.httpPort())).isFalse();
    assertThat(Clients.listening(duet.grpcPort())).isFalse();
    duet.close(); // idempotent
  }

  @Test
  void aDataFolderTheCallerNamesIsKeptAndReopened(@TempDir Path folder) throws Exception {
    Path data = folder.resolve("node");
    try (EmbeddedDuet duet = EmbeddedDuet.start(EmbeddedDuet.Options.defaults().dataDir(data));
        Clients clients = new Clients(duet)) {
      clients.bulk("books", "{\"title\":\"kept\"}");
    }
    assertThat(data).isDirectory();
    try (EmbeddedDuet again = EmbeddedDuet.start(EmbeddedDuet.Options.defaults().dataDir(data));
        Clients clients = new Clients(again)) {
      assertThat(clients.idsOverGrpc("books")).containsExactly("d0");
    }
  }

  @Test
  void settingsTakeOpenSearchKeysAndPortsCanBeFixed() throws Exception {
    int http = freePort();
    int grpc = freePort();
    var options =
        EmbeddedDuet.Options.defaults()
            .setting("cluster.name", "embedded-cluster")
            .setting("node.name", "embedded-node")
            .httpPort(http)
            .grpcPort(grpc);
    try (EmbeddedDuet duet = EmbeddedDuet.start(options);
        Clients clients = new Clients(duet)) {
      assertThat(duet.httpPort()).isEqualTo(http);
      assertThat(duet.grpcPort()).isEqualTo(grpc);
      var info = clients.rest.info();
      assertThat(info.clusterName()).isEqualTo("embedded-cluster");
      assertThat(info.name()).isEqualTo("embedded-node");
    }
  }

  @Test
  void anUnknownSettingIsRefusedByName() {
    assertThatThrownBy(
            () -> EmbeddedDuet.start(EmbeddedDuet.Options.defaults().setting("http.prot", "1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown setting [http.prot]");
  }

  @Test
  void aTakenFixedPortFailsTheStartAndLeavesNoData() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int before = tempNodes();
      assertThatThrownBy(
              () ->
                  EmbeddedDuet.start(
                      EmbeddedDuet.Options.defaults().httpPort(taken.getLocalPort())))
          .isInstanceOf(RuntimeException.class);
      assertThat(tempNodes()).isEqualTo(before);
    }
  }

  @Test
  void wipeLeavesAnEmptyNode() throws Exception {
    try (EmbeddedDuet duet = EmbeddedDuet.start();
        Clients clients = new Clients(duet)) {
      var rest = clients.rest;
      clients.bulk("books", "{\"title\":\"one\"}", "{\"title\":\"two\"}");
      rest.indices().putAlias(a -> a.index("books").name("library"));
      String scrollId =
          rest.search(
                  s -> s.index("books").scroll(Time.of(t -> t.time("1m"))).size(1), Object.class)
              .scrollId();
      rest.cluster()
          .putSettings(
              PutClusterSettingsRequest.of(
                  p -> p.persistent("search.max_buckets", JsonData.of(1000))));

      duet.wipe();

      assertThat(rest.indices().exists(e -> e.index("books")).value()).isFalse();
      assertThat(rest.indices().existsAlias(e -> e.name("library")).value()).isFalse();
      assertThatThrownBy(() -> rest.scroll(s -> s.scrollId(scrollId), Object.class))
          .isInstanceOfSatisfying(
              OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(404));
      assertThat(rest.cluster().getSettings().persistent()).isEmpty();
      // Still serving: an index of the same name starts empty.
      clients.bulk("books", "{\"title\":\"fresh\"}");
      assertThat(clients.idsOverGrpc("books")).containsExactly("d0");
    }
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  /** The embedded nodes' temporary folders now in the JVM's temporary directory. */
  private static int tempNodes() throws Exception {
    try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return (int)
          files.filter(p -> p.getFileName().toString().startsWith("duet-embedded-")).count();
    }
  }
}
