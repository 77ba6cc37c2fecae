package dev.duet.gateway.cli;

import dev.duet.common.SuppressForbidden;
import dev.duet.gateway.Gateway;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code duet gateway --config gateway.yaml}: runs the gateway until SIGTERM or Ctrl-C. */
@Command(
    name = "gateway",
    mixinStandardHelpOptions = true,
    description = {
      "Run the Duet gateway in front of Duet and OpenSearch clusters:",
      "API keys and JWT, per-tenant grants and rate limits, and pass-through",
      "proxying of OpenSearch REST and gRPC. Tenants, keys, limits and routes",
      "are reloaded when the config file changes."
    })
public final class GatewayCli implements Callable<Integer> {
  @Option(
      names = "--config",
      paramLabel = "FILE",
      required = true,
      description = "The gateway's YAML config (see gateway/gateway.example.yaml).")
  Path config;

  @Option(
      names = "--reload-interval",
      paramLabel = "MILLIS",
      defaultValue = "1000",
      description = "How often the config file is checked for changes. Default: ${DEFAULT-VALUE}.")
  long reloadMillis;

  @Override
  @SuppressForbidden(reason = "command-line entry point tells the user where it listens")
  public Integer call() throws Exception {
    Gateway gateway = Gateway.start(config, Duration.ofMillis(reloadMillis));
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            Thread.ofPlatform()
                .name("gateway-shutdown")
                .unstarted(
                    () -> {
                      gateway.close();
                      stopped.countDown();
                    }));
    // On standard error: standard output is the access log's, JSON lines only.
    System.err.printf(
        "Duet gateway: REST on :%d, gRPC on :%d, metrics on http://127.0.0.1:%d/metrics%n",
        gateway.restPort(), gateway.grpcPort(), gateway.adminPort());
    stopped.await();
    return 0;
  }

  @SuppressForbidden(reason = "command-line entry point")
  public static void main(String[] args) {
    CommandLine cli = new CommandLine(new GatewayCli());
    cli.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          cmd.getErr().println("duet gateway: " + e.getMessage());
          return 1;
        });
    int code = cli.execute(args);
    if (code != 0) {
      System.exit(code);
    }
  }
}
