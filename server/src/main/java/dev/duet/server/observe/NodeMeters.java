package dev.duet.server.observe;

import com.linecorp.armeria.common.HttpRequest;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.common.logging.RequestLog;
import com.linecorp.armeria.server.DecoratingHttpServiceFunction;
import com.linecorp.armeria.server.HttpService;
import com.linecorp.armeria.server.ServiceRequestContext;
import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.StatsCounter;
import dev.duet.server.action.Actions;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The node's Prometheus metrics, on the REST port at {@link #PATH} (the path OpenSearch's
 * Prometheus exporter plugin serves, so existing scrape configs find it; OpenSearch itself has no
 * such path). Requests by protocol, operation and status with a latency histogram, errors by
 * status, request bytes; the engine's own counters behind {@code _stats} (indexing, gets, searches,
 * refreshes, flushes, merges, segments, translog, request cache), read from the engine when
 * scraped, never counted twice; JVM memory, GC, threads, CPU.
 */
public final class NodeMeters {
  /** Where Prometheus scrapes the node. */
  public static final String PATH = "/_prometheus/metrics";

  private static final MediaType EXPOSITION =
      MediaType.parse("text/plain; version=0.0.4; charset=utf-8");

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Actions actions;
  // Building a meter sorts its tags and looks it up: once per tag combination, not per request.
  private final Map<CallKey, CallMeters> meters = new ConcurrentHashMap<>();
  private final Timer translogFsyncs =
      Timer.builder("duet.translog.fsync")
          .description(
              "Translog fsyncs (each acknowledged bulk's, timed syncs, rolls) and their time")
          .publishPercentileHistogram()
          .minimumExpectedValue(Duration.ofNanos(10_000))
          .maximumExpectedValue(Duration.ofSeconds(10))
          .register(registry);
  // The engine's figures summed over the node's indices, taken once per scrape.
  private volatile IndexStats.Values engine = IndexStats.Values.ZERO;

  public NodeMeters(Actions actions) {
    this.actions = actions;
    new JvmMemoryMetrics().bindTo(registry);
    new JvmGcMetrics().bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    registerEngineMeters();
  }

  /** A decorator that records each call of the port's services under {@code protocol}. */
  public DecoratingHttpServiceFunction recorder(String protocol) {
    return (delegate, ctx, req) -> {
      ctx.log().whenComplete().thenAccept(log -> record(protocol, log));
      return delegate.serve(ctx, req);
    };
  }

  /** Records one translog fsync that took {@code nanos} (the engine calls it). */
  public void translogFsync(long nanos) {
    translogFsyncs.record(nanos, TimeUnit.NANOSECONDS);
  }

  /** The scrape endpoint. */
  public HttpService service() {
    return (ServiceRequestContext ctx, HttpRequest req) ->
        HttpResponse.of(HttpStatus.OK, EXPOSITION, scrape());
  }

  /** The Prometheus text exposition, the engine's figures read now. */
  public String scrape() {
    IndexStats.Values sum = IndexStats.Values.ZERO;
    try {
      for (IndexStats stats : actions.indexAdmin().indexStats(null, IndicesOptions.DEFAULTS)) {
        sum = sum.plus(stats.values());
      }
    } catch (RuntimeException e) {
      // an index closing while we read: the last figures stand
      sum = engine;
    }
    engine = sum;
    return registry.scrape();
  }

  private void record(String protocol, RequestLog log) {
    if (PATH.equals(log.requestHeaders().path())) {
      return; // the scrapes themselves
    }
    String operation = protocol.equals("grpc") ? log.serviceName() + "/" + log.name() : log.name();
    record(
        protocol, operation, status(protocol, log), log.totalDurationNanos(), log.requestLength());
  }

  /**
   * Records one call answered by a listener that is not Armeria's (the gRPC port): {@code status}
   * is the HTTP status or the gRPC status code's name ({@code OK}, {@code NOT_FOUND}).
   */
  public void record(
      String protocol, String operation, String status, long nanos, long requestBytes) {
    CallMeters m = meters.computeIfAbsent(new CallKey(protocol, operation, status), this::register);
    m.requests().record(nanos, TimeUnit.NANOSECONDS);
    m.requestBytes().record(requestBytes);
    if (m.errors() != null) {
      m.errors().increment();
    }
  }

  /** REST: the HTTP status; gRPC: the call's status code name ({@code OK}, {@code NOT_FOUND}). */
  private static String status(String protocol, RequestLog log) {
    if (!protocol.equals("grpc")) {
      return Integer.toString(log.responseHeaders().status().code());
    }
    String code = log.responseTrailers().get("grpc-status");
    if (code == null) {
      code = log.responseHeaders().get("grpc-status");
    }
    if (code == null) {
      return "UNKNOWN";
    }
    try {
      return io.grpc.Status.fromCodeValue(Integer.parseInt(code)).getCode().name();
    } catch (NumberFormatException e) {
      return "UNKNOWN";
    }
  }

  private CallMeters register(CallKey k) {
    Timer requests =
        Timer.builder("duet.requests")
            .description("Requests the node answered, by protocol, operation and status")
            .tags("protocol", k.protocol(), "operation", k.operation(), "status", k.status())
            .publishPercentileHistogram()
            .minimumExpectedValue(Duration.ofNanos(50_000))
            .maximumExpectedValue(Duration.ofSeconds(30))
            .register(registry);
    DistributionSummary bytes =
        DistributionSummary.builder("duet.request.bytes")
            .description("Request body bytes, by protocol and operation (a bulk's size)")
            .baseUnit("bytes")
            .tags("protocol", k.protocol(), "operation", k.operation())
            .register(registry);
    boolean failed = !k.status().equals("OK") && !k.status().startsWith("2");
    Counter errors =
        failed
            ? Counter.builder("duet.request.errors")
                .description("Requests answered with an error, by protocol and status")
                .tags("protocol", k.protocol(), "status", k.status())
                .register(registry)
            : null;
    return new CallMeters(requests, bytes, errors);
  }

  /** One meter per engine figure worth a dashboard, each reading the last scrape's sum. */
  private void registerEngineMeters() {
    counter("duet.indexing.index", "Documents indexed", StatsCounter.INDEX_TOTAL);
    counter("duet.indexing.delete", "Documents deleted", StatsCounter.DELETE_TOTAL);
    counter(
        "duet.indexing.noop.update",
        "Updates that changed nothing",
        StatsCounter.NOOP_UPDATE_TOTAL);
    counter("duet.indexing.failed", "Index operations that failed", StatsCounter.INDEX_FAILED);
    seconds("duet.indexing.index.time", "Time spent indexing", StatsCounter.INDEX_TIME);
    counter("duet.get", "Gets by id", StatsCounter.GET_TOTAL);
    counter("duet.search.query", "Query phases, per index searched", StatsCounter.QUERY_TOTAL);
    seconds("duet.search.query.time", "Time in query phases", StatsCounter.QUERY_TIME);
    counter("duet.search.query.failed", "Query phases that failed", StatsCounter.QUERY_FAILED);
    counter("duet.search.fetch", "Fetch phases, per index searched", StatsCounter.FETCH_TOTAL);
    counter("duet.search.scroll", "Scrolls closed", StatsCounter.SCROLL_TOTAL);
    counter("duet.refresh", "Refreshes", StatsCounter.REFRESH_TOTAL);
    seconds("duet.refresh.time", "Time refreshing", StatsCounter.REFRESH_TIME);
    counter("duet.flush", "Flushes (Lucene commits)", StatsCounter.FLUSH_TOTAL);
    counter("duet.merges", "Merges done", StatsCounter.MERGE_TOTAL);
    seconds("duet.merges.time", "Time merging", StatsCounter.MERGE_TIME);
    counter("duet.merges.docs", "Documents merged", StatsCounter.MERGE_TOTAL_DOCS);
    counter("duet.request.cache.hits", "Request cache hits", StatsCounter.REQUEST_CACHE_HITS);
    counter("duet.request.cache.misses", "Request cache misses", StatsCounter.REQUEST_CACHE_MISSES);
    gauge("duet.merges.current", "Merges running", StatsCounter.MERGE_CURRENT);
    gauge("duet.segments", "Searchable Lucene segments", StatsCounter.SEGMENT_COUNT);
    gauge("duet.docs", "Live documents", StatsCounter.DOCS_COUNT);
    gauge("duet.store.bytes", "Bytes of the indices on disk", StatsCounter.STORE_BYTES);
    gauge(
        "duet.translog.operations",
        "Operations in the translogs",
        StatsCounter.TRANSLOG_OPERATIONS);
    gauge("duet.translog.bytes", "Bytes of the translogs", StatsCounter.TRANSLOG_BYTES);
    gauge(
        "duet.search.open.contexts",
        "Open scrolls and points in time",
        StatsCounter.SEARCH_OPEN_CONTEXTS);
    gauge("duet.indexing.current", "Index operations running", StatsCounter.INDEX_CURRENT);
  }

  private void counter(String name, String description, StatsCounter counter) {
    FunctionCounter.builder(name, this, m -> m.engine.get(counter))
        .description(description)
        .register(registry);
  }

  private void seconds(String name, String description, StatsCounter nanos) {
    FunctionCounter.builder(name, this, m -> m.engine.get(nanos) / 1e9)
        .description(description)
        .baseUnit("seconds")
        .register(registry);
  }

  private void gauge(String name, String description, StatsCounter counter) {
    ToDoubleFunction<NodeMeters> read = m -> m.engine.get(counter);
    Gauge.builder(name, this, read).description(description).register(registry);
  }

  /** For tests: the operations seen so far. */
  List<String> operations() {
    return meters.keySet().stream().map(CallKey::operation).toList();
  }

  private record CallKey(String protocol, String operation, String status) {}

  private record CallMeters(Timer requests, DistributionSummary requestBytes, Counter errors) {}
}
