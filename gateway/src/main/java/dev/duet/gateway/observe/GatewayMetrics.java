package dev.duet.gateway.observe;

import dev.duet.gateway.upstream.UpstreamCluster;
import dev.duet.gateway.upstream.Upstreams;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's Prometheus metrics: requests and their latency (histogram), request and response
 * bytes — by tenant, operation, protocol, upstream and status — rate-limit refusals by tenant, and
 * each upstream's healthy node count. Scraped from the admin port's {@code /metrics}.
 */
public final class GatewayMetrics {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  // Building a meter sorts and validates its tags and looks it up in the registry: once per tag
  // combination, not once per call.
  private final Map<CallKey, CallMeters> meters = new ConcurrentHashMap<>();

  public GatewayMetrics(Upstreams upstreams) {
    for (UpstreamCluster c : upstreams.all()) {
      Gauge.builder("duet.gateway.upstream.healthy.nodes", c, UpstreamCluster::healthyNodes)
          .description("Nodes of the upstream cluster passing their health check")
          .tag("upstream", c.name())
          .register(registry);
      Gauge.builder("duet.gateway.upstream.ejected.endpoints", c, UpstreamCluster::ejectedNodes)
          .description("Endpoints out of rotation for failing calls (outlier ejection)")
          .tag("upstream", c.name())
          .register(registry);
      Gauge.builder("duet.gateway.upstream.nodes", c, UpstreamCluster::nodes)
          .description("Nodes of the upstream cluster in the config")
          .tag("upstream", c.name())
          .register(registry);
    }
  }

  /** Records a completed call. */
  public void record(CallRecord call, String status) {
    String tenant = call.tenant();
    String operation = call.operation() == null ? "-" : call.operation().name();
    String upstream = call.upstream() == null ? "-" : call.upstream();
    CallMeters m =
        meters.computeIfAbsent(
            new CallKey(tenant, operation, call.protocol(), upstream, status), this::register);
    m.requests().record(call.durationNanos(), TimeUnit.NANOSECONDS);
    m.requestBytes().record(call.requestBytes());
    m.responseBytes().record(call.responseBytes());
    if (call.refusal() != null && call.refusal().httpStatus() == 429) {
      Counter.builder("duet.gateway.rate.limited")
          .description("Requests refused by a tenant's rate limit or concurrency cap")
          .tags("tenant", tenant, "protocol", call.protocol())
          .register(registry)
          .increment();
    }
  }

  /** A call's meters, registered on the first call with these tags and reused after. */
  private CallMeters register(CallKey k) {
    Timer requests =
        Timer.builder("duet.gateway.requests")
            .description("Requests through the gateway, by outcome")
            .tags(
                "tenant", k.tenant(),
                "method", k.operation(),
                "protocol", k.protocol(),
                "upstream", k.upstream(),
                "status", k.status())
            .publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(100_000))
            .maximumExpectedValue(Duration.ofSeconds(30))
            .register(registry);
    DistributionSummary requestBytes =
        DistributionSummary.builder("duet.gateway.request.bytes")
            .baseUnit("bytes")
            .tags("tenant", k.tenant(), "protocol", k.protocol(), "upstream", k.upstream())
            .register(registry);
    DistributionSummary responseBytes =
        DistributionSummary.builder("duet.gateway.response.bytes")
            .baseUnit("bytes")
            .tags("tenant", k.tenant(), "protocol", k.protocol(), "upstream", k.upstream())
            .register(registry);
    return new CallMeters(requests, requestBytes, responseBytes);
  }

  /** The Prometheus text exposition. */
  public String scrape() {
    return registry.scrape();
  }

  private record CallKey(
      String tenant, String operation, String protocol, String upstream, String status) {}

  private record CallMeters(
      Timer requests, DistributionSummary requestBytes, DistributionSummary responseBytes) {}
}
