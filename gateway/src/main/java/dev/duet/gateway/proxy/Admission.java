package dev.duet.gateway.proxy;

import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfig.Limits;
import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.limit.RateLimiters;
import dev.duet.gateway.observe.AccessLog;
import dev.duet.gateway.observe.CallRecord;
import dev.duet.gateway.observe.GatewayMetrics;
import dev.duet.gateway.peek.Operation;
import dev.duet.gateway.security.Authorizer;
import dev.duet.gateway.security.Identity;
import dev.duet.gateway.upstream.UpstreamCluster;
import dev.duet.gateway.upstream.Upstreams;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLSession;

/**
 * The rules every request passes, whatever its protocol, in this order: authenticate (headers only,
 * before any body is read), then — once the body is peeked — authorize, the request limits, the
 * route and the tenant's rate limits. The two proxies call it; neither has rules of its own.
 */
public final class Admission {
  private final AtomicReference<Policy> policy;
  private final RateLimiters limiters;
  private final Upstreams upstreams;
  private final GatewayMetrics metrics;
  private final AccessLog accessLog;

  public Admission(
      GatewayConfig config, Upstreams upstreams, GatewayMetrics metrics, AccessLog accessLog) {
    this.policy = new AtomicReference<>(Policy.of(config));
    this.limiters = new RateLimiters(config);
    this.upstreams = upstreams;
    this.metrics = metrics;
    this.accessLog = accessLog;
  }

  /**
   * Applies a reloaded config: tenants, keys, grants, limits and routes. Clusters are fixed for the
   * life of the process, so a config routing to a cluster not running is refused whole.
   */
  public void reload(GatewayConfig config) {
    for (GatewayConfig.Route route : config.routes()) {
      if (!upstreams.has(route.cluster())) {
        throw new IllegalArgumentException(
            "routes: cluster ["
                + route.cluster()
                + "] is not one of the running clusters (adding clusters needs a restart)");
      }
    }
    if (!upstreams.has(config.clusters().get(0).name())) {
      throw new IllegalArgumentException(
          "clusters: [" + config.clusters().get(0).name() + "] is not running (needs a restart)");
    }
    Policy next = Policy.of(config);
    limiters.update(config);
    policy.set(next);
  }

  Limits limits() {
    return policy.get().config().limits();
  }

  /**
   * Ends a call whose response is complete (or abandoned) and whose sizes and duration are {@link
   * CallRecord#finish recorded}: releases its rate-limit permit and records its metrics and
   * access-log line.
   */
  void complete(CallRecord call, String status) {
    call.releasePermit();
    metrics.record(call, status);
    accessLog.write(call, status, policy.get().config().slowLogThreshold());
  }

  Identity authenticate(CallRecord call, String authorization, SSLSession tls) {
    Identity identity = policy.get().authenticator().authenticate(authorization, tls);
    call.identity(identity);
    return identity;
  }

  /**
   * Checks a peeked operation and reserves the tenant's rate-limit tokens and concurrency slot
   * (released when the response completes). Returns the cluster to forward to.
   */
  UpstreamCluster admit(CallRecord call, Identity identity, Operation op, long bytes) {
    call.operation(op);
    Policy p = policy.get();
    Authorizer.check(identity, op);
    Limits limits = p.config().limits();
    if (op.bulkItems() > limits.maxBulkItems()) {
      throw RequestRefused.badRequest(
          "bulk of "
              + op.bulkItems()
              + " operations exceeds [limits.max_bulk_items] = "
              + limits.maxBulkItems());
    }
    if (op.size() > limits.maxSearchSize()) {
      throw RequestRefused.badRequest(
          "[size] = "
              + op.size()
              + " exceeds [limits.max_search_size] = "
              + limits.maxSearchSize());
    }
    if (op.from() > limits.maxSearchFrom()) {
      throw RequestRefused.badRequest(
          "[from] = "
              + op.from()
              + " exceeds [limits.max_search_from] = "
              + limits.maxSearchFrom());
    }
    String cluster = p.router().route(identity.tenant().name(), op.indices());
    call.upstream(cluster);
    call.hold(limiters.acquire(identity.tenant().name(), bytes));
    return upstreams.get(cluster);
  }
}
