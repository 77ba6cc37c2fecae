package dev.duet.bench.probe;

import dev.duet.bench.SuppressForbidden;
import dev.duet.bench.client.AggregationQuery;
import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.GrpcBenchClient;
import dev.duet.bench.client.IndexOp;
import dev.duet.bench.client.RestBenchClient;
import dev.duet.bench.client.TextQuery;
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
 * A developer's probe, not a test: what one request costs the node, in server CPU and bytes
 * allocated, over REST and over gRPC, with the bench's own clients against a real in-process node.
 * Counts come from {@link com.sun.management.ThreadMXBean} over the node's threads only (Armeria's
 * and Lucene's, not the clients'), so the machine's load hardly moves them, unlike wall-clock
 * timings. Run it with the bench's test classpath (see docs/benchmarks.md, "Call cost").
 *
 * <p>Arguments: {@code docs} (search index size, default 20000), {@code rounds} (default 3), {@code
 * scenarios} (comma-separated: write (a bulk of one), bulk (of 500), search (match), search-bool
 * (match with a term and a range filter), search-phrase, agg (terms + max, request cache off),
 * agg-cached, write-c4 (four single writes at once, per write), knn (k=10 over 5,000 384-d vectors,
 * packed over gRPC), knn1536 (k=10 over 2,000 1,536-d vectors, packed over gRPC), typed-agg and
 * typed-bool (agg and search-bool, whose gRPC run is Duet's typed {@code
 * duet.search.SearchService/Search} instead of org.opensearch.protobufs'); default all but the
 * typed ones), {@code protocols} (default rest,grpc), {@code calls} per measured run (default 2000;
 * bulk 1/30 of it).
 */
@SuppressForbidden(reason = "a command-line probe prints its figures")
public final class CallCostProbe {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final String SEARCH_INDEX = "probe-search";
  private static final String BULK_INDEX = "probe-bulk";
  private static final int BULK_DOCS = 500;

  /**
   * k-NN scenario (also its index) -> dimensions, documents: 384-d as before, 1,536-d as Uber's.
   */
  private static final java.util.Map<String, int[]> KNN =
      java.util.Map.of("knn", new int[] {384, 5_000}, "knn1536", new int[] {1_536, 2_000});

  private CallCostProbe() {}

  public static void main(String[] args) throws Exception {
    int docs = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
    List<String> scenarios =
        List.of(
            (args.length > 2
                    ? args[2]
                    : "write,bulk,search,search-bool,agg,agg-cached,search-phrase,knn")
                .split(","));
    String protocols = args.length > 3 ? args[3] : "rest,grpc";
    int callsPerRun = args.length > 4 ? Integer.parseInt(args[4]) : 2000;
    Path data = Files.createTempDirectory("call-cost-probe");
    DocGenerator generator = new DocGenerator(42);
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
        RestBenchClient rest = new RestBenchClient("http://127.0.0.1:" + node.httpPort(), 4);
        GrpcBenchClient grpc = new GrpcBenchClient("127.0.0.1:" + node.grpcPort());
        TypedSearch typed = new TypedSearch("127.0.0.1:" + node.grpcPort())) {
      createIndex(rest, SEARCH_INDEX);
      for (int from = 0; from < docs; from += 1000) {
        List<IndexOp> ops = new ArrayList<>();
        for (int n = from; n < Math.min(docs, from + 1000); n++) {
          ops.add(new IndexOp("s" + n, generator.doc(n).source()));
        }
        rest.bulk(SEARCH_INDEX, ops);
      }
      rest.send("POST", "/" + SEARCH_INDEX + "/_refresh", null);
      rest.send("POST", "/" + SEARCH_INDEX + "/_forcemerge?max_num_segments=1", null);
      rest.send("POST", "/" + SEARCH_INDEX + "/_refresh", null);
      createIndex(rest, BULK_INDEX);
      for (String scenario : scenarios) {
        if (KNN.containsKey(scenario)) {
          loadVectors(rest, scenario);
        }
      }
      long[] nextId = {0};
      // write-c4: four clients' writes at once (one "call" of the loop is four writes, in
      // parallel).
      java.util.concurrent.ExecutorService clients =
          java.util.concurrent.Executors.newFixedThreadPool(
              4, Thread.ofPlatform().name("probe-client-", 0).daemon(true).factory());
      java.util.Random vectors = new java.util.Random(7);
      for (int round = 1; round <= rounds; round++) {
        for (String scenario : scenarios) {
          for (BenchClient client : List.of(rest, grpc)) {
            if (!protocols.contains(client.protocol().toString().toLowerCase(Locale.ROOT))) {
              continue;
            }
            Runnable call =
                switch (scenario) {
                  case "agg-cached" ->
                      () -> {
                        client.requestCache(null);
                        client.aggregate(SEARCH_INDEX, AggregationQuery.TERMS_MAX);
                      };
                  case "agg" ->
                      () -> {
                        client.requestCache(false);
                        client.aggregate(SEARCH_INDEX, AggregationQuery.TERMS_MAX);
                      };
                  case "typed-agg" ->
                      client instanceof GrpcBenchClient
                          ? () -> typed.termsMax(SEARCH_INDEX)
                          : () -> {
                            client.requestCache(false);
                            client.aggregate(SEARCH_INDEX, AggregationQuery.TERMS_MAX);
                          };
                  case "typed-bool" -> {
                    long[] n = {0};
                    yield client instanceof GrpcBenchClient
                        ? () ->
                            typed.boolFilter(
                                SEARCH_INDEX,
                                DocGenerator.SEARCH_FIELD,
                                generator.queryText(n[0]++))
                        : () ->
                            client.search(
                                SEARCH_INDEX,
                                TextQuery.BOOL_FILTER,
                                DocGenerator.SEARCH_FIELD,
                                generator.queryText(n[0]++),
                                10);
                  }
                  case "search-bool" -> {
                    long[] n = {0};
                    yield () ->
                        client.search(
                            SEARCH_INDEX,
                            TextQuery.BOOL_FILTER,
                            DocGenerator.SEARCH_FIELD,
                            generator.queryText(n[0]++),
                            10);
                  }
                  case "write" ->
                      () -> {
                        long id = nextId[0]++;
                        client.bulk(
                            BULK_INDEX,
                            List.of(new IndexOp(Long.toString(id), generator.doc(id).source())));
                      };
                  case "write-c4" ->
                      () -> {
                        List<java.util.concurrent.Future<?>> writes = new ArrayList<>(4);
                        for (int c = 0; c < 4; c++) {
                          long id = nextId[0]++;
                          IndexOp op = new IndexOp(Long.toString(id), generator.doc(id).source());
                          writes.add(clients.submit(() -> client.bulk(BULK_INDEX, List.of(op))));
                        }
                        for (java.util.concurrent.Future<?> w : writes) {
                          try {
                            w.get();
                          } catch (Exception e) {
                            throw new IllegalStateException(e);
                          }
                        }
                      };
                  case "knn", "knn1536" -> {
                    int dims = KNN.get(scenario)[0];
                    yield client instanceof GrpcBenchClient g
                        ? () -> g.search(knnGrpc(scenario, vector(vectors, dims)))
                        : () -> knnRest(rest, scenario, vector(vectors, dims));
                  }
                  case "search" -> {
                    long[] n = {0};
                    yield () ->
                        client.search(
                            SEARCH_INDEX,
                            TextQuery.MATCH,
                            DocGenerator.SEARCH_FIELD,
                            generator.queryText(n[0]++),
                            10);
                  }
                  case "search-phrase" -> {
                    long[] n = {0};
                    yield () ->
                        client.search(
                            SEARCH_INDEX,
                            TextQuery.PHRASE,
                            DocGenerator.SEARCH_FIELD,
                            generator.phraseText(n[0]++, docs),
                            10);
                  }
                  case "bulk" ->
                      () -> {
                        List<IndexOp> ops = new ArrayList<>(BULK_DOCS);
                        for (int i = 0; i < BULK_DOCS; i++) {
                          long id = nextId[0]++;
                          ops.add(new IndexOp(Long.toString(id), generator.doc(id).source()));
                        }
                        client.bulk(BULK_INDEX, ops);
                      };
                  default -> throw new IllegalArgumentException("scenario: " + scenario);
                };
            int calls = scenario.equals("bulk") ? Math.max(20, callsPerRun / 30) : callsPerRun;
            String protocol =
                scenario.startsWith("typed-") && client instanceof GrpcBenchClient
                    ? "TYPED"
                    : client.protocol().toString();
            measure(round, scenario, protocol, call, calls / 4);
            Cost cost = measure(round, scenario, protocol, call, calls);
            double per = scenario.equals("bulk") ? BULK_DOCS : scenario.equals("write-c4") ? 4 : 1;
            System.out.printf(
                Locale.ROOT,
                "round %d %-14s %-5s %8.1f us CPU/%s %10.0f bytes/%s (request threads %.1f us,"
                    + " %.0f bytes)  (wall p50 %.3f ms per call)%n",
                round,
                scenario,
                protocol,
                cost.cpuNanos / 1000.0 / calls / per,
                per == BULK_DOCS ? "doc " : "call",
                cost.bytes / (double) calls / per,
                per == BULK_DOCS ? "doc " : "call",
                cost.requestCpuNanos / 1000.0 / calls / per,
                cost.requestBytes / (double) calls / per,
                cost.medianNanos / 1e6);
          }
        }
      }
    }
  }

  private static float[] vector(java.util.Random random, int dims) {
    float[] v = new float[dims];
    for (int i = 0; i < v.length; i++) {
      v[i] = random.nextFloat() * 2 - 1;
    }
    return v;
  }

  private static void loadVectors(RestBenchClient rest, String index) {
    int dims = KNN.get(index)[0];
    int docs = KNN.get(index)[1];
    RestBenchClient.Response created =
        rest.send(
            "PUT",
            "/" + index,
            "{\"settings\":{\"index.knn\":true,\"number_of_shards\":1,"
                + "\"number_of_replicas\":0},\"mappings\":{\"properties\":{\"v\":{\"type\":"
                + "\"knn_vector\",\"dimension\":"
                + dims
                + ",\"method\":{\"name\":\"hnsw\",\"space_type\":\"l2\",\"engine\":"
                + "\"lucene\"}}}}}");
    if (!created.ok()) {
      throw new IllegalStateException(created.body());
    }
    java.util.Random random = new java.util.Random(3);
    for (int from = 0; from < docs; from += 500) {
      StringBuilder ndjson = new StringBuilder();
      for (int n = from; n < from + 500; n++) {
        ndjson.append("{\"index\":{\"_index\":\"" + index + "\",\"_id\":\"" + n + "\"}}\n");
        ndjson.append("{\"v\":").append(Arrays.toString(vector(random, dims))).append("}\n");
      }
      RestBenchClient.Response bulk = rest.send("POST", "/_bulk", ndjson.toString());
      if (!bulk.ok() || bulk.body().contains("\"errors\":true")) {
        throw new IllegalStateException(bulk.body().substring(0, 300));
      }
    }
    rest.send("POST", "/" + index + "/_forcemerge?max_num_segments=1", null);
    rest.send("POST", "/" + index + "/_refresh", null);
  }

  private static void knnRest(RestBenchClient rest, String index, float[] q) {
    RestBenchClient.Response r =
        rest.send(
            "POST",
            "/" + index + "/_search",
            "{\"size\":10,\"query\":{\"knn\":{\"v\":{\"vector\":"
                + Arrays.toString(q)
                + ",\"k\":10}}}}");
    if (!r.ok()) {
      throw new IllegalStateException(r.body());
    }
  }

  private static org.opensearch.protobufs.SearchRequest knnGrpc(String index, float[] q) {
    org.opensearch.protobufs.KnnQuery.Builder knn =
        org.opensearch.protobufs.KnnQuery.newBuilder().setField("v").setK(10);
    for (float f : q) {
      knn.addVector(f);
    }
    return org.opensearch.protobufs.SearchRequest.newBuilder()
        .addIndex(index)
        .setSearchRequestBody(
            org.opensearch.protobufs.SearchRequestBody.newBuilder()
                .setSize(10)
                .setQuery(org.opensearch.protobufs.QueryContainer.newBuilder().setKnn(knn)))
        .build();
  }

  private static void createIndex(RestBenchClient rest, String index) {
    RestBenchClient.Response created =
        rest.send(
            "PUT",
            "/" + index,
            "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0},\"mappings\":"
                + DocGenerator.MAPPING_JSON
                + "}");
    if (!created.ok()) {
      throw new IllegalStateException(created.body());
    }
  }

  private static Cost measure(int round, String scenario, String protocol, Runnable call, int n) {
    long[] wall = new long[n];
    Cost before = serverCost();
    for (int i = 0; i < n; i++) {
      long start = System.nanoTime();
      call.run();
      wall[i] = System.nanoTime() - start;
    }
    Cost after = serverCost();
    Arrays.sort(wall);
    return new Cost(
        after.cpuNanos - before.cpuNanos,
        after.bytes - before.bytes,
        after.requestBytes - before.requestBytes,
        after.requestCpuNanos - before.requestCpuNanos,
        wall[n / 2]);
  }

  /** CPU and allocation so far of the node's threads (the clients' have other names). */
  private static Cost serverCost() {
    long cpu = 0;
    long bytes = 0;
    long requestBytes = 0;
    long requestCpu = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      String name = thread.getName();
      if (name.startsWith("armeria") || name.startsWith("Lucene") || name.startsWith("duet")) {
        long id = thread.threadId();
        long threadCpu = Math.max(0, THREADS.getThreadCpuTime(id));
        cpu += threadCpu;
        long allocated = Math.max(0, THREADS.getThreadAllocatedBytes(id));
        bytes += allocated;
        if (!name.startsWith("Lucene") && !name.equals("duet-refresh")) {
          requestBytes += allocated; // the request's own threads, without merges and refreshes
          requestCpu += threadCpu;
        }
      }
    }
    return new Cost(cpu, bytes, requestBytes, requestCpu, 0);
  }

  /**
   * Server CPU and bytes allocated over a run of calls (all of the node's threads, and the request
   * threads alone: without Lucene's merges and the refresh thread, whose work a run inherits from
   * the runs before it), and the run's median wall time per call.
   */
  private record Cost(
      long cpuNanos, long bytes, long requestBytes, long requestCpuNanos, long medianNanos) {}
}
