package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.search.SearchCancellation;
import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.WildcardQuery;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * A search whose caller goes away stops in the engine, on both ports: a REST client that hangs up,
 * a gRPC call that is cancelled or whose deadline passes. The engine's first cancellation check
 * waits (through {@link SearchCancellation#onCheckpoint}) until the transport reports the caller
 * gone, so no search needs to be slow; without the wiring it never would be, and the search would
 * complete uncancelled.
 */
class SearchCancellationTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String SEARCH = "{\"query\":{\"wildcard\":{\"k\":\"t*m*\"}}}";

  @TempDir Path data;
  DuetNode node;
  CountDownLatch searching;

  @BeforeEach
  void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    send("PUT", "/c", "{\"mappings\":{\"properties\":{\"k\":{\"type\":\"keyword\"}}}}", 200);
    send("PUT", "/c/_doc/1?refresh=true", "{\"k\":\"term\"}", 201);
    searching = new CountDownLatch(1);
    AtomicBoolean first = new AtomicBoolean(true);
    SearchCancellation.onCheckpoint(
        check -> {
          if (first.compareAndSet(true, false)) {
            searching.countDown();
            awaitGone(check);
          }
        });
  }

  @AfterEach
  void stop() {
    SearchCancellation.onCheckpoint(null);
    node.close();
  }

  @Test
  void aRestClientThatHangsUpCancelsItsSearch() throws Exception {
    long before = SearchCancellation.cancelledSearches();
    byte[] body = SEARCH.getBytes(StandardCharsets.UTF_8);
    try (Socket socket = new Socket("127.0.0.1", node.httpPort())) {
      OutputStream out = socket.getOutputStream();
      out.write(
          ("POST /c/_search HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\n"
                  + "content-length: "
                  + body.length
                  + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      assertThat(searching.await(30, TimeUnit.SECONDS)).isTrue();
    }

    awaitCancelled(before);
    assertThat(send("POST", "/c/_search", SEARCH, 200)).contains("\"term\"");
  }

  @Test
  void aCancelledGrpcCallCancelsItsSearch() throws Exception {
    long before = SearchCancellation.cancelledSearches();
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    try {
      Context.CancellableContext call = Context.current().withCancellation();
      call.run(
          () -> SearchServiceGrpc.newStub(channel).search(grpcSearch(), new IgnoredResponse()));
      assertThat(searching.await(30, TimeUnit.SECONDS)).isTrue();
      call.cancel(null);

      awaitCancelled(before);
    } finally {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aGrpcDeadlineThatPassesCancelsItsSearch() throws Exception {
    long before = SearchCancellation.cancelledSearches();
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    try {
      // The connection first, so that on a loaded machine the deadline is spent searching, not
      // connecting (a call whose deadline passes while it is queued is skipped, not searched).
      io.grpc.health.v1.HealthGrpc.newBlockingStub(channel)
          .check(io.grpc.health.v1.HealthCheckRequest.getDefaultInstance());
      var stub = SearchServiceGrpc.newBlockingStub(channel).withDeadlineAfter(5, TimeUnit.SECONDS);

      assertThatThrownBy(() -> stub.search(grpcSearch()))
          .isInstanceOfSatisfying(
              StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
      awaitCancelled(before);
      assertThat(
              SearchServiceGrpc.newBlockingStub(channel)
                  .search(grpcSearch())
                  .getHits()
                  .getHitsCount())
          .isEqualTo(1);
    } finally {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  private static SearchRequest grpcSearch() {
    return SearchRequest.newBuilder()
        .addIndex("c")
        .setSearchRequestBody(
            SearchRequestBody.newBuilder()
                .setQuery(
                    QueryContainer.newBuilder()
                        .setWildcard(WildcardQuery.newBuilder().setField("k").setValue("t*m*"))))
        .build();
  }

  /** Waits (bounded) until the engine has counted one more cancelled search. */
  private static void awaitCancelled(long before) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (SearchCancellation.cancelledSearches() == before && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    assertThat(SearchCancellation.cancelledSearches()).isEqualTo(before + 1);
  }

  private static void awaitGone(BooleanSupplier check) {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    try {
      while (!check.getAsBoolean() && System.nanoTime() < until) {
        Thread.sleep(10);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private String send(String method, String path, String body, int status) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                .header("content-type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return response.body();
  }

  private static final class IgnoredResponse implements StreamObserver<SearchResponse> {
    @Override
    public void onNext(SearchResponse value) {}

    @Override
    public void onError(Throwable t) {}

    @Override
    public void onCompleted() {}
  }
}
