package dev.duet.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import dev.duet.server.pool.ThreadPoolSizes;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code duet load} against a real node: every input format, both protocols, vectors, 429s. */
class LoadCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  @TempDir Path dir;
  private static DuetNode node;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data));
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void bulkNdjsonHonoursActionsIdsAndIndicesOverBothProtocols() throws Exception {
    String bulk =
        """
        {"index":{"_id":"a"}}
        {"title":"alpha"}
        {"create":{"_id":"b","_index":"load-bulk-other"}}
        {"title":"beta"}

        {"index":{}}
        {"title":"gamma"}
        {"delete":{"_id":"a"}}
        """;
    for (String protocol : new String[] {"grpc", "rest"}) {
      String index = "load-bulk-" + protocol;
      assertThat(load(write("in.ndjson", bulk), index, "--protocol", protocol)).isZero();
      assertThat(count(index)).as(protocol).isEqualTo(1); // a indexed then deleted; gamma
      assertThat(get("load-bulk-other", "b").path("_source").path("title").asText())
          .isEqualTo("beta");
      http("DELETE", "/load-bulk-other", null);
    }
  }

  @Test
  void ndjsonJsonArrayAndCsvLoadEveryDocumentWithIdsFromAField() throws Exception {
    String docs =
        IntStream.range(0, 250)
            .mapToObj(i -> "{\"n\":" + i + ",\"name\":\"doc " + i + "\"}")
            .collect(Collectors.joining("\n"));
    assertThat(
            load(write("docs.jsonl", docs), "load-lines", "--id-field", "n", "--batch-size", "40"))
        .isZero();
    assertThat(count("load-lines")).isEqualTo(250);
    assertThat(get("load-lines", "249").path("_source").path("name").asText()).isEqualTo("doc 249");

    String array = "[\n" + docs.replace("\n", ",\n") + "\n]";
    assertThat(load(write("docs.json", array), "load-array", "--protocol", "rest")).isZero();
    assertThat(count("load-array")).isEqualTo(250);

    String csv =
        "id,title,year,rating,seen,note\n1,Dune,1965,4.5,true,\n2,\"Emma, a novel\",1815,3,false,x\n";
    assertThat(load(write("books.csv", csv), "load-csv", "--id-field", "id")).isZero();
    assertThat(count("load-csv")).isEqualTo(2);
    JsonNode emma = get("load-csv", "2").path("_source");
    assertThat(emma.path("title").asText()).isEqualTo("Emma, a novel");
    assertThat(emma.path("year").isNumber()).isTrue();
    assertThat(emma.path("seen").isBoolean()).isTrue();
    assertThat(get("load-csv", "1").path("_source").has("note")).isFalse();
    JsonNode mapping =
        JSON.readTree(http("GET", "/load-csv/_mapping", null).body())
            .path("load-csv")
            .path("mappings")
            .path("properties");
    assertThat(mapping.path("year").path("type").asText()).isEqualTo("long");
    assertThat(mapping.path("rating").path("type").asText()).isEqualTo("float");
    assertThat(mapping.path("seen").path("type").asText()).isEqualTo("boolean");
  }

  @Test
  void vectorsTravelPackedOverGrpcAndAreSearchable() throws Exception {
    http(
        "PUT",
        "/load-vectors",
        "{\"settings\":{\"index.knn\":true},\"mappings\":{\"properties\":{\"v\":{\"type\":"
            + "\"knn_vector\",\"dimension\":3,\"space_type\":\"l2\"},\"n\":{\"type\":\"long\"}}}}");
    String docs =
        IntStream.range(0, 50)
            .mapToObj(i -> "{\"n\":" + i + ",\"v\":[" + i + ".0,0.5," + (-i) + "]}")
            .collect(Collectors.joining("\n"));
    Path file = write("vectors.ndjson", docs);
    try (GrpcSink sink = new GrpcSink(grpcTarget(), Set.of("v"))) {
      // The packed form really is what goes out: the JSON carries no vector.
      var body = sink.body(LoadItem.index("{\"n\":1,\"v\":[1.0,2.5,-3]}".getBytes(), "x"));
      assertThat(body.getObject().toStringUtf8()).isEqualTo("{\"n\":1}");
      assertThat(
              body.getExtraFieldValuesMap()
                  .get("v")
                  .getFloatArrayValue()
                  .getBinaryLe()
                  .getBytesLe()
                  .size())
          .isEqualTo(12);
    }
    assertThat(load(file, "load-vectors", "--id-field", "n")).isZero();
    assertThat(count("load-vectors")).isEqualTo(50);
    JsonNode hits =
        JSON.readTree(
                http(
                        "POST",
                        "/load-vectors/_search",
                        "{\"size\":1,\"query\":{\"knn\":{\"v\":{\"vector\":[7.1,0.5,-7],\"k\":1}}}}")
                    .body())
            .path("hits")
            .path("hits");
    assertThat(hits.get(0).path("_id").asText()).isEqualTo("7");
  }

  @Test
  void itemsAnswered429AreSentAgainUntilEveryOneLands(@TempDir Path busyData) throws Exception {
    // One write thread and no queue: concurrent bulks are refused with 429 while one runs.
    NodeConfig config =
        NodeConfig.ephemeral(busyData)
            .withThreadPools(
                ThreadPoolSizes.defaults()
                    .with("thread_pool.write.size", 1)
                    .with("thread_pool.write.queue_size", 0));
    try (DuetNode busy = DuetNode.start(config)) {
      String docs =
          IntStream.range(0, 3000)
              .mapToObj(i -> "{\"n\":" + i + ",\"text\":\"some words to index " + i + "\"}")
              .collect(Collectors.joining("\n"));
      Path file = write("many.ndjson", docs);
      for (String protocol : new String[] {"grpc", "rest"}) {
        BulkSink sink =
            protocol.equals("grpc")
                ? new GrpcSink("127.0.0.1:" + busy.grpcPort(), Set.of())
                : new RestSink("http://127.0.0.1:" + busy.httpPort());
        LoadReport report;
        try (sink;
            InputStream in = new BufferedInputStream(Files.newInputStream(file));
            DocumentReader reader = new DocumentReader(in, InputFormat.NDJSON, "n")) {
          report = new Loader(sink, "busy-" + protocol, 25, 1 << 20, 4, 50).run(reader, b -> {});
        }
        assertThat(report.loaded()).as(protocol).isEqualTo(3000);
        assertThat(report.failed()).as(protocol).isZero();
        assertThat(report.retried()).as("%s: some bulks met a busy pool", protocol).isPositive();
        assertThat(report.bytes()).isEqualTo(Files.size(file));
      }
    }
  }

  @Test
  void badInputStopsWithTheLineAndExitStatus2() throws Exception {
    assertThat(load(write("bad.ndjson", "{\"ok\":1}\n{not json\n"), "load-bad")).isEqualTo(2);
    assertThat(
            load(write("upd.ndjson", "{\"update\":{\"_id\":\"1\"}}\n{\"doc\":{}}\n"), "load-bad"))
        .isEqualTo(2);
    assertThat(load(write("arr.json", "[1,2]"), "load-bad", "--format", "json")).isEqualTo(2);
  }

  @Test
  void failedItemsAreCountedAndTheExitStatusIs1() throws Exception {
    http(
        "PUT",
        "/load-strict",
        "{\"mappings\":{\"dynamic\":\"strict\",\"properties\":{\"a\":{\"type\":\"long\"}}}}");
    String docs = "{\"a\":1}\n{\"b\":2}\n{\"a\":\"x\"}\n{\"a\":3}\n";
    assertThat(load(write("mixed.ndjson", docs), "load-strict", "--protocol", "rest")).isEqualTo(1);
    assertThat(count("load-strict")).isEqualTo(2);
  }

  private int load(Path file, String index, String... more) {
    String[] args = new String[6 + more.length];
    args[0] = file.toString();
    args[1] = "--index=" + index;
    args[2] = "--rest-url=http://127.0.0.1:" + node.httpPort();
    args[3] = "--grpc-target=" + grpcTarget();
    args[4] = "--no-progress";
    args[5] = "--batch-mb=1";
    System.arraycopy(more, 0, args, 6, more.length);
    return new CommandLine(new LoadCommand()).execute(args);
  }

  private static String grpcTarget() {
    return "127.0.0.1:" + node.grpcPort();
  }

  private Path write(String name, String content) throws Exception {
    return Files.writeString(dir.resolve(name), content);
  }

  private static long count(String index) throws Exception {
    http("POST", "/" + index + "/_refresh", null);
    return JSON.readTree(http("GET", "/" + index + "/_count", null).body()).path("count").asLong();
  }

  private static JsonNode get(String index, String id) throws Exception {
    return JSON.readTree(http("GET", "/" + index + "/_doc/" + id, null).body());
  }

  private static HttpResponse<String> http(String method, String path, String body)
      throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
