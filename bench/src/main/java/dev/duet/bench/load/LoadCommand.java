package dev.duet.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.bench.SuppressForbidden;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code duet load FILE --index NAME}: see {@link dev.duet.bench.load}. */
@Command(
    name = "duet load",
    mixinStandardHelpOptions = true,
    description = {
      "Bulk-loads documents from FILE into an index of a running Duet or OpenSearch node, over gRPC"
          + " (DocumentService/Bulk; knn_vector fields sent as packed floats) or REST (_bulk).",
      "FILE is OpenSearch bulk NDJSON (action and source lines), one JSON document per line, a"
          + " JSON array of documents, or CSV with a header row (cells typed: booleans, numbers,"
          + " strings; empty cells left out); '-' reads standard input.",
      "Exit status: 0 every document loaded, 1 some documents failed, 2 bad input or a refused"
          + " request."
    })
@SuppressForbidden(reason = "a command-line entry point prints its progress and report")
public final class LoadCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "FILE", description = "the input file, or - for stdin")
  String file;

  @Option(
      names = "--index",
      required = true,
      description = "index to load into (a bulk line's _index overrides it)")
  String index;

  @Option(
      names = "--format",
      defaultValue = "auto",
      description =
          "auto, bulk, ndjson, json or csv (default: ${DEFAULT-VALUE}: .csv is CSV,"
              + " otherwise the first line decides)")
  String format;

  @Option(
      names = "--protocol",
      defaultValue = "grpc",
      description = "grpc or rest (default: ${DEFAULT-VALUE})")
  String protocol;

  @Option(
      names = "--rest-url",
      defaultValue = "http://127.0.0.1:9200",
      description = "the node's REST URL (default: ${DEFAULT-VALUE})")
  String restUrl;

  @Option(
      names = "--grpc-target",
      defaultValue = "127.0.0.1:9400",
      description = "the node's gRPC host:port (default: ${DEFAULT-VALUE})")
  String grpcTarget;

  @Option(
      names = "--id-field",
      description = "a top-level field whose value becomes _id (NDJSON, JSON, CSV)")
  String idField;

  @Option(
      names = "--batch-size",
      defaultValue = "1000",
      description = "documents per bulk request at most (default: ${DEFAULT-VALUE})")
  int batchSize;

  @Option(
      names = "--batch-mb",
      defaultValue = "5",
      description = "megabytes per bulk request at most (default: ${DEFAULT-VALUE})")
  double batchMb;

  @Option(
      names = "--concurrency",
      defaultValue = "2",
      description = "bulk requests in flight at most (default: ${DEFAULT-VALUE})")
  int concurrency;

  @Option(
      names = "--max-retries",
      defaultValue = "8",
      description = "times an item answered 429 is sent again (default: ${DEFAULT-VALUE})")
  int maxRetries;

  @Option(
      names = "--pack-vectors",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description = "over gRPC, send the index's knn_vector fields as packed floats (default: on)")
  boolean packVectors;

  @Option(
      names = "--progress",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description = "show a progress bar on stderr (default: on)")
  boolean progress;

  public static void main(String[] args) {
    System.exit(new CommandLine(new LoadCommand()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (batchSize < 1 || concurrency < 1 || maxRetries < 0 || batchMb <= 0) {
      System.err.println(
          "duet load: --batch-size, --concurrency and --batch-mb must be positive, --max-retries"
              + " at least 0");
      return 2;
    }
    boolean stdin = file.equals("-");
    long size = stdin ? -1 : Files.size(Path.of(file));
    try (InputStream raw = stdin ? System.in : Files.newInputStream(Path.of(file));
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        BulkSink sink = sink()) {
      InputFormat inputFormat =
          format.equals("auto")
              ? InputFormat.detect(file, in)
              : InputFormat.valueOf(format.toUpperCase(Locale.ROOT));
      Loader loader =
          new Loader(sink, index, batchSize, (long) (batchMb * (1 << 20)), concurrency, maxRetries);
      LoadReport report;
      try (DocumentReader reader = new DocumentReader(in, inputFormat, idField);
          ProgressBar bar = progress ? ProgressBars.bytes("load", size) : null) {
        report =
            loader.run(
                reader,
                bytes -> {
                  if (bar != null) {
                    bar.stepTo(bytes);
                    bar.setExtraMessage(String.format(Locale.ROOT, " %,d docs", loader.loaded()));
                  }
                });
      }
      System.out.println(report.summary());
      report.firstFailures().forEach(f -> System.out.println("  failed: " + f));
      return report.failed() == 0 ? 0 : 1;
    } catch (LoadException | IllegalArgumentException e) {
      System.err.println("duet load: " + e.getMessage());
      return 2;
    }
  }

  private BulkSink sink() throws IOException, InterruptedException {
    return switch (protocol.toLowerCase(Locale.ROOT)) {
      case "grpc" -> new GrpcSink(grpcTarget, packVectors ? vectorFields() : Set.of());
      case "rest" -> new RestSink(restUrl);
      default -> throw new IllegalArgumentException("--protocol is grpc or rest, not " + protocol);
    };
  }

  /** The index's top-level knn_vector fields, from its mapping; none when it does not exist yet. */
  private Set<String> vectorFields() throws IOException, InterruptedException {
    try (HttpClient http = HttpClient.newHttpClient()) {
      String url =
          restUrl.replaceAll("/$", "")
              + "/"
              + URLEncoder.encode(index, StandardCharsets.UTF_8)
              + "/_mapping";
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(url)).build(),
              HttpResponse.BodyHandlers.ofString());
      Set<String> fields = new LinkedHashSet<>();
      if (r.statusCode() != 200) {
        return fields;
      }
      for (JsonNode mapping : new ObjectMapper().readTree(r.body())) {
        mapping
            .path("mappings")
            .path("properties")
            .properties()
            .forEach(
                e -> {
                  if ("knn_vector".equals(e.getValue().path("type").asText())) {
                    fields.add(e.getKey());
                  }
                });
      }
      return fields;
    } catch (java.net.ConnectException e) {
      throw new LoadException("cannot reach " + restUrl + " to read the mapping of " + index, e);
    }
  }
}
