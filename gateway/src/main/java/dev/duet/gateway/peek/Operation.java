package dev.duet.gateway.peek;

import static java.util.Objects.requireNonNull;

import dev.duet.gateway.config.GatewayConfig.Action;
import java.util.List;

/**
 * What a request does, as far as the gateway needs to know: the kind of action, every index
 * expression it names, and the figures the request limits bound. Both protocols' peekers produce
 * it; authorization, limits and routing read only this.
 *
 * @param name the operation's name for logs and metrics ({@code search}, {@code bulk}, ...)
 * @param action what the tenant must be granted; {@code null} for what every authenticated caller
 *     may do ({@code GET /}, health checks)
 * @param indices every index expression named (a request for all indices names {@code *})
 * @param bulkItems operations in a bulk, else 0
 * @param size a search's {@code size}, or -1 when not given
 * @param from a search's {@code from}, or -1 when not given
 */
public record Operation(
    String name, Action action, List<String> indices, int bulkItems, long size, long from) {
  public Operation {
    requireNonNull(name, "name");
    indices = List.copyOf(indices);
  }

  public static Operation of(String name, Action action, List<String> indices) {
    return new Operation(name, action, indices, 0, -1, -1);
  }
}
