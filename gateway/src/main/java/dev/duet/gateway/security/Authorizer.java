package dev.duet.gateway.security;

import dev.duet.gateway.config.GatewayConfig.Tenant;
import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.peek.IndexPatterns;
import dev.duet.gateway.peek.Operation;
import java.util.Locale;

/**
 * Per-tenant grants: the action must be granted, and every index the operation names must be
 * covered by one of the tenant's patterns — one forbidden index refuses the whole request.
 */
public final class Authorizer {
  private Authorizer() {}

  public static void check(Identity identity, Operation op) {
    Tenant tenant = identity.tenant();
    if (op.action() == null) {
      return;
    }
    String action = op.action().name().toLowerCase(Locale.ROOT);
    if (!tenant.actions().contains(op.action())) {
      throw RequestRefused.forbidden(
          "no permissions for ["
              + action
              + "] ("
              + op.name()
              + ") and tenant [name="
              + tenant.name()
              + "]");
    }
    for (String index : op.indices()) {
      if (!IndexPatterns.anyCovers(tenant.indices(), index)) {
        throw RequestRefused.forbidden(
            "no permissions for ["
                + action
                + "] on index ["
                + index
                + "] and tenant [name="
                + tenant.name()
                + "]");
      }
    }
  }
}
