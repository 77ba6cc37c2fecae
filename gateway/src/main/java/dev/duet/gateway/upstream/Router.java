package dev.duet.gateway.upstream;

import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfig.Route;
import dev.duet.gateway.error.RequestRefused;
import dev.duet.gateway.peek.IndexPatterns;
import java.util.List;

/**
 * Picks the upstream cluster of a request: the first route whose tenant (if it names one) is the
 * caller's and whose index patterns (if any) grant every index the request names. Without a
 * matching route the first cluster declared serves it. A request whose indices live on different
 * clusters is refused: the gateway does not split requests.
 */
public final class Router {
  private final List<Route> routes;
  private final String defaultCluster;

  public Router(GatewayConfig config) {
    this.routes = config.routes();
    this.defaultCluster = config.clusters().get(0).name();
  }

  public String route(String tenant, List<String> indices) {
    for (Route r : routes) {
      if (r.tenant() != null && !r.tenant().equals(tenant)) {
        continue;
      }
      if (r.indices().isEmpty()) {
        return r.cluster();
      }
      boolean all = !indices.isEmpty();
      boolean any = false;
      for (String index : indices) {
        boolean covered = IndexPatterns.anyCovers(r.indices(), index);
        all &= covered;
        any |= covered;
      }
      if (all) {
        return r.cluster();
      }
      if (any) {
        throw RequestRefused.badRequest(
            "the request names indices "
                + indices
                + " that live on different clusters; send one request per cluster");
      }
    }
    return defaultCluster;
  }
}
