package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.ClientFactory;
import com.linecorp.armeria.client.DecoratingHttpClientFunction;
import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.client.endpoint.DynamicEndpointGroup;
import com.linecorp.armeria.client.endpoint.EndpointGroup;
import com.linecorp.armeria.client.endpoint.healthcheck.HealthCheckedEndpointGroup;
import com.linecorp.armeria.client.retry.RetryingClient;
import com.linecorp.armeria.common.SessionProtocol;
import dev.duet.gateway.config.GatewayConfig.Cluster;
import dev.duet.gateway.config.GatewayConfig.Mode;
import dev.duet.gateway.config.GatewayConfig.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One upstream cluster: its nodes' REST endpoints, health-checked with {@code GET /}, and the gRPC
 * endpoints of the nodes whose REST side is healthy — one probe per node decides both, so a dead
 * node leaves both rotations at once. Requests are balanced round robin over healthy nodes.
 */
public final class UpstreamCluster implements AutoCloseable {
  private final Cluster config;
  private final HealthCheckedEndpointGroup restNodes;
  private final GrpcNodes grpcNodes;
  private final OutlierEjection restRotation;
  private final OutlierEjection grpcRotation;
  private final WebClient rest;
  private final WebClient grpc;

  UpstreamCluster(Cluster config, ClientFactory factory) {
    this.config = config;
    List<Endpoint> restEndpoints = new ArrayList<>();
    Map<String, Endpoint> grpcByRest = new HashMap<>();
    for (Node node : config.nodes()) {
      Endpoint r = Endpoint.parse(node.rest());
      restEndpoints.add(r);
      if (node.grpc() != null) {
        grpcByRest.put(key(r), Endpoint.parse(node.grpc()));
      }
    }
    restNodes =
        HealthCheckedEndpointGroup.builder(EndpointGroup.of(restEndpoints), "/")
            .protocol(SessionProtocol.H1C)
            .useGet(true)
            .clientFactory(factory)
            .retryInterval(config.healthCheckInterval())
            .selectionTimeout(Duration.ofSeconds(2))
            .build();
    grpcNodes = new GrpcNodes(restNodes, grpcByRest);
    restRotation = new OutlierEjection(config.name(), restNodes);
    grpcRotation = new OutlierEjection(config.name(), grpcNodes);
    // No timeouts of their own: a bulk may run long (OpenSearch has none); gRPC calls carry the
    // caller's deadline, applied per request. A call no node received goes to another (budgeted).
    RetryBudget budget = new RetryBudget();
    rest =
        WebClient.builder(SessionProtocol.H1C, restRotation)
            .factory(factory)
            .responseTimeout(Duration.ZERO)
            .maxResponseLength(0)
            .decorator(restRotation.observer())
            .decorator(RetryingClient.newDecorator(budget.rule(), 2))
            .decorator(countingCalls(budget))
            .build();
    grpc =
        WebClient.builder(SessionProtocol.H2C, grpcRotation)
            .factory(factory)
            .responseTimeout(Duration.ZERO)
            .maxResponseLength(0)
            .decorator(grpcRotation.observer())
            .decorator(RetryingClient.newDecorator(budget.rule(), 2))
            .decorator(countingCalls(budget))
            .build();
  }

  public String name() {
    return config.name();
  }

  public Mode mode() {
    return config.mode();
  }

  /** Nodes out of rotation for failing calls, REST and gRPC sides together. */
  public int ejectedNodes() {
    return restRotation.ejectedCount() + grpcRotation.ejectedCount();
  }

  /** A client for the cluster's REST side, balanced over healthy nodes. */
  public WebClient rest() {
    return rest;
  }

  /** A client for the cluster's gRPC side (HTTP/2 cleartext), balanced over healthy nodes. */
  public WebClient grpc() {
    return grpc;
  }

  public int healthyNodes() {
    return restNodes.endpoints().size();
  }

  public int nodes() {
    return config.nodes().size();
  }

  /** Completes when the first health-check round is done. */
  public java.util.concurrent.CompletableFuture<List<Endpoint>> whenReady() {
    return restNodes.whenReady();
  }

  @Override
  public void close() {
    grpcRotation.close();
    restRotation.close();
    grpcNodes.close();
    restNodes.close();
  }

  private static DecoratingHttpClientFunction countingCalls(RetryBudget budget) {
    return (delegate, ctx, req) -> {
      budget.deposit();
      return delegate.execute(ctx, req);
    };
  }

  private static String key(Endpoint e) {
    return e.host() + ":" + e.port();
  }

  /** The gRPC endpoints of the nodes whose REST endpoint passes its health check. */
  private static final class GrpcNodes extends DynamicEndpointGroup {
    GrpcNodes(EndpointGroup healthyRest, Map<String, Endpoint> grpcByRest) {
      super(false);
      healthyRest.addListener(
          healthy -> {
            List<Endpoint> grpc = new ArrayList<>();
            for (Endpoint e : healthy) {
              Endpoint g = grpcByRest.get(key(e));
              if (g != null) {
                grpc.add(g);
              }
            }
            setEndpoints(grpc);
          },
          true);
    }
  }
}
