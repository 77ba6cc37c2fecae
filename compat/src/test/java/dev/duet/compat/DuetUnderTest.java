package dev.duet.compat;

import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The Duet node the suite checks: by default a {@link DuetNode} started in-process on free ports
 * with a fresh data directory; with {@code -Dcompat.duet.http=URL -Dcompat.duet.grpc=PORT} an
 * already running node instead (e.g. {@code ./duet serve}, or OpenSearch itself to check the
 * suite).
 */
final class DuetUnderTest implements AutoCloseable {
  private final CompatNode node;
  private final DuetNode embedded;
  private final Path dataDir;

  private DuetUnderTest(CompatNode node, DuetNode embedded, Path dataDir) {
    this.node = node;
    this.embedded = embedded;
    this.dataDir = dataDir;
  }

  static DuetUnderTest start() throws IOException {
    String http = System.getProperty("compat.duet.http");
    if (http != null && !http.isBlank()) {
      URI uri = URI.create(http.endsWith("/") ? http : http + "/");
      int grpc = Integer.getInteger("compat.duet.grpc", 9400);
      return new DuetUnderTest(new CompatNode("Duet", uri, uri.getHost(), grpc), null, null);
    }
    Path dataDir = Files.createTempDirectory("duet-compat");
    DuetNode node = DuetNode.start(NodeConfig.ephemeral(dataDir));
    return new DuetUnderTest(
        CompatNode.local("Duet", node.httpPort(), node.grpcPort()), node, dataDir);
  }

  CompatNode node() {
    return node;
  }

  @Override
  public void close() throws IOException {
    if (embedded == null) {
      return;
    }
    embedded.close();
    deleteRecursively(dataDir);
  }

  private static void deleteRecursively(Path dir) throws IOException {
    Files.walkFileTree(
        dir,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
            if (e != null) {
              throw new UncheckedIOException(e);
            }
            Files.delete(d);
            return FileVisitResult.CONTINUE;
          }
        });
  }
}
