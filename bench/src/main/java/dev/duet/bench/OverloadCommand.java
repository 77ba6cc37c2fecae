package dev.duet.bench;

import com.google.common.util.concurrent.ListenableFuture;
import dev.duet.bench.client.GrpcChannels;
import dev.duet.bench.client.GrpcRequests;
import dev.duet.bench.client.IndexOp;
import dev.duet.bench.client.RestRequests;
import dev.duet.bench.measure.ListeningProcess;
import dev.duet.bench.workload.DocGenerator;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.opensearch.protobufs.services.SearchServiceGrpc;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duet bench overload}: measures how many mixed requests (heavy REST searches, REST bulks,
 * gRPC searches) a node sustains with a few closed-loop clients, then offers it {@code --factor}
 * times that, open loop, for {@code --duration}; reports the share refused with 429 /
 * RESOURCE_EXHAUSTED, the node's heap and RSS, and a plain search's latency in the 5 s after the
 * load stops (the callers of the load go away: their calls are cancelled).
 */
@Command(
    name = "overload",
    mixinStandardHelpOptions = true,
    description =
        "Overload run: mixed heavy searches, bulks and gRPC searches at --factor x the node's"
            + " sustainable rate; share of 429/RESOURCE_EXHAUSTED, heap/RSS, and a plain search's"
            + " latency after the load stops.")
final class OverloadCommand implements Callable<Integer> {
  @Option(names = "--rest-url", defaultValue = "http://127.0.0.1:9200")
  String restUrl;

  @Option(names = "--grpc-target", defaultValue = "127.0.0.1:9400")
  String grpcTarget;

  @Option(names = "--index", defaultValue = "bench-overload")
  String index;

  @Option(names = "--docs", defaultValue = "20000", description = "Documents loaded first.")
  int docs;

  @Option(
      names = "--probe",
      defaultValue = "15s",
      converter = DurationConverter.class,
      description =
          "Closed-loop run (8 clients: the node's knee) that measures the sustainable rate.")
  Duration probe;

  @Option(names = "--factor", defaultValue = "3", description = "Offered load / sustainable.")
  double factor;

  @Option(
      names = "--duration",
      defaultValue = "120s",
      converter = DurationConverter.class,
      description =
          "How long the overload is offered; long enough for the search queue (1,000) to fill.")
  Duration duration;

  @Option(
      names = "--server-pid",
      defaultValue = "auto",
      description =
          "The node's pid for heap and RSS; auto: the process listening on the REST port.")
  String serverPid;

  @Option(
      names = "--timeout",
      defaultValue = "60",
      description = "Seconds a caller waits before giving up on a call (it is then cancelled).")
  int timeoutSeconds;

  @Option(names = "--out", defaultValue = "bench-results")
  Path out;

  private final DocGenerator docsGen = new DocGenerator(42);
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final AtomicLong sequence = new AtomicLong();
  private ManagedChannel channel;
  private SearchServiceGrpc.SearchServiceFutureStub grpc;

  @Override
  @SuppressForbidden(reason = "a command-line report")
  public Integer call() throws Exception {
    channel = GrpcChannels.open(grpcTarget); // README's client settings; its callbacks never block
    grpc = SearchServiceGrpc.newFutureStub(channel);
    long pid =
        "auto".equals(serverPid)
            ? ListeningProcess.find(URI.create(restUrl).getPort()).orElse(-1)
            : Long.parseLong(serverPid);
    try {
      load();
      Memory before = Memory.of(pid);
      double sustainable = probe();
      double offered = sustainable * factor;
      Outcomes outcomes = new Outcomes();
      List<Memory> during = new ArrayList<>();
      long loadNanos = overload(offered, outcomes, during, pid);
      List<long[]> after = afterLoad();
      Memory settled = Memory.of(pid);
      String report =
          report(sustainable, offered, loadNanos, outcomes, before, during, settled, after);
      Files.createDirectories(out);
      Files.writeString(out.resolve("overload.md"), report, StandardCharsets.UTF_8);
      System.out.println(report);
      return 0;
    } finally {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  private void load() throws IOException, InterruptedException {
    send("DELETE", "/" + index, null);
    String create = "{\"mappings\":" + DocGenerator.MAPPING_JSON + "}";
    check(send("PUT", "/" + index, create), "create " + index);
    for (int start = 0; start < docs; start += 1000) {
      check(
          send("POST", "/" + index + "/_bulk", bulkBody(start, Math.min(1000, docs - start))),
          "load");
    }
    check(send("POST", "/" + index + "/_refresh", ""), "refresh");
  }

  /** Requests per second that 8 closed-loop clients of the mixed workload complete. */
  private double probe() throws InterruptedException {
    LongAdder done = new LongAdder();
    long end = System.nanoTime() + probe.toNanos();
    List<Thread> clients = new ArrayList<>();
    for (int c = 0; c < 8; c++) {
      clients.add(
          Thread.ofPlatform()
              .name("overload-probe-" + c)
              .start(
                  () -> {
                    while (System.nanoTime() < end) {
                      try {
                        start(sequence.getAndIncrement()).get(60, TimeUnit.SECONDS);
                        done.increment();
                      } catch (Exception e) {
                        // a failed call does not count as sustained
                      }
                    }
                  }));
    }
    for (Thread t : clients) {
      t.join();
    }
    return done.sum() / (probe.toNanos() / 1e9);
  }

  /** Offers {@code rate} requests a second, open loop; returns the load's length in nanos. */
  private long overload(double rate, Outcomes outcomes, List<Memory> samples, long pid)
      throws InterruptedException {
    Set<Future<?>> pending = ConcurrentHashMap.newKeySet();
    long started = System.nanoTime();
    long end = started + duration.toNanos();
    long nextSample = started;
    long issued = 0;
    while (System.nanoTime() < end) {
      long due = (long) ((System.nanoTime() - started) / 1e9 * rate);
      for (; issued < due; issued++) {
        long n = sequence.getAndIncrement();
        CompletableFuture<Integer> call = start(n);
        pending.add(call);
        call.whenComplete(
            (status, failure) -> {
              pending.remove(call);
              outcomes.record(status == null ? -1 : status, failure);
            });
      }
      if (System.nanoTime() >= nextSample) {
        samples.add(Memory.of(pid));
        nextSample += TimeUnit.SECONDS.toNanos(5);
      }
      Thread.sleep(2);
    }
    long length = System.nanoTime() - started;
    outcomes.stopped = true; // what ends from here on was cut short by the cancellation below
    outcomes.unanswered.add(pending.size());
    // The load's callers go away: what they still wait for is cancelled.
    for (Future<?> f : pending) {
      f.cancel(true);
    }
    return length;
  }

  /** A plain search every 100 ms for 5 s after the load: {offset ms, latency micros, status}. */
  private List<long[]> afterLoad() throws InterruptedException {
    HttpClient fresh = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    byte[] body = RestRequests.matchQueryBody(DocGenerator.SEARCH_FIELD, "alpha", 10);
    List<long[]> out = new ArrayList<>();
    long stopped = System.nanoTime();
    while (System.nanoTime() - stopped < TimeUnit.SECONDS.toNanos(5)) {
      long t0 = System.nanoTime();
      int status;
      try {
        status =
            fresh
                .send(
                    post("/" + index + "/_search?request_cache=false", body),
                    HttpResponse.BodyHandlers.discarding())
                .statusCode();
      } catch (IOException e) {
        status = -1;
      }
      long t1 = System.nanoTime();
      out.add(new long[] {(t0 - stopped) / 1_000_000, (t1 - t0) / 1_000, status});
      Thread.sleep(Math.max(0, 100 - (t1 - t0) / 1_000_000));
    }
    return out;
  }

  /** One call of the mix: 4 in 10 heavy REST searches, 2 REST bulks, 4 gRPC searches. */
  private CompletableFuture<Integer> start(long n) {
    int kind = (int) (n % 10);
    if (kind < 4) {
      return http.sendAsync(
              post("/" + index + "/_search?request_cache=false", heavySearch(n)),
              HttpResponse.BodyHandlers.discarding())
          .thenApply(HttpResponse::statusCode);
    }
    if (kind < 6) {
      return http.sendAsync(
              post("/" + index + "/_bulk", bulkBody((int) (docs + n * 200), 200)),
              HttpResponse.BodyHandlers.discarding())
          .thenApply(HttpResponse::statusCode);
    }
    ListenableFuture<?> call =
        grpc.withDeadlineAfter(timeoutSeconds, TimeUnit.SECONDS)
            .search(
                GrpcRequests.matchSearch(
                    index, DocGenerator.SEARCH_FIELD, docsGen.queryText(n), 10));
    CompletableFuture<Integer> result =
        new CompletableFuture<>() {
          @Override
          public boolean cancel(boolean mayInterrupt) {
            boolean cancelled = super.cancel(mayInterrupt);
            call.cancel(true);
            return cancelled;
          }
        };
    call.addListener(
        () -> {
          try {
            call.get();
            result.complete(200);
          } catch (Exception e) {
            Status status = Status.fromThrowable(e);
            result.complete(
                status.getCode() == Status.Code.RESOURCE_EXHAUSTED
                    ? 429
                    : 1000 + status.getCode().value()); // 10xx: a gRPC code other than OK
          }
        },
        Runnable::run);
    return result;
  }

  private byte[] heavySearch(long n) {
    return ("{\"size\":20,\"query\":{\"match\":{\"body\":\""
            + docsGen.queryText(n)
            + "\"}},\"aggs\":{\"c\":{\"terms\":{\"field\":\"tags\",\"size\":500},"
            + "\"aggs\":{\"top\":{\"top_hits\":{\"size\":3}},"
            + "\"p\":{\"percentiles\":{\"field\":\"price\"}}}},"
            + "\"h\":{\"histogram\":{\"field\":\"stock\",\"interval\":1}}}}")
        .getBytes(StandardCharsets.UTF_8);
  }

  private byte[] bulkBody(int first, int count) {
    List<IndexOp> ops = new ArrayList<>(count);
    for (int i = first; i < first + count; i++) {
      ops.add(new IndexOp("d" + i, docsGen.doc(i).source()));
    }
    return RestRequests.bulkBody(ops);
  }

  private HttpRequest post(String path, byte[] body) {
    return HttpRequest.newBuilder(URI.create(restUrl + path))
        .timeout(Duration.ofSeconds(timeoutSeconds))
        .header(
            "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  private HttpResponse<String> send(String method, String path, Object body)
      throws IOException, InterruptedException {
    HttpRequest.BodyPublisher publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : body instanceof byte[] b
                ? HttpRequest.BodyPublishers.ofByteArray(b)
                : HttpRequest.BodyPublishers.ofString(body.toString());
    return http.send(
        HttpRequest.newBuilder(URI.create(restUrl + path))
            .header(
                "Content-Type",
                path.contains("_bulk") ? "application/x-ndjson" : "application/json")
            .method(method, publisher)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static void check(HttpResponse<String> r, String what) {
    if (r.statusCode() >= 300) {
      throw new IllegalStateException(what + ": " + r.statusCode() + " " + r.body());
    }
  }

  private String report(
      double sustainable,
      double offered,
      long loadNanos,
      Outcomes o,
      Memory before,
      List<Memory> during,
      Memory settled,
      List<long[]> after) {
    long total = o.ok.sum() + o.shed.sum() + o.failed.sum() + o.unanswered.sum();
    long maxHeap = during.stream().mapToLong(Memory::heapBytes).max().orElse(-1);
    long maxRss = during.stream().mapToLong(Memory::rssBytes).max().orElse(-1);
    List<Long> latencies = new ArrayList<>();
    long firstUnder50 = -1;
    for (long[] a : after) {
      latencies.add(a[1]);
      if (firstUnder50 < 0 && a[1] < 50_000 && a[2] == 200) {
        firstUnder50 = a[0];
      }
    }
    Collections.sort(latencies);
    StringBuilder md = new StringBuilder();
    md.append("| measure | value |\n|---|---|\n");
    row(md, "sustainable (8 closed-loop clients, mixed)", fmt("%.1f req/s", sustainable));
    row(md, "offered (open loop)", fmt("%.1f req/s for %.0f s", offered, loadNanos / 1e9));
    row(md, "calls issued", Long.toString(total));
    row(md, "answered OK", share(o.ok.sum(), total));
    row(md, "shed: 429 / RESOURCE_EXHAUSTED", share(o.shed.sum(), total));
    row(md, "other errors", share(o.failed.sum(), total) + " " + o.others);
    row(md, "unanswered when the load stopped (cancelled)", share(o.unanswered.sum(), total));
    row(md, "node heap used / RSS before", mb(before.heapBytes()) + " / " + mb(before.rssBytes()));
    row(md, "node heap used / RSS, max during load", mb(maxHeap) + " / " + mb(maxRss));
    row(
        md,
        "node heap used / RSS 5 s after",
        mb(settled.heapBytes()) + " / " + mb(settled.rssBytes()));
    row(
        md,
        "plain search after the load: first, p50, max",
        fmt(
            "%.1f ms, %.1f ms, %.1f ms (%d searches in 5 s)",
            after.isEmpty() ? -1 : after.get(0)[1] / 1000.0,
            latencies.isEmpty() ? -1 : latencies.get(latencies.size() / 2) / 1000.0,
            latencies.isEmpty() ? -1 : latencies.get(latencies.size() - 1) / 1000.0,
            after.size()));
    row(
        md,
        "first plain search under 50 ms",
        firstUnder50 < 0 ? "none within 5 s" : firstUnder50 + " ms after the load stopped");
    return md.toString();
  }

  private static void row(StringBuilder md, String name, String value) {
    md.append("| ").append(name).append(" | ").append(value).append(" |\n");
  }

  private static String share(long n, long total) {
    return fmt("%d (%.1f%%)", n, total == 0 ? 0.0 : 100.0 * n / total);
  }

  private static String mb(long bytes) {
    return bytes < 0 ? "n/a" : fmt("%.0f MB", bytes / 1048576.0);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  /** What the load's calls came to: 2xx, 429/RESOURCE_EXHAUSTED, anything else (by status). */
  private static final class Outcomes {
    final LongAdder ok = new LongAdder();
    final LongAdder shed = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder unanswered = new LongAdder();
    final java.util.Map<String, LongAdder> others = new ConcurrentHashMap<>();

    volatile boolean stopped;

    void record(int status, Throwable failure) {
      if (stopped) {
        return;
      }
      if (failure instanceof java.util.concurrent.CancellationException) {
        return; // cancelled when the load stopped: counted in unanswered
      }
      if (failure != null) {
        failed.increment();
        Throwable cause = failure.getCause() == null ? failure : failure.getCause();
        others.computeIfAbsent(cause.getClass().getSimpleName(), k -> new LongAdder()).increment();
      } else if (status >= 200 && status < 300) {
        ok.increment();
      } else if (status == 429) {
        shed.increment();
      } else {
        failed.increment();
        others.computeIfAbsent(Integer.toString(status), k -> new LongAdder()).increment();
      }
    }
  }

  /** The node's heap in use ({@code jcmd GC.heap_info}) and resident set, -1 when unknown. */
  private record Memory(long heapBytes, long rssBytes) {
    static Memory of(long pid) {
      if (pid < 0) {
        return new Memory(-1, -1);
      }
      return new Memory(heap(pid), rss(pid));
    }

    private static long rss(long pid) {
      try {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
          if (line.startsWith("VmRSS:")) {
            return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
          }
        }
      } catch (IOException | NumberFormatException e) {
        // unknown
      }
      return -1;
    }

    private static long heap(long pid) {
      Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
      try {
        Process p =
            new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.heap_info")
                .redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        var m = java.util.regex.Pattern.compile("used (\\d+)K").matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) * 1024 : -1;
      } catch (IOException e) {
        return -1;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return -1;
      }
    }
  }
}
