package dev.duet.bench;

import com.google.protobuf.ByteString;
import dev.duet.bench.client.CallHeaders;
import dev.duet.bench.client.GrpcChannels;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.MetadataUtils;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.opensearch.protobufs.BinaryFieldValue;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.FloatArrayValue;
import org.opensearch.protobufs.FloatList;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.KnnQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duet bench vectors}: the seed's vector experiments against a running node. (1) k-NN k=10
 * over a loaded index, REST JSON against gRPC {@code KnnQuery} (packed floats), one client,
 * p50/p95/p99 and request bytes; (2) vector bulk ingest as REST JSON, gRPC {@code object} (JSON
 * bytes) and gRPC packed {@code extra_field_values}, docs/s. Vectors are seeded random floats.
 * Pointed at the gateway's ports ({@code --rest-url}, {@code --grpc-target}) with {@code
 * --api-key}, it measures k-NN through the gateway; {@code --skip-load --skip-ingest} then search
 * an index loaded by an earlier direct run. {@code --mode}, {@code --compression} and {@code
 * --engine} shape the vector field as the k-NN plugin does; {@code --report-memory} then reports
 * what the loaded field costs in vector files and heap ({@link VectorMemoryReport}).
 */
@Command(
    name = "vectors",
    mixinStandardHelpOptions = true,
    description = "k-NN search REST vs gRPC and vector bulk ingest JSON vs object vs packed.")
final class VectorCommand implements Callable<Integer> {
  @Option(names = "--rest-url", defaultValue = "http://127.0.0.1:9200")
  String restUrl;

  @Option(names = "--grpc-port", defaultValue = "9400", description = "gRPC port on 127.0.0.1")
  int grpcPort;

  @Option(
      names = "--grpc-target",
      description = "gRPC endpoint, host:port, plaintext (overrides --grpc-port)")
  String grpcTarget;

  @Option(
      names = "--api-key",
      description =
          "Sends Authorization: ApiKey <key> on every REST request and gRPC call, for a node"
              + " behind the Duet gateway.")
  String apiKey;

  @Option(
      names = {"-H", "--header"},
      description = "A header on every REST request and gRPC call, \"Name: value\"; repeatable.")
  List<String> headers = new ArrayList<>();

  @Option(
      names = "--protocols",
      defaultValue = "rest,grpc",
      description = "k-NN search rows to run: rest, grpc (default: ${DEFAULT-VALUE}).")
  String protocols;

  @Option(
      names = "--skip-ingest",
      description = "Only the k-NN search table (no vector bulk ingest comparison).")
  boolean skipIngest;

  @Option(names = "--dims", defaultValue = "384")
  int dims;

  @Option(names = "--docs", defaultValue = "100000", description = "documents in the search index")
  int docs;

  @Option(names = "--queries", defaultValue = "1000")
  int queries;

  @Option(names = "--ingest-docs", defaultValue = "10000", description = "per ingest mode")
  int ingestDocs;

  @Option(names = "--batch", defaultValue = "500")
  int batch;

  @Option(
      names = "--load",
      defaultValue = "packed",
      description = "how to load the search index: packed (gRPC) or rest")
  String load;

  @Option(names = "--skip-load", description = "the search index (--index) is already loaded")
  boolean skipLoad;

  @Option(
      names = "--index",
      defaultValue = "bench-knn",
      description =
          "the search index; ingest indices are <index>-ingest-<mode> (default: ${DEFAULT-VALUE})")
  String index;

  @Option(
      names = "--mode",
      description = "the k-NN plugin's mode for the vector field: in_memory or on_disk")
  String mode;

  @Option(
      names = "--compression",
      description = "the k-NN plugin's compression_level for the vector field: 1x, 2x, ... 32x")
  String compression;

  @Option(
      names = "--engine",
      defaultValue = "lucene",
      description =
          "the method's engine: lucene (compression 1x, 4x) or faiss (all levels; Duet maps it onto"
              + " Lucene too)")
  String engine;

  @Option(
      names = "--report-memory",
      paramLabel = "DATA_DIR",
      description =
          "After loading, flush the search index and report its vector files and heap, read from"
              + " the node's data directory DATA_DIR (same machine), scaled to 1M vectors.")
  java.nio.file.Path memoryDataDir;

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final Random random = new Random(42);
  private CallHeaders sent = CallHeaders.NONE;
  private ManagedChannel channel;
  private DocumentServiceGrpc.DocumentServiceBlockingStub documents;
  private SearchServiceGrpc.SearchServiceBlockingStub search;

  @Override
  @SuppressForbidden(reason = "command-line entry point prints its Markdown table")
  public Integer call() throws Exception {
    sent = CallHeaders.of(apiKey, headers);
    channel = GrpcChannels.open(grpcTarget != null ? grpcTarget : "127.0.0.1:" + grpcPort);
    Channel calls = channel;
    if (!sent.values().isEmpty()) {
      Metadata metadata = new Metadata();
      sent.values()
          .forEach(
              (name, value) ->
                  metadata.put(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER), value));
      calls =
          ClientInterceptors.intercept(
              channel, MetadataUtils.newAttachHeadersInterceptor(metadata));
    }
    documents = DocumentServiceGrpc.newBlockingStub(calls);
    search = SearchServiceGrpc.newBlockingStub(calls);
    StringBuilder out = new StringBuilder();
    try {
      if (!skipLoad) {
        createIndex(index);
        long start = System.nanoTime();
        ingest(index, docs, load.equals("rest") ? Mode.REST : Mode.PACKED);
        rest("POST", "/" + index + "/_refresh", null);
        out.append(
            String.format(
                Locale.ROOT,
                "loaded %d x %d-dim docs (%s) in %.1f s%n%n",
                docs,
                dims,
                load,
                (System.nanoTime() - start) / 1e9));
      }
      if (memoryDataDir != null) {
        out.append(memoryReport()).append('\n');
      }
      out.append(
          "| k-NN k=10 | p50 ms | p95 ms | p99 ms | request bytes |\n|---|---|---|---|---|\n");
      if (protocols.contains("rest")) {
        searchRow(out, "REST JSON", false);
      }
      if (protocols.contains("grpc")) {
        searchRow(out, "gRPC KnnQuery", true);
      }
      if (skipIngest) {
        System.out.print(out);
        return 0;
      }
      out.append("\n| bulk ingest (")
          .append(batch)
          .append(" docs/request) | docs/s |\n|---|---|\n");
      for (Mode mode : Mode.values()) {
        String ingestIndex = index + "-ingest-" + mode.name().toLowerCase(Locale.ROOT);
        createIndex(ingestIndex);
        long start = System.nanoTime();
        try {
          ingest(ingestIndex, ingestDocs, mode);
          double seconds = (System.nanoTime() - start) / 1e9;
          out.append(
              String.format(Locale.ROOT, "| %s | %.0f |%n", mode.title, ingestDocs / seconds));
        } catch (RuntimeException e) {
          out.append("| ")
              .append(mode.title)
              .append(" | failed: ")
              .append(e.getMessage())
              .append(" |\n");
        }
        rest("DELETE", "/" + ingestIndex, null);
      }
    } finally {
      channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }
    System.out.print(out);
    return 0;
  }

  private void searchRow(StringBuilder out, String title, boolean grpc) throws Exception {
    Histogram histogram = new Histogram(3);
    long bytes = 0;
    int warmup = Math.max(50, queries / 10);
    for (int i = 0; i < warmup + queries; i++) {
      float[] q = vector();
      long start = System.nanoTime();
      if (grpc) {
        SearchRequest request = knnRequest(q);
        bytes = request.getSerializedSize();
        search.search(request);
      } else {
        String body =
            "{\"size\":10,\"query\":{\"knn\":{\"v\":{\"vector\":" + json(q) + ",\"k\":10}}}}";
        bytes = body.getBytes(StandardCharsets.UTF_8).length;
        HttpResponse<String> r = rest("POST", "/" + index + "/_search", body);
        if (r.statusCode() != 200) {
          throw new IllegalStateException("k-NN search: HTTP " + r.statusCode() + " " + r.body());
        }
      }
      if (i >= warmup) {
        histogram.recordValue((System.nanoTime() - start) / 1000);
      }
    }
    out.append(
        String.format(
            Locale.ROOT,
            "| %s | %.2f | %.2f | %.2f | %d |%n",
            title,
            histogram.getValueAtPercentile(50) / 1000.0,
            histogram.getValueAtPercentile(95) / 1000.0,
            histogram.getValueAtPercentile(99) / 1000.0,
            bytes));
  }

  private SearchRequest knnRequest(float[] q) {
    KnnQuery.Builder knn = KnnQuery.newBuilder().setField("v").setK(10);
    for (float f : q) {
      knn.addVector(f);
    }
    return SearchRequest.newBuilder()
        .addIndex(index)
        .setSearchRequestBody(
            SearchRequestBody.newBuilder()
                .setSize(10)
                .setQuery(QueryContainer.newBuilder().setKnn(knn)))
        .build();
  }

  private void ingest(String index, int count, Mode mode) throws Exception {
    for (int from = 0; from < count; from += batch) {
      int n = Math.min(batch, count - from);
      if (mode == Mode.REST) {
        StringBuilder ndjson = new StringBuilder();
        for (int i = 0; i < n; i++) {
          ndjson.append("{\"index\":{\"_index\":\"").append(index).append("\"}}\n");
          ndjson
              .append("{\"n\":")
              .append(from + i)
              .append(",\"v\":")
              .append(json(vector()))
              .append("}\n");
        }
        HttpResponse<String> r = rest("POST", "/_bulk", ndjson.toString());
        if (r.body().startsWith("{\"took\"") && r.body().contains("\"errors\":true")) {
          throw new IllegalStateException("bulk errors: " + r.body().substring(0, 300));
        }
        continue;
      }
      BulkRequest.Builder request = BulkRequest.newBuilder().setIndex(index);
      for (int i = 0; i < n; i++) {
        float[] v = vector();
        BulkRequestBody.Builder body =
            BulkRequestBody.newBuilder()
                .setOperationContainer(
                    OperationContainer.newBuilder().setIndex(IndexOperation.getDefaultInstance()));
        if (mode == Mode.OBJECT) {
          body.setObject(
              ByteString.copyFromUtf8("{\"n\":" + (from + i) + ",\"v\":" + json(v) + "}"));
        } else {
          FloatList.Builder list = FloatList.newBuilder();
          for (float f : v) {
            list.addValues(f);
          }
          body.setObject(ByteString.copyFromUtf8("{\"n\":" + (from + i) + "}"))
              .putExtraFieldValues(
                  "v",
                  BinaryFieldValue.newBuilder()
                      .setFloatArrayValue(FloatArrayValue.newBuilder().setValues(list))
                      .build());
        }
        request.addBulkRequestBody(body);
      }
      if (documents.bulk(request.build()).getErrors()) {
        throw new IllegalStateException("bulk errors in " + index);
      }
    }
  }

  private void createIndex(String index) throws Exception {
    rest("DELETE", "/" + index, null);
    HttpResponse<String> r =
        rest(
            "PUT",
            "/" + index,
            "{\"settings\":{\"index.knn\":true,\"number_of_shards\":1,\"number_of_replicas\":0},"
                + "\"mappings\":{\"properties\":{\"n\":{\"type\":\"long\"},\"v\":{\"type\":"
                + "\"knn_vector\",\"dimension\":"
                + dims
                + VectorMemoryReport.quantization(mode, compression)
                + ",\"method\":{\"name\":\"hnsw\",\"engine\":\""
                + engine
                + "\",\"space_type\":\"l2\"}}}}}");
    if (r.statusCode() != 200) {
      throw new IllegalStateException("create " + index + ": " + r.body());
    }
  }

  /** Flushes the search index (so its segments are committed) and measures its vector field. */
  private String memoryReport() throws Exception {
    rest("POST", "/" + index + "/_flush", null);
    HttpResponse<String> settings = rest("GET", "/" + index + "/_settings", null);
    java.util.regex.Matcher uuid =
        java.util.regex.Pattern.compile("\"uuid\":\"([^\"]+)\"").matcher(settings.body());
    if (!uuid.find()) {
      throw new IllegalStateException("no index.uuid in " + settings.body());
    }
    return VectorMemoryReport.table(
        dims,
        mode,
        compression,
        dev.duet.bench.measure.VectorMemory.of(
            dev.duet.bench.measure.VectorMemory.indexDirectory(memoryDataDir, uuid.group(1)), "v"));
  }

  private float[] vector() {
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = random.nextFloat() * 2 - 1;
    }
    return v;
  }

  private static String json(float[] v) {
    StringBuilder out = new StringBuilder(v.length * 12).append('[');
    for (int i = 0; i < v.length; i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(v[i]);
    }
    return out.append(']').toString();
  }

  private HttpResponse<String> rest(String method, String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(restUrl + path));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      b.header(
          "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
    }
    sent.values().forEach(b::header);
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  private enum Mode {
    REST("REST JSON (_bulk)"),
    OBJECT("gRPC Bulk, vector in object (JSON bytes)"),
    PACKED("gRPC Bulk, packed extra_field_values");

    final String title;

    Mode(String title) {
      this.title = title;
    }
  }
}
