package dev.duet.gateway.security;

import static java.util.Objects.requireNonNull;

import dev.duet.gateway.config.GatewayConfig.Tenant;

/**
 * Who is calling: the tenant the credentials map to and how they proved it.
 *
 * @param tenant the tenant, with its grants and limits as of the config in force
 * @param principal a name for logs: the key's hash prefix or the token's subject
 * @param method {@code api_key} or {@code jwt}
 */
public record Identity(Tenant tenant, String principal, String method) {
  public Identity {
    requireNonNull(tenant, "tenant");
    requireNonNull(principal, "principal");
    requireNonNull(method, "method");
  }
}
