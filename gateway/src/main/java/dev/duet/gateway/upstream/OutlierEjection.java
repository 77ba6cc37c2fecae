package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.DecoratingHttpClientFunction;
import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.client.UnprocessedRequestException;
import com.linecorp.armeria.client.endpoint.DynamicEndpointGroup;
import com.linecorp.armeria.client.endpoint.EndpointGroup;
import com.linecorp.armeria.common.ClosedSessionException;
import com.linecorp.armeria.common.HttpHeaders;
import com.linecorp.armeria.common.ResponseHeaders;
import com.linecorp.armeria.common.logging.RequestLog;
import com.linecorp.armeria.common.util.Exceptions;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a node out of rotation after {@value #CONSECUTIVE_FAILURES} failures in a row — a node can
 * pass its health check and still fail every call — and puts it back after {@link #EJECTION}. A
 * failure: no response, an HTTP 5xx, or gRPC status UNAVAILABLE or INTERNAL. At most half of the
 * healthy nodes are ever out, so a cluster-wide fault is not made worse by emptying the rotation.
 */
final class OutlierEjection extends DynamicEndpointGroup {
  private static final Logger log = LoggerFactory.getLogger(OutlierEjection.class);
  static final int CONSECUTIVE_FAILURES = 5;
  static final Duration EJECTION = Duration.ofSeconds(30);
  private static final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().name("gateway-outlier-ejection").daemon().factory());

  private final String cluster;
  private final EndpointGroup healthy;
  // Keyed by host:port: the endpoint a call went to may carry a resolved address the group's lacks.
  private final Map<String, AtomicInteger> failures = new ConcurrentHashMap<>();
  private final Set<String> ejected = ConcurrentHashMap.newKeySet();

  OutlierEjection(String cluster, EndpointGroup healthy) {
    super(false);
    this.cluster = cluster;
    this.healthy = healthy;
    healthy.addListener(endpoints -> refresh(), true);
  }

  /** The client decorator that reports each call's outcome. */
  DecoratingHttpClientFunction observer() {
    return (delegate, ctx, req) -> {
      ctx.log()
          .whenComplete()
          .thenAccept(
              rl -> {
                if (ctx.endpoint() != null) {
                  record(ctx.endpoint(), failed(rl));
                }
              });
      return delegate.execute(ctx, req);
    };
  }

  /** One call's outcome on {@code node}: {@code failed} if it says the node is in trouble. */
  void record(Endpoint node, boolean failed) {
    String endpoint = key(node);
    if (!failed) {
      failures.computeIfAbsent(endpoint, e -> new AtomicInteger()).set(0);
      return;
    }
    int inARow = failures.computeIfAbsent(endpoint, e -> new AtomicInteger()).incrementAndGet();
    if (inARow >= CONSECUTIVE_FAILURES && canEject() && ejected.add(endpoint)) {
      log.warn(
          "cluster [{}]: {} failed {} calls in a row; out of rotation for {}",
          cluster,
          endpoint,
          inARow,
          EJECTION);
      refresh();
      timer.schedule(
          () -> {
            failures.remove(endpoint);
            ejected.remove(endpoint);
            refresh();
          },
          EJECTION.toMillis(),
          TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Failures that say the node is in trouble, not the request: connection errors, 502/503/504, gRPC
   * UNAVAILABLE. Not a caller's cancel or deadline, not a 500 or INTERNAL (a query can cause those
   * on any node: OpenSearch answers some query features with INTERNAL over gRPC).
   */
  private static boolean failed(RequestLog rl) {
    Throwable cause = rl.responseCause() == null ? null : Exceptions.peel(rl.responseCause());
    if (cause instanceof UnprocessedRequestException
        || cause instanceof ClosedSessionException
        || cause instanceof IOException) {
      return true;
    }
    return failed(rl.responseHeaders(), rl.responseTrailers());
  }

  /** An answer that says the node is in trouble: 502/503/504, or gRPC status UNAVAILABLE. */
  static boolean failed(ResponseHeaders headers, HttpHeaders trailers) {
    String grpc = trailers.get("grpc-status");
    return failed(headers.status().code(), grpc == null ? headers.get("grpc-status") : grpc);
  }

  /** The same, from the answer's HTTP status and its gRPC status ({@code null} if none). */
  static boolean failed(int httpStatus, String grpcStatus) {
    return httpStatus == 502 || httpStatus == 503 || httpStatus == 504 || "14".equals(grpcStatus);
  }

  int ejectedCount() {
    return ejected.size();
  }

  private static String key(Endpoint e) {
    return e.host() + ":" + e.port();
  }

  private boolean canEject() {
    return (ejected.size() + 1) * 2 <= healthy.endpoints().size();
  }

  private void refresh() {
    List<Endpoint> inRotation = new ArrayList<>();
    for (Endpoint e : healthy.endpoints()) {
      if (!ejected.contains(key(e))) {
        inRotation.add(e);
      }
    }
    setEndpoints(inRotation);
  }
}
