package dev.duet.server.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.duet.api.search.CountRequest;
import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * A node with one search thread, one write thread and no queues: while the one thread of a pool is
 * held (the engine's call is gated), every other search or write is refused at once, with 429
 * {@code rejected_execution_exception} on REST and RESOURCE_EXHAUSTED on gRPC, for OpenSearch's
 * services and the generated ones alike; once the thread is free, the node serves again.
 */
class LoadSheddingTest {
  private final HttpClient http = HttpClient.newHttpClient();
  private final Gate searchGate = new Gate();
  private final Gate bulkGate = new Gate();
  private DuetNode node;
  private ManagedChannel channel;

  @BeforeEach
  void start(@TempDir Path data) throws Exception {
    Engine real = Engines.open(data);
    InvocationHandler gated =
        (proxy, method, args) -> {
          switch (method.getName()) {
            case "search" -> searchGate.pass();
            case "bulk" -> bulkGate.pass();
            default -> {}
          }
          try {
            return method.invoke(real, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    Engine engine =
        (Engine)
            Proxy.newProxyInstance(
                Engine.class.getClassLoader(), new Class<?>[] {Engine.class}, gated);
    node =
        DuetNode.start(
            NodeConfig.ephemeral(data).withThreadPools(new ThreadPoolSizes(1, 0, 1, 0)), engine);
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    assertThat(rest("POST", "/logs/_doc/1?refresh=true", "{\"level\":\"warn\"}").statusCode())
        .isEqualTo(201);
  }

  @AfterEach
  void stop() throws InterruptedException {
    searchGate.open();
    bulkGate.open();
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void aFullSearchPoolRefusesSearchesOnBothPortsAndServesAgainOnceFree() throws Exception {
    searchGate.close();
    CompletableFuture<HttpResponse<String>> held = restAsync("/logs/_search", "{\"size\":1}");
    searchGate.awaitHeld();

    HttpResponse<String> refused = rest("POST", "/logs/_search", "{\"size\":1}");
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.body())
        .contains("\"type\":\"rejected_execution_exception\"")
        .contains("on OpenSearchThreadPoolExecutor[name = duet/search, queue capacity = 0,")
        .contains("\"status\":429");

    SearchServiceGrpc.SearchServiceBlockingStub search = SearchServiceGrpc.newBlockingStub(channel);
    assertThatThrownBy(() -> search.search(SearchRequest.newBuilder().addIndex("logs").build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
              assertThat(e.getStatus().getDescription()).contains("rejected_execution_exception");
            });
    var generated = dev.duet.api.search.SearchServiceGrpc.newBlockingStub(channel);
    assertThatThrownBy(() -> generated.count(CountRequest.newBuilder().setIndex("logs").build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
    // Other work is not in the search pool and still answers.
    assertThat(rest("GET", "/logs/_doc/1", null).statusCode()).isEqualTo(200);

    searchGate.open();
    assertThat(held.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    // The held search's thread counts against the pool until it returns, a moment after its
    // answer left: wait for the slot rather than race it.
    assertThat(whenAdmitted(() -> rest("POST", "/logs/_search", "{\"size\":1}").statusCode()))
        .isEqualTo(200);
    assertThat(
            whenAdmitted(
                () -> search.search(SearchRequest.newBuilder().addIndex("logs").build()).hasHits()))
        .isTrue();
  }

  @Test
  void aFullWritePoolRefusesWritesOnBothPorts() throws Exception {
    bulkGate.close();
    CompletableFuture<HttpResponse<String>> held =
        restAsync("/_bulk", "{\"index\":{\"_index\":\"logs\",\"_id\":\"2\"}}\n{\"a\":1}\n");
    bulkGate.awaitHeld();

    HttpResponse<String> refused =
        rest("POST", "/_bulk", "{\"index\":{\"_index\":\"logs\",\"_id\":\"3\"}}\n{\"a\":1}\n");
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.body())
        .contains("\"type\":\"rejected_execution_exception\"")
        .contains("name = duet/write, queue capacity = 0,");
    assertThat(rest("PUT", "/logs/_doc/4", "{\"a\":1}").statusCode()).isEqualTo(429);

    BulkRequest bulk =
        BulkRequest.newBuilder()
            .setIndex("logs")
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setIndex(IndexOperation.newBuilder().setXId("5")))
                    .setObject(ByteString.copyFromUtf8("{\"a\":1}")))
            .build();
    assertThatThrownBy(() -> DocumentServiceGrpc.newBlockingStub(channel).bulk(bulk))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));

    bulkGate.open();
    assertThat(held.get(30, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(
            whenAdmitted(() -> DocumentServiceGrpc.newBlockingStub(channel).bulk(bulk)).getErrors())
        .isFalse();
  }

  private CompletableFuture<HttpResponse<String>> restAsync(String path, String body) {
    return http.sendAsync(request("POST", path, body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> rest(String method, String path, String body) throws Exception {
    return http.send(request(method, path, body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest request(String method, String path, String body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
        .header(
            "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json")
        .method(
            method,
            body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  /** Holds the engine calls that pass it while closed, and says when one is held. */
  private static final class Gate {
    private volatile CountDownLatch open = new CountDownLatch(0);
    private final CountDownLatch held = new CountDownLatch(1);

    void close() {
      open = new CountDownLatch(1);
    }

    void open() {
      open.countDown();
    }

    void pass() throws InterruptedException {
      CountDownLatch gate = open;
      if (gate.getCount() > 0) {
        held.countDown();
        gate.await();
      }
    }

    void awaitHeld() throws InterruptedException {
      assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
    }
  }

  /**
   * {@code call}'s result once the pool admits it: a refusal (429 / RESOURCE_EXHAUSTED) retries.
   */
  private static <T> T whenAdmitted(java.util.concurrent.Callable<T> call) throws Exception {
    for (int attempt = 0; ; attempt++) {
      try {
        T result = call.call();
        if (!(result instanceof Integer status && status == 429) || attempt == 100) {
          return result;
        }
      } catch (StatusRuntimeException e) {
        if (e.getStatus().getCode() != Status.Code.RESOURCE_EXHAUSTED || attempt == 100) {
          throw e;
        }
      }
      Thread.sleep(20);
    }
  }
}
