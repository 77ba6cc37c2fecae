package dev.duet.server.cli;

import dev.duet.common.SuppressForbidden;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import dev.duet.server.NodeSettingsFile;
import dev.duet.server.rest.DuetVersion;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duet serve}: starts a node and runs until SIGTERM or Ctrl-C, then stops it cleanly (the
 * engine commits). Settings come from defaults, then the config file, then these options.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Start a Duet node: OpenSearch REST on the HTTP port, OpenSearch gRPC on the gRPC port.",
      "Stops cleanly on SIGTERM or Ctrl-C; data is committed and survives a restart."
    })
final class ServeCommand implements Callable<Integer> {
  @Option(
      names = "--data",
      paramLabel = "DIR",
      description =
          "Data directory (indices live here). Default: ./data, or path.data from --config.")
  Path data;

  @Option(
      names = "--http-port",
      paramLabel = "PORT",
      description = "REST port (http.port). Default: 9200; 0 picks a free port.")
  Integer httpPort;

  @Option(
      names = "--grpc-port",
      paramLabel = "PORT",
      description =
          "gRPC port (aux.transport.transport-grpc.port). Default: 9400; 0 picks a free port.")
  Integer grpcPort;

  @Option(
      names = "--host",
      paramLabel = "ADDRESS",
      description = "Address both listeners bind to (network.host). Default: 127.0.0.1.")
  String host;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description =
          "Settings file, YAML (opensearch.yml style) or .properties, with OpenSearch's keys:"
              + " path.data, network.host, http.port, aux.transport.transport-grpc.port,"
              + " http.max_content_length (default 100mb), grpc.netty.max_msg_size (default"
              + " 10mb), cluster.name, node.name. Command-line options win over the file.")
  Path config;

  @Option(
      names = "-E",
      paramLabel = "KEY=VALUE",
      description =
          "A setting, as in the config file and as OpenSearch's -E (e.g. -E path.repo=/backups);"
              + " repeatable. Wins over the file; the options above win over it.")
  java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();

  @Override
  @SuppressForbidden(reason = "command-line entry point tells the user where it listens")
  public Integer call() throws Exception {
    NodeConfig cfg = NodeConfig.defaults(Path.of("data"));
    if (config != null) {
      cfg = cfg.withSettings(NodeSettingsFile.read(config));
    }
    if (!settings.isEmpty()) {
      cfg = cfg.withSettings(settings);
    }
    if (data != null) {
      cfg = cfg.withDataDir(data);
    }
    if (httpPort != null) {
      cfg = cfg.withHttpPort(httpPort);
    }
    if (grpcPort != null) {
      cfg = cfg.withGrpcPort(grpcPort);
    }
    if (host != null) {
      cfg = cfg.withHost(host);
    }
    DuetNode node = DuetNode.start(cfg);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .name("duet-shutdown")
                .unstarted(
                    () -> {
                      node.close();
                      stopped.countDown();
                    }));
    System.out.printf(
        "Duet %s REST on http://%s:%d, gRPC on %s:%d (data: %s)%n",
        DuetVersion.DUET,
        cfg.host(),
        node.httpPort(),
        cfg.host(),
        node.grpcPort(),
        cfg.dataDir().toAbsolutePath().normalize());
    System.out.flush();
    stopped.await();
    return 0;
  }
}
