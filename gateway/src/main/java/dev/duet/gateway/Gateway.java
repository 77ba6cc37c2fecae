package dev.duet.gateway;

import static java.util.Objects.requireNonNull;

import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.server.Server;
import com.linecorp.armeria.server.ServerBuilder;
import com.linecorp.armeria.server.healthcheck.HealthCheckService;
import dev.duet.gateway.config.ConfigWatcher;
import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.observe.AccessLog;
import dev.duet.gateway.observe.GatewayMetrics;
import dev.duet.gateway.proxy.Admission;
import dev.duet.gateway.proxy.GrpcListener;
import dev.duet.gateway.proxy.RestListener;
import dev.duet.gateway.security.TlsStores;
import dev.duet.gateway.upstream.UpstreamCluster;
import dev.duet.gateway.upstream.Upstreams;
import io.netty.handler.codec.http2.Http2SecurityUtil;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SupportedCipherSuiteFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running gateway in front of the configured upstream clusters: the REST and gRPC proxies' own
 * listeners ({@link RestListener}, {@link GrpcListener}) and an Armeria server on the admin port
 * ({@code /metrics} for Prometheus, {@code /health}), all on Armeria's worker event loops. Started
 * from a config file it also watches that file and applies changes to tenants, keys, limits and
 * routes without a restart.
 */
public final class Gateway implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Gateway.class);

  private final Server server;
  private final RestListener rest;
  private final GrpcListener grpc;
  private final Upstreams upstreams;
  private final Admission admission;
  private final AccessLog accessLog;
  private final ConfigWatcher watcher;
  private final int restPort;
  private final int grpcPort;
  private final int adminPort;
  private final AtomicBoolean closed = new AtomicBoolean();

  private Gateway(
      Server server,
      RestListener rest,
      GrpcListener grpc,
      Upstreams upstreams,
      Admission admission,
      AccessLog accessLog,
      ConfigWatcher watcher,
      int restPort,
      int grpcPort,
      int adminPort) {
    this.server = server;
    this.rest = rest;
    this.grpc = grpc;
    this.upstreams = upstreams;
    this.admission = admission;
    this.accessLog = accessLog;
    this.watcher = watcher;
    this.restPort = restPort;
    this.grpcPort = grpcPort;
    this.adminPort = adminPort;
  }

  /** Starts from a config file, reloading it when it changes (checked every {@code reload}). */
  public static Gateway start(Path configFile, Duration reload) throws IOException {
    GatewayConfig config = GatewayConfigFile.read(configFile);
    Gateway gateway = start(config, configFile, reload);
    return gateway;
  }

  /** Starts with a fixed config (no reloading). */
  public static Gateway start(GatewayConfig config) {
    return start(config, null, null);
  }

  private static Gateway start(GatewayConfig config, Path configFile, Duration reload) {
    requireNonNull(config, "config");
    GatewayConfig.Listen listen = config.listen();
    int restPort = listen.restPort() == 0 ? freePort(listen.host()) : listen.restPort();
    int grpcPort = listen.grpcPort() == 0 ? freePort(listen.host()) : listen.grpcPort();
    int adminPort = listen.adminPort() == 0 ? freePort(listen.host()) : listen.adminPort();
    AccessLog accessLog = AccessLog.open(config.accessLog());
    Upstreams upstreams = new Upstreams(config);
    GatewayMetrics metrics = new GatewayMetrics(upstreams);
    Admission admission = new Admission(config, upstreams, metrics, accessLog);

    ServerBuilder sb = Server.builder();
    sb.http(new InetSocketAddress(listen.host(), adminPort));
    sb.gracefulShutdownTimeout(Duration.ofMillis(200), Duration.ofSeconds(10));
    sb.service(
            "/metrics",
            (ctx, req) ->
                HttpResponse.of(
                    MediaType.parse("text/plain; version=0.0.4; charset=utf-8"), metrics.scrape()))
        // 200 while serving, 503 from the moment shutdown begins: load balancers stop sending
        // new calls while the ones in flight drain.
        .service("/health", HealthCheckService.of());
    Server server = sb.build();
    RestListener rest = null;
    GrpcListener grpc;
    try {
      server.start().join();
      rest =
          new RestListener(
              new InetSocketAddress(listen.host(), restPort),
              listen.tls() == null ? null : tls(listen.tls(), ApplicationProtocolNames.HTTP_1_1),
              admission);
      grpc =
          new GrpcListener(
              new InetSocketAddress(listen.host(), grpcPort),
              listen.tls() == null ? null : tls(listen.tls(), ApplicationProtocolNames.HTTP_2),
              admission);
    } catch (RuntimeException e) {
      if (rest != null) {
        rest.close();
      }
      server.stop().join();
      upstreams.close();
      accessLog.close();
      throw e;
    }
    ConfigWatcher watcher =
        configFile == null ? null : new ConfigWatcher(configFile, reload, admission::reload);
    waitForHealthChecks(upstreams);
    log.info(
        "Duet gateway: REST on {}:{}, gRPC on {}:{}, admin on {}:{}",
        listen.host(),
        restPort,
        listen.host(),
        grpcPort,
        listen.host(),
        adminPort);
    return new Gateway(
        server, rest, grpc, upstreams, admission, accessLog, watcher, restPort, grpcPort,
        adminPort);
  }

  public int restPort() {
    return restPort;
  }

  public int grpcPort() {
    return grpcPort;
  }

  public int adminPort() {
    return adminPort;
  }

  /** Applies a new config's tenants, keys, limits and routes (what the file watcher does). */
  public void reload(GatewayConfig config) {
    admission.reload(config);
  }

  /** Stops accepting calls, lets in-flight ones finish (up to 10 s), then closes the upstreams. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    if (watcher != null) {
      watcher.close();
    }
    try {
      // The admin server stops in the background (its /health says 503 from now on) while the
      // two listeners drain at once.
      CompletableFuture<Void> admin = server.stop();
      CompletableFuture<Void> restDrained = CompletableFuture.runAsync(rest::close);
      grpc.close();
      restDrained.join();
      admin.join();
    } finally {
      upstreams.close();
      accessLog.close(); // its last lines: the calls the drain answered
      log.info("Duet gateway stopped");
    }
  }

  /**
   * A listener's TLS: the configured keys and client-certificate checks, offering one application
   * protocol (ALPN) — {@code http/1.1} on the REST listener, {@code h2} on the gRPC one.
   */
  private static SslContext tls(GatewayConfig.Tls tls, String protocol) {
    SslContextBuilder ssl =
        SslContextBuilder.forServer(TlsStores.keyManagers(tls))
            .clientAuth(clientAuth(tls))
            .applicationProtocolConfig(
                new ApplicationProtocolConfig(
                    ApplicationProtocolConfig.Protocol.ALPN,
                    ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                    ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                    protocol));
    if (protocol.equals(ApplicationProtocolNames.HTTP_2)) {
      ssl.ciphers(Http2SecurityUtil.CIPHERS, SupportedCipherSuiteFilter.INSTANCE);
    }
    TrustManagerFactory clientCas = TlsStores.clientCas(tls);
    if (clientCas != null) {
      ssl.trustManager(clientCas);
    }
    try {
      return ssl.build();
    } catch (SSLException e) {
      throw new IllegalArgumentException("listen.tls: " + e.getMessage(), e);
    }
  }

  private static ClientAuth clientAuth(GatewayConfig.Tls tls) {
    return switch (tls.clientAuth()) {
      case NONE -> ClientAuth.NONE;
      case OPTIONAL -> ClientAuth.OPTIONAL;
      case REQUIRE -> ClientAuth.REQUIRE;
    };
  }

  /** The first health-check round, so that the first calls do not find every node unknown. */
  private static void waitForHealthChecks(Upstreams upstreams) {
    for (UpstreamCluster c : upstreams.all()) {
      try {
        c.whenReady().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        log.warn("upstream cluster [{}]: no healthy node yet", c.name());
      }
    }
  }

  private static int freePort(String host) {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find a free port on " + host, e);
    }
  }
}
