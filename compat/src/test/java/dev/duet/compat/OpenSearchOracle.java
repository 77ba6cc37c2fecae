package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.duet.compat.CompatCase.RestRequest;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Real OpenSearch, the suite's oracle: 3.8.0 for most cases ({@link #ensureRunning}; ports from
 * {@code -Dcompat.opensearch.http}/{@code .grpc}, default 9201/9401), and 3.5.0 with the k-NN
 * plugin for the k-NN cases ({@link #ensureKnn}; {@code -Dcompat.knn.http}/{@code .grpc}, default
 * 9202/9402), since the 3.8.0 zip has no k-NN plugin. Each is used where it already runs (as {@code
 * .ci/run} starts them), else started with {@code build/opensearch.sh} and stopped again when the
 * suite ends.
 */
final class OpenSearchOracle implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(OpenSearchOracle.class);
  private static final String VERSION = "3.8.0";
  private static final String KNN_VERSION = "3.5.0";
  private static final String KNN_PLUGIN = "org.opensearch.plugin:opensearch-knn:3.5.0.0:zip";

  private final CompatNode node;
  private final Path script;
  private final boolean startedHere;
  private final String version;

  private OpenSearchOracle(CompatNode node, Path script, boolean startedHere, String version) {
    this.node = node;
    this.script = script;
    this.startedHere = startedHere;
    this.version = version;
  }

  static OpenSearchOracle ensureRunning() throws IOException, InterruptedException {
    return ensure(
        VERSION,
        Integer.getInteger("compat.opensearch.http", 9201),
        Integer.getInteger("compat.opensearch.grpc", 9401));
  }

  /** OpenSearch 3.5.0 with the k-NN plugin (Lucene engine), the oracle for k-NN cases. */
  static OpenSearchOracle ensureKnn() throws IOException, InterruptedException {
    return ensure(
        KNN_VERSION,
        Integer.getInteger("compat.knn.http", 9202),
        Integer.getInteger("compat.knn.grpc", 9402),
        "--plugin",
        KNN_PLUGIN);
  }

  private static OpenSearchOracle ensure(String version, int http, int grpc, String... extra)
      throws IOException, InterruptedException {
    CompatNode node = CompatNode.local("OpenSearch", http, grpc);
    Path script = repoRoot().resolve("build/opensearch.sh");
    OpenSearchOracle oracle;
    if (listening(http) && listening(grpc)) {
      log.info("using the OpenSearch already running on http {} grpc {}", http, grpc);
      oracle = new OpenSearchOracle(node, script, false, version);
    } else {
      log.info("starting OpenSearch {} with {}", version, script);
      List<String> args =
          new ArrayList<>(
              List.of(
                  "start",
                  "--version",
                  version,
                  "--http-port",
                  Integer.toString(http),
                  "--grpc-port",
                  Integer.toString(grpc)));
      args.addAll(List.of(extra));
      run(script, args.toArray(String[]::new));
      oracle = new OpenSearchOracle(node, script, true, version);
    }
    oracle.checkVersion();
    return oracle;
  }

  /** Another version on the ports (a k-NN oracle, say) would make every comparison meaningless. */
  private void checkVersion() throws IOException, InterruptedException {
    JsonNode root = new RestCaller(node.rest()).call(new RestRequest("GET", "/", null, null));
    String number = root.at("/body/version/number").asText();
    if (!version.equals(number)) {
      close();
      throw new IllegalStateException(
          "the oracle on "
              + node.rest()
              + " is "
              + root.at("/body/version")
              + " (expected: "
              + version
              + ")");
    }
  }

  CompatNode node() {
    return node;
  }

  @Override
  public void close() throws IOException, InterruptedException {
    if (startedHere) {
      run(
          script,
          "stop",
          "--version",
          version,
          "--http-port",
          Integer.toString(node.rest().getPort()),
          "--grpc-port",
          Integer.toString(node.grpcPort()));
    }
  }

  private static void run(Path script, String... args) throws IOException, InterruptedException {
    String[] command = new String[args.length + 1];
    command[0] = script.toString();
    System.arraycopy(args, 0, command, 1, args.length);
    Path output = Files.createTempFile("opensearch-sh", ".log");
    Process process =
        new ProcessBuilder(command)
            .directory(script.getParent().getParent().toFile())
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
      process.destroy();
      throw new IllegalStateException(
          "build/opensearch.sh "
              + String.join(" ", args)
              + " failed:\n"
              + Files.readString(output));
    }
    log.info("{}", Files.readString(output).strip());
    Files.deleteIfExists(output);
  }

  private static boolean listening(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The repository root: surefire runs in {@code compat/}, IDEs sometimes in the root. */
  private static Path repoRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("build/opensearch.sh"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException(
          "build/opensearch.sh not found above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
