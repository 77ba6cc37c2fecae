package dev.duet.gateway.limit;

import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfig.Tenant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every tenant's {@link TenantLimiter}, kept across config reloads so that a reload does not hand
 * every tenant a full bucket.
 */
public final class RateLimiters {
  private final Map<String, TenantLimiter> byTenant = new ConcurrentHashMap<>();

  public RateLimiters(GatewayConfig config) {
    update(config);
  }

  /** Applies a reloaded config: new tenants get buckets, changed limits apply in place. */
  public void update(GatewayConfig config) {
    for (Tenant t : config.tenants()) {
      byTenant.compute(
          t.name(),
          (name, existing) -> {
            if (existing == null) {
              return new TenantLimiter(name, t.rateLimit());
            }
            existing.reconfigure(t.rateLimit());
            return existing;
          });
    }
    byTenant.keySet().retainAll(config.tenants().stream().map(Tenant::name).toList());
  }

  /**
   * Admits one request of {@code bytes} for {@code tenant} or throws a 429 refusal; the returned
   * permit must be closed when the response is complete.
   */
  public Permit acquire(String tenant, long bytes) {
    TenantLimiter limiter = byTenant.get(tenant);
    if (limiter == null) {
      return () -> {}; // removed by a reload while the request was in flight: nothing to count
    }
    limiter.acquire(bytes);
    return limiter::release;
  }

  /** A slot under a tenant's concurrency cap. */
  @FunctionalInterface
  public interface Permit extends AutoCloseable {
    @Override
    void close();
  }
}
