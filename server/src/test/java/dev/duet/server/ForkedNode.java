package dev.duet.server;

import dev.duet.common.SuppressForbidden;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * A node in a JVM of its own, for tests that need its heap bounded ({@code -Xmx}): serves on free
 * ports, prints {@code ports <http> <grpc>} on stdout, and stops when its stdin closes.
 */
public final class ForkedNode {
  private ForkedNode() {}

  @SuppressForbidden(reason = "the parent test reads the ports from stdout")
  public static void main(String[] args) throws IOException {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(Path.of(args[0])))) {
      System.out.println("ports " + node.httpPort() + " " + node.grpcPort());
      System.out.flush();
      InputStream in = System.in;
      while (in.read() >= 0) {
        // until the parent closes our stdin
      }
    }
  }
}
