package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Which threads call the engine, on both ports: every call that may block runs on a blocking thread
 * (searches and writes on the node's search and write pools), never on an event loop; only the
 * request cache's answers are given on the event loop, without a search. The engine is the real
 * one, wrapped to record the thread of each call.
 */
class EngineThreadsTest {
  private final List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
  private final HttpClient http = HttpClient.newHttpClient();
  private DuetNode node;
  private ManagedChannel channel;

  @BeforeEach
  void start(@TempDir Path data) {
    Engine real = Engines.open(data);
    InvocationHandler recorder =
        (proxy, method, args) -> {
          calls.add(method.getName() + "@" + threadKind());
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    Engine recorded =
        (Engine)
            Proxy.newProxyInstance(
                Engine.class.getClassLoader(), new Class<?>[] {Engine.class}, recorder);
    node = DuetNode.start(NodeConfig.ephemeral(data), recorded);
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
  }

  @AfterEach
  void stop() throws InterruptedException {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void writesAndSearchesBlockOffTheEventLoopAndCacheHitsAnswerOnIt() throws Exception {
    DocumentServiceGrpc.newBlockingStub(channel)
        .bulk(
            BulkRequest.newBuilder()
                .setIndex("logs")
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(
                    BulkRequestBody.newBuilder()
                        .setOperationContainer(
                            OperationContainer.newBuilder()
                                .setIndex(IndexOperation.newBuilder().setXId("1")))
                        .setObject(ByteString.copyFromUtf8("{\"level\":\"warn\"}")))
                .build());
    assertThat(calls).contains("bulk@write-pool").noneMatch(c -> c.endsWith("@event-loop"));

    calls.clear();
    String body = "{\"size\":0,\"query\":{\"term\":{\"level\":\"warn\"}}}";
    String first = restSearch(body);
    String second = restSearch(body);

    assertThat(calls)
        .containsExactly(
            "cachedSearch@event-loop", "search@search-pool", "cachedSearch@event-loop");
    assertThat(second.replaceAll("\"took\":\\d+", ""))
        .isEqualTo(first.replaceAll("\"took\":\\d+", ""))
        .contains("\"total\":{\"value\":1");

    calls.clear();
    SearchRequest search =
        SearchRequest.newBuilder()
            .addIndex("logs")
            .setSearchRequestBody(
                SearchRequestBody.newBuilder()
                    .setSize(0)
                    .setQuery(
                        QueryContainer.newBuilder()
                            .setTerm(
                                TermQuery.newBuilder()
                                    .setField("level")
                                    .setValue(
                                        org.opensearch.protobufs.FieldValue.newBuilder()
                                            .setString("warn")))))
            .build();
    SearchServiceGrpc.SearchServiceBlockingStub stub = SearchServiceGrpc.newBlockingStub(channel);
    SearchResponse viaGrpc = stub.search(search);

    // REST's answer is the same request in the one model, so gRPC finds it cached.
    assertThat(calls).containsExactly("cachedSearch@event-loop");
    assertThat(viaGrpc.getHits().getTotal().getTotalHits().getValue()).isEqualTo(1);
  }

  @Test
  void aCachedAnswerStillPassesTheRoutesChecks() throws Exception {
    restPost("/logs/_doc/1?refresh=true", "{\"level\":\"warn\"}");
    String body = "{\"size\":0}";
    restSearch(body);
    restSearch(body); // cached now

    HttpResponse<String> typo = restPost("/logs/_search?sizee=0", body);

    assertThat(typo.statusCode()).isEqualTo(400);
    assertThat(typo.body()).contains("contains unrecognized parameter: [sizee]");
  }

  @Test
  void aCachedAnswerHonoursFilterPath() throws Exception {
    restPost("/logs/_doc/1?refresh=true", "{\"level\":\"warn\"}");
    String body = "{\"size\":0}";
    restSearch(body);
    calls.clear();

    HttpResponse<String> filtered = restPost("/logs/_search?filter_path=hits.total", body);

    assertThat(calls).containsExactly("cachedSearch@event-loop");
    assertThat(filtered.statusCode()).isEqualTo(200);
    assertThat(filtered.body())
        .isEqualTo("{\"hits\":{\"total\":{\"value\":1,\"relation\":\"eq\"}}}");
  }

  private String restSearch(String body) throws Exception {
    HttpResponse<String> response = restPost("/logs/_search", body);
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }

  private HttpResponse<String> restPost(String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String threadKind() {
    String name = Thread.currentThread().getName();
    if (name.contains("blocking")) {
      return "blocking";
    }
    if (name.startsWith("duet-search-") || name.startsWith("duet-write-")) {
      return name.substring("duet-".length(), name.lastIndexOf('-')) + "-pool"; // WorkPools
    }
    return name.startsWith("armeria-common-worker") || name.startsWith("duet-grpc-event-loop")
        ? "event-loop"
        : name;
  }
}
