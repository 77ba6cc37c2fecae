package dev.duet.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * TLS on both listeners, and client certificates as identities (mTLS): a caller whose verified
 * certificate subject a tenant lists is that tenant, over REST and gRPC; without one it needs a
 * key; the grants are the same whichever way it proved who it is. Certificates come from the JDK's
 * keytool.
 */
class TlsListenersTest {
  private static final String PASSWORD = "changeit";
  private static final String KEY = "tls-test-key-0123456789";

  @TempDir static Path dir;
  static DuetNode node;
  static Gateway gateway;
  static KeyManagerFactory clientKeys;
  static TrustManagerFactory trustGateway;

  @BeforeAll
  static void start() throws Exception {
    keytool(
        "-genkeypair",
        "-alias",
        "server",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=ip:127.0.0.1,dns:localhost",
        "-keystore",
        "server.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);
    keytool(
        "-genkeypair",
        "-alias",
        "client",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-dname",
        "CN=tenant-a,O=duet",
        "-keystore",
        "client.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);
    keytool(
        "-exportcert",
        "-alias",
        "client",
        "-keystore",
        "client.p12",
        "-storepass",
        PASSWORD,
        "-rfc",
        "-file",
        "client.crt");
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "client",
        "-file",
        "client.crt",
        "-keystore",
        "client-cas.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);
    keytool(
        "-exportcert",
        "-alias",
        "server",
        "-keystore",
        "server.p12",
        "-storepass",
        PASSWORD,
        "-rfc",
        "-file",
        "server.crt");
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "server",
        "-file",
        "server.crt",
        "-keystore",
        "trust-gateway.p12",
        "-storetype",
        "PKCS12",
        "-storepass",
        PASSWORD);

    node = DuetNode.start(NodeConfig.ephemeral(dir.resolve("data")));
    for (String index : List.of("a-t", "b-t")) {
      HttpCalls.call(node.httpPort(), "PUT", "/" + index, null, null);
    }
    gateway =
        Gateway.start(
            GatewayConfigFile.parse(
                """
                listen:
                  rest_port: 0
                  grpc_port: 0
                  admin_port: 0
                  tls:
                    keystore: server.p12
                    keystore_password: %s
                    truststore: client-cas.p12
                    truststore_password: %s
                    client_auth: optional
                clusters:
                  - name: duet
                    nodes: [{rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}]
                tenants:
                  - name: a
                    client_cert_subjects: ["CN=tenant-a, O=duet"]
                    api_keys: ["%s"]
                    indices: ["a-*"]
                    actions: [search]
                """
                    .formatted(
                        PASSWORD, PASSWORD, node.httpPort(), node.grpcPort(), ApiKeys.hash(KEY)),
                dir));
    clientKeys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    clientKeys.init(load("client.p12"), PASSWORD.toCharArray());
    trustGateway = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trustGateway.init(load("trust-gateway.p12"));
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void restCallersAreKnownByTheirCertificateOrTheirKey() throws Exception {
    HttpClient withCert = https(true);
    HttpClient withoutCert = https(false);
    assertThat(get(withCert, "/a-t/_search", null).statusCode()).isEqualTo(200);
    assertThat(get(withCert, "/b-t/_search", null).statusCode()).isEqualTo(403);
    assertThat(get(withoutCert, "/a-t/_search", null).statusCode()).isEqualTo(401);
    assertThat(get(withoutCert, "/a-t/_search", "ApiKey " + KEY).statusCode()).isEqualTo(200);
  }

  @Test
  void grpcCallersAreKnownByTheirCertificate() throws Exception {
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", gateway.grpcPort())
            .sslContext(
                GrpcSslContexts.forClient()
                    .keyManager(clientKeys)
                    .trustManager(trustGateway)
                    .build())
            .build();
    try {
      var search = SearchServiceGrpc.newBlockingStub(channel);
      assertThat(search.search(SearchRequest.newBuilder().addIndex("a-t").build()).hasHits())
          .isTrue();
      try {
        search.search(SearchRequest.newBuilder().addIndex("b-t").build());
        throw new AssertionError("b-t is not tenant a's");
      } catch (StatusRuntimeException e) {
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED);
      }
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private static HttpResponse<String> get(HttpClient client, String path, String authorization)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + gateway.restPort() + path));
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpClient https(boolean presentCertificate) throws Exception {
    SSLContext ssl = SSLContext.getInstance("TLS");
    ssl.init(
        presentCertificate ? clientKeys.getKeyManagers() : null,
        trustGateway.getTrustManagers(),
        null);
    return HttpClient.newBuilder().sslContext(ssl).version(HttpClient.Version.HTTP_1_1).build();
  }

  private static KeyStore load(String file) throws Exception {
    try (InputStream in = Files.newInputStream(dir.resolve(file))) {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(in, PASSWORD.toCharArray());
      return store;
    }
  }

  private static void keytool(String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    System.arraycopy(args, 0, command, 1, args.length);
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("keytool " + String.join(" ", args) + ":\n" + output);
    }
  }
}
