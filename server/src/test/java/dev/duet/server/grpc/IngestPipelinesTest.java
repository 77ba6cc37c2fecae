package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.ingest.GetPipelineResponse;
import org.opensearch.client.opensearch.ingest.SimulateResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/**
 * Ingest pipelines through the real clients: stored and read with opensearch-java's ingest calls,
 * run on writes named by a bulk item, by the request, by {@code index.default_pipeline} and {@code
 * index.final_pipeline}, over REST and over gRPC's {@code DocumentService/Bulk} alike.
 */
class IngestPipelinesTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient rest;
  private static ManagedChannel channel;
  private static DocumentServiceGrpc.DocumentServiceBlockingStub documents;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    documents = DocumentServiceGrpc.newBlockingStub(channel);
    rest.ingest()
        .putPipeline(
            p ->
                p.id("tag-it")
                    .description("tags and lowercases")
                    .version(2L)
                    .processors(pr -> pr.lowercase(l -> l.field("name")))
                    .processors(
                        pr -> pr.set(s -> s.field("tagged").value(JsonData.of("{{name}}!")))));
    rest.ingest()
        .putPipeline(
            p ->
                p.id("stamp")
                    .processors(pr -> pr.set(s -> s.field("stamped").value(JsonData.of(true)))));
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void storedPipelineReadsBackThroughTheClient() throws Exception {
    GetPipelineResponse got = rest.ingest().getPipeline(g -> g.id("tag-it"));
    assertThat(got.result()).containsKey("tag-it");
    assertThat(got.result().get("tag-it").description()).isEqualTo("tags and lowercases");
    assertThat(got.result().get("tag-it").version()).isEqualTo(2L);
    assertThatThrownBy(() -> rest.ingest().deletePipeline(d -> d.id("nope")))
        .isInstanceOfSatisfying(
            OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(404));
  }

  @Test
  void simulateRunsTheStoredPipeline() throws Exception {
    SimulateResponse answer =
        rest.ingest()
            .simulate(s -> s.id("tag-it").docs(d -> d.source(JsonData.of(Map.of("name", "ADA")))));
    Map<String, JsonData> source = answer.docs().get(0).doc().source();
    assertThat(source.get("name").to(String.class)).isEqualTo("ada");
    assertThat(source.get("tagged").to(String.class)).isEqualTo("ada!");
  }

  @Test
  void restBulkItemsRunTheirPipelineAndAFailureStaysOnItsItem() throws Exception {
    BulkResponse written =
        rest.bulk(
            b ->
                b.refresh(Refresh.True)
                    .pipeline("tag-it")
                    .operations(
                        o ->
                            o.index(
                                i -> i.index("people").id("1").document(Map.of("name", "GRACE"))))
                    .operations(
                        o -> o.index(i -> i.index("people").id("2").document(Map.of("name", 7))))
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("people")
                                        .id("3")
                                        .pipeline("_none")
                                        .document(Map.of("name", "KEPT")))));
    assertThat(written.errors()).isTrue();
    assertThat(written.items().get(1).status()).isEqualTo(400);
    assertThat(written.items().get(1).error().reason())
        .isEqualTo("field [name] of type [java.lang.Integer] cannot be cast to [java.lang.String]");
    Map<String, Object> one = source(rest.get(g -> g.index("people").id("1"), Map.class).source());
    assertThat(one).containsEntry("name", "grace").containsEntry("tagged", "grace!");
    Map<String, Object> three =
        source(rest.get(g -> g.index("people").id("3"), Map.class).source());
    assertThat(three).isEqualTo(Map.of("name", "KEPT"));
    BulkResponse missing =
        rest.bulk(
            b ->
                b.operations(
                    o ->
                        o.index(
                            i ->
                                i.index("people")
                                    .id("4")
                                    .pipeline("mypipeline")
                                    .document(Map.of("name", "x")))));
    assertThat(missing.items().get(0).error().reason())
        .isEqualTo("pipeline with id [mypipeline] does not exist");
  }

  @Test
  void grpcBulkRunsTheRequestPipelineAndTheIndexFinalPipeline() throws Exception {
    rest.indices().create(c -> c.index("grpc-people").settings(s -> s.finalPipeline("stamp")));
    var answer =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("grpc-people")
                .setPipeline("tag-it")
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(
                    BulkRequestBody.newBuilder()
                        .setOperationContainer(
                            OperationContainer.newBuilder()
                                .setIndex(IndexOperation.newBuilder().setXId("g1")))
                        .setObject(ByteString.copyFromUtf8("{\"name\":\"LINUS\"}")))
                .build());
    assertThat(answer.getErrors()).isFalse();
    Map<String, Object> source =
        source(rest.get(g -> g.index("grpc-people").id("g1"), Map.class).source());
    assertThat(source)
        .containsEntry("name", "linus")
        .containsEntry("tagged", "linus!")
        .containsEntry("stamped", true);
  }

  @Test
  void aDroppedDocumentIsANoopAndTheDefaultPipelineRuns() throws Exception {
    rest.ingest()
        .putPipeline(
            p -> p.id("drop-bots").processors(pr -> pr.drop(d -> d.if_("ctx.agent == 'bot'"))));
    rest.indices().create(c -> c.index("visits").settings(s -> s.defaultPipeline("drop-bots")));
    String answer = http("POST", "/visits/_doc/1?refresh=true", "{\"agent\":\"bot\"}");
    assertThat(answer).contains("\"result\":\"noop\"").contains("\"_version\":-3");
    http("POST", "/visits/_doc/2?refresh=true", "{\"agent\":\"human\"}");
    assertThat(rest.count(c -> c.index("visits")).count()).isEqualTo(1);
  }

  @Test
  void updateByQueryAndReindexRunTheirPipeline() throws Exception {
    rest.index(i -> i.index("raw").id("1").document(Map.of("name", "MIXED")).refresh(Refresh.True));
    String ubq = http("POST", "/raw/_update_by_query?pipeline=tag-it&refresh=true", "{}");
    assertThat(ubq).contains("\"updated\":1");
    assertThat(source(rest.get(g -> g.index("raw").id("1"), Map.class).source()))
        .containsEntry("name", "mixed")
        .containsEntry("tagged", "mixed!");
    http(
        "POST",
        "/_reindex?refresh=true",
        "{\"source\":{\"index\":\"raw\"},\"dest\":{\"index\":\"copied\",\"pipeline\":\"stamp\"}}");
    assertThat(source(rest.get(g -> g.index("copied").id("1"), Map.class).source()))
        .containsEntry("name", "mixed")
        .containsEntry("stamped", true);
  }

  @Test
  void conditionsDuetCannotEvaluateAreRefusedWhenStored() {
    assertThatThrownBy(
            () ->
                rest.ingest()
                    .putPipeline(
                        p ->
                            p.id("scripted")
                                .processors(
                                    pr -> pr.drop(d -> d.if_("ctx.tags.stream().count() > 2")))))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().type()).isEqualTo("parse_exception");
            });
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> source(Map<?, ?> source) {
    return (Map<String, Object>) source;
  }

  private static String http(String method, String path, String body) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("content-type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build();
    return client.send(request, HttpResponse.BodyHandlers.ofString()).body();
  }
}
