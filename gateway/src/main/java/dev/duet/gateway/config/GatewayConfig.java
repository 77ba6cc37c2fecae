package dev.duet.gateway.config;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Everything the gateway runs on, as read from {@code gateway.yaml}: where it listens, the request
 * limits, how tokens are checked, the upstream clusters, the tenants and the routes. Listeners and
 * clusters are fixed for the life of the process, and so is where the access log goes ({@code
 * stdout}, {@code stderr}, {@code off}, or a file's absolute path); limits, JWT settings, tenants,
 * routes and the slow-log threshold ({@code null}: no slow log) are hot-reloaded (see {@link
 * ConfigWatcher}).
 */
public record GatewayConfig(
    Listen listen,
    Limits limits,
    Jwt jwt,
    List<Cluster> clusters,
    List<Tenant> tenants,
    List<Route> routes,
    Duration slowLogThreshold,
    String accessLog) {

  public GatewayConfig {
    requireNonNull(listen, "listen");
    requireNonNull(limits, "limits");
    requireNonNull(accessLog, "accessLog");
    clusters = List.copyOf(clusters);
    tenants = List.copyOf(tenants);
    routes = List.copyOf(routes);
    if (clusters.isEmpty()) {
      throw new IllegalArgumentException("clusters: none (expected: at least one upstream)");
    }
    Set<String> clusterNames = new HashSet<>();
    for (Cluster c : clusters) {
      if (!clusterNames.add(c.name())) {
        throw new IllegalArgumentException("clusters: [" + c.name() + "] declared twice");
      }
    }
    Set<String> tenantNames = new HashSet<>();
    Set<String> keys = new HashSet<>();
    for (Tenant t : tenants) {
      if (!tenantNames.add(t.name())) {
        throw new IllegalArgumentException("tenants: [" + t.name() + "] declared twice");
      }
      for (String key : t.apiKeys()) {
        if (!keys.add(key)) {
          throw new IllegalArgumentException(
              "tenants: an api key hash is given to more than one tenant (" + t.name() + ")");
        }
      }
    }
    for (Route r : routes) {
      if (!clusterNames.contains(r.cluster())) {
        throw new IllegalArgumentException(
            "routes: cluster [" + r.cluster() + "] is not declared under clusters");
      }
      if (r.tenant() != null && !tenantNames.contains(r.tenant())) {
        throw new IllegalArgumentException(
            "routes: tenant [" + r.tenant() + "] is not declared under tenants");
      }
    }
  }

  /**
   * Where the three listeners bind; a port of 0 picks a free one. With {@code tls}, the REST and
   * gRPC listeners speak TLS only (the admin port stays plain, for local scrapers).
   */
  public record Listen(String host, int restPort, int grpcPort, int adminPort, Tls tls) {
    public Listen {
      requireNonNull(host, "host");
    }
  }

  /**
   * TLS for the REST and gRPC listeners: the server's key and certificate chain (a PKCS#12
   * keystore) and, for mTLS, the certificates that client certificates must chain to (a PKCS#12
   * truststore) and whether clients must present one.
   */
  public record Tls(
      String keystore,
      String keystorePassword,
      String truststore,
      String truststorePassword,
      ClientAuth clientAuth) {
    public Tls {
      requireNonNull(keystore, "tls.keystore");
      keystorePassword = keystorePassword == null ? "" : keystorePassword;
      truststorePassword = truststorePassword == null ? "" : truststorePassword;
      clientAuth = clientAuth == null ? ClientAuth.NONE : clientAuth;
      if (clientAuth != ClientAuth.NONE && truststore == null) {
        throw new IllegalArgumentException(
            "tls.client_auth: " + clientAuth + " needs tls.truststore (the client CAs)");
      }
    }
  }

  /** Whether callers present a client certificate. */
  public enum ClientAuth {
    NONE,
    OPTIONAL,
    REQUIRE
  }

  /**
   * Per-request bounds, the same for every tenant.
   *
   * @param maxBodyBytes the largest REST body or gRPC request message
   * @param maxBulkItems the most operations in one bulk request
   * @param maxSearchSize the largest {@code size} of a search
   * @param maxSearchFrom the largest {@code from} of a search
   */
  public record Limits(long maxBodyBytes, int maxBulkItems, int maxSearchSize, int maxSearchFrom) {
    public static final Limits DEFAULTS = new Limits(100L * 1024 * 1024, 100_000, 10_000, 10_000);
  }

  /**
   * How bearer tokens are verified: HS256 with a shared secret and/or RS256 with the keys of a JWKS
   * file; the issuer and audience must match and {@code exp} must lie ahead. The tenant is named by
   * {@code tenantClaim}.
   */
  public record Jwt(
      String issuer, String audience, String hs256Secret, String jwksFile, String tenantClaim) {
    public Jwt {
      requireNonNull(issuer, "jwt.issuer");
      requireNonNull(audience, "jwt.audience");
      if (hs256Secret == null && jwksFile == null) {
        throw new IllegalArgumentException(
            "jwt: neither hs256_secret nor jwks_file (expected: at least one)");
      }
      tenantClaim = tenantClaim == null ? "tenant" : tenantClaim;
    }
  }

  /** How a cluster is spoken to. */
  public enum Mode {
    /** gRPC frames and REST bodies forwarded untouched. */
    PASSTHROUGH,
    /** REST only: the cluster has no gRPC endpoint; gRPC calls to it are refused. */
    REST,
    /**
     * REST only, and gRPC Bulk and Search are translated to REST and their answers back to protobuf
     * (module {@code adaptor/}, the cluster's {@code upstream.Adaptor}).
     */
    ADAPTOR
  }

  /** An upstream cluster: its nodes, each with a REST and (in passthrough mode) a gRPC address. */
  public record Cluster(String name, Mode mode, Duration healthCheckInterval, List<Node> nodes) {
    public Cluster {
      requireNonNull(name, "cluster.name");
      mode = mode == null ? Mode.PASSTHROUGH : mode;
      healthCheckInterval =
          healthCheckInterval == null ? Duration.ofSeconds(2) : healthCheckInterval;
      nodes = List.copyOf(nodes);
      if (nodes.isEmpty()) {
        throw new IllegalArgumentException("cluster [" + name + "]: no nodes");
      }
      for (Node n : nodes) {
        if (mode == Mode.PASSTHROUGH && n.grpc() == null) {
          throw new IllegalArgumentException(
              "cluster ["
                  + name
                  + "]: node "
                  + n.rest()
                  + " has no grpc address (mode passthrough)");
        }
      }
    }
  }

  /** One upstream node: {@code host:port} of its REST and gRPC listeners. */
  public record Node(String rest, String grpc) {
    public Node {
      requireNonNull(rest, "node.rest");
    }
  }

  /**
   * What a tenant may do. Actions: {@code search}, {@code write}, {@code admin}. Callers prove they
   * are the tenant with one of its API keys (stored hashed), a JWT naming it, or a verified client
   * certificate whose subject is one of {@code clientCertSubjects} (RFC 2253 form).
   */
  public record Tenant(
      String name,
      List<String> apiKeys,
      List<String> clientCertSubjects,
      List<String> indices,
      Set<Action> actions,
      RateLimit rateLimit) {
    public Tenant {
      requireNonNull(name, "tenant.name");
      apiKeys = apiKeys == null ? List.of() : List.copyOf(apiKeys);
      clientCertSubjects = clientCertSubjects == null ? List.of() : List.copyOf(clientCertSubjects);
      indices = indices == null ? List.of() : List.copyOf(indices);
      actions = actions == null ? Set.of() : Set.copyOf(actions);
      rateLimit = rateLimit == null ? RateLimit.UNLIMITED : rateLimit;
    }
  }

  /** The kinds of operation a tenant is granted. */
  public enum Action {
    SEARCH,
    WRITE,
    ADMIN
  }

  /**
   * Token buckets per tenant (0 means unlimited): requests and request bytes, each with a sustained
   * rate per second and a burst, and a cap on requests in flight.
   */
  public record RateLimit(
      double requestsPerSecond,
      long burstRequests,
      long bytesPerSecond,
      long burstBytes,
      int maxConcurrent) {
    public static final RateLimit UNLIMITED = new RateLimit(0, 0, 0, 0, 0);

    /** The fastest refill a token bucket takes (Bucket4j's: one token per nanosecond). */
    public static final long MAX_PER_SECOND = 1_000_000_000L;

    public RateLimit {
      if (requestsPerSecond > MAX_PER_SECOND) {
        throw tooFast("requests_per_second", Double.toString(requestsPerSecond));
      }
      if (bytesPerSecond > MAX_PER_SECOND) {
        throw tooFast("bytes_per_second", Long.toString(bytesPerSecond));
      }
    }

    private static IllegalArgumentException tooFast(String field, String value) {
      return new IllegalArgumentException(
          "rate_limit."
              + field
              + ": "
              + value
              + " is above the highest rate a bucket refills at, "
              + MAX_PER_SECOND
              + " per second; leave it out for no limit");
    }
  }

  /**
   * Where requests go: the first route whose tenant (if given) and index patterns (if given) match
   * the request wins.
   */
  public record Route(String tenant, List<String> indices, String cluster) {
    public Route {
      requireNonNull(cluster, "route.cluster");
      indices = indices == null ? List.of() : List.copyOf(indices);
    }
  }
}
