package dev.duet.compat;

import java.net.URI;

/**
 * A node the suite talks to: where its REST and gRPC listeners are.
 *
 * @param name {@code OpenSearch} or {@code Duet}, as shown in diffs
 */
record CompatNode(String name, URI rest, String grpcHost, int grpcPort) {

  static CompatNode local(String name, int httpPort, int grpcPort) {
    return new CompatNode(
        name, URI.create("http://127.0.0.1:" + httpPort + "/"), "127.0.0.1", grpcPort);
  }
}
