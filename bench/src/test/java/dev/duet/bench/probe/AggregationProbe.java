package dev.duet.bench.probe;

import dev.duet.bench.SuppressForbidden;
import dev.duet.bench.client.IndexOp;
import dev.duet.bench.client.RestBenchClient;
import dev.duet.bench.workload.DocGenerator;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A developer's probe, not a test: Duet's side of the in-process aggregation baseline ({@code
 * dev.duet.bench.jmh.TermsMinMaxBaseline}). The same documents (seed 42, one segment) in a node in
 * this JVM, and the same aggregation ({@code terms} on {@code category} with {@code min} and {@code
 * max} of {@code price}, or {@code max} alone) over REST with {@code request_cache=false}: wall p50
 * per call and the node's CPU per call (its threads only, {@code ThreadMXBean}), a run at a time.
 *
 * <p>Arguments: {@code docs} (default 50000), {@code rounds} (default 5), {@code calls} per round
 * (default 2000), {@code metrics} ({@code minmax}, {@code max}, or {@code none}: the same search
 * without aggregations, what the request costs around them; default minmax).
 */
@SuppressForbidden(reason = "a command-line probe prints its figures")
public final class AggregationProbe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final String INDEX = "probe-aggs";

  private AggregationProbe() {}

  public static void main(String[] args) throws Exception {
    int docs = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int calls = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
    String metrics = args.length > 3 ? args[3] : "minmax";
    // none: the same search without aggregations, the request's own cost (HTTP, JSON, search).
    String body =
        metrics.equals("none")
            ? "{\"size\":0}"
            : "{\"size\":0,\"aggs\":{\"c\":{\"terms\":{\"field\":\"category\"},\"aggs\":{"
                + (metrics.equals("minmax") ? "\"lo\":{\"min\":{\"field\":\"price\"}}," : "")
                + "\"hi\":{\"max\":{\"field\":\"price\"}}}}}}";
    String path = "/" + INDEX + "/_search?request_cache=false";
    Path data = Files.createTempDirectory("aggregation-probe");
    DocGenerator generator = new DocGenerator(42);
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
        RestBenchClient rest = new RestBenchClient("http://127.0.0.1:" + node.httpPort(), 1)) {
      RestBenchClient.Response created =
          rest.send(
              "PUT",
              "/" + INDEX,
              "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0},\"mappings\":"
                  + DocGenerator.MAPPING_JSON
                  + "}");
      if (!created.ok()) {
        throw new IllegalStateException(created.body());
      }
      for (int from = 0; from < docs; from += 1000) {
        List<IndexOp> ops = new ArrayList<>();
        for (int n = from; n < Math.min(docs, from + 1000); n++) {
          ops.add(new IndexOp("s" + n, generator.doc(n).source()));
        }
        rest.bulk(INDEX, ops);
      }
      rest.send("POST", "/" + INDEX + "/_forcemerge?max_num_segments=1", null);
      rest.send("POST", "/" + INDEX + "/_refresh", null);
      RestBenchClient.Response first = rest.send("POST", path, body);
      System.out.println(first.body());
      for (int round = 0; round <= rounds; round++) {
        long[] wall = new long[calls];
        long cpuBefore = serverCpu();
        for (int i = 0; i < calls; i++) {
          long start = System.nanoTime();
          RestBenchClient.Response r = rest.send("POST", path, body);
          wall[i] = System.nanoTime() - start;
          if (r.status() != 200) {
            throw new IllegalStateException(r.body());
          }
        }
        long cpu = serverCpu() - cpuBefore;
        Arrays.sort(wall);
        System.out.printf(
            Locale.ROOT,
            "%s %s: wall p50 %.3f ms p90 %.3f ms, server CPU %.1f us/call%n",
            round == 0 ? "warm-up" : "round " + round,
            metrics,
            wall[calls / 2] / 1e6,
            wall[calls * 9 / 10] / 1e6,
            cpu / 1000.0 / calls);
      }
    }
  }

  /** CPU so far of the node's threads (the client's have other names). */
  private static long serverCpu() {
    long cpu = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      String name = thread.getName();
      if (name.startsWith("armeria") || name.startsWith("Lucene") || name.startsWith("duet")) {
        cpu += Math.max(0, THREADS.getThreadCpuTime(thread.threadId()));
      }
    }
    return cpu;
  }
}
