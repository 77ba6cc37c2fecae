package dev.duet.gateway.security;

import dev.duet.gateway.RequestRefused;
import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfig.Tenant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Maps the {@code Authorization} value of a REST request or gRPC call to an {@link Identity}:
 * {@code ApiKey <key>} (looked up by its SHA-256) or {@code Bearer <JWT>}. Built from one config
 * generation; a reload builds a new one.
 */
public final class Authenticator {
  private final Map<String, Tenant> tenantsByKeyHash = new HashMap<>();
  private final Map<String, Tenant> tenantsByName = new HashMap<>();
  private final JwtVerifier jwt;

  public Authenticator(GatewayConfig config) {
    for (Tenant t : config.tenants()) {
      tenantsByName.put(t.name(), t);
      for (String hash : t.apiKeys()) {
        tenantsByKeyHash.put(hash, t);
      }
    }
    jwt = config.jwt() == null ? null : new JwtVerifier(config.jwt());
  }

  /**
   * The caller, or a 401 refusal.
   *
   * @param authorization the header value, or {@code null} when absent
   */
  public Identity authenticate(String authorization) {
    if (authorization == null || authorization.isBlank()) {
      throw RequestRefused.unauthenticated("missing authentication credentials for request");
    }
    int space = authorization.indexOf(' ');
    String scheme = space < 0 ? authorization : authorization.substring(0, space);
    String credentials = space < 0 ? "" : authorization.substring(space + 1).trim();
    switch (scheme.toLowerCase(Locale.ROOT)) {
      case "apikey" -> {
        String hash = ApiKeys.hash(credentials);
        Tenant tenant = tenantsByKeyHash.get(hash);
        if (tenant == null) {
          throw RequestRefused.unauthenticated("unable to authenticate with provided API key");
        }
        return new Identity(tenant, "key:" + hash.substring(0, 8), "api_key");
      }
      case "bearer" -> {
        if (jwt == null) {
          throw RequestRefused.unauthenticated("bearer tokens are not accepted (no jwt config)");
        }
        JwtVerifier.Claims claims;
        try {
          claims = jwt.verify(credentials);
        } catch (IllegalArgumentException e) {
          throw RequestRefused.unauthenticated("invalid bearer token: " + e.getMessage());
        }
        Tenant tenant = tenantsByName.get(claims.tenant());
        if (tenant == null) {
          throw RequestRefused.unauthenticated(
              "invalid bearer token: tenant [" + claims.tenant() + "] is unknown");
        }
        return new Identity(tenant, "sub:" + claims.subject(), "jwt");
      }
      default ->
          throw RequestRefused.unauthenticated(
              "unsupported authentication scheme [" + scheme + "] (expected: ApiKey or Bearer)");
    }
  }
}
