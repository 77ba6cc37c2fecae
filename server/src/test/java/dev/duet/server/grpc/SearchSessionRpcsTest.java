package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.NodeIdentity;
import dev.duet.server.rest.RestRoutes;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.CreatePITResponse;
import org.opensearch.protobufs.CreatePitRequest;
import org.opensearch.protobufs.DeletePITResponse;
import org.opensearch.protobufs.DeletePitRequest;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.PointInTimeReference;
import org.opensearch.protobufs.Refresh;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SortOrderMap;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Points in time, scrolls and streamed search over gRPC, with the stock client and the
 * opensearch-protobufs stubs on a real socket.
 */
class SearchSessionRpcsTest {
  private static final int DOCS = 250;

  @TempDir static Path data;
  private static Engine engine;
  private static GrpcTransport server;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() {
    engine = Engines.open(data);
    Actions actions = new Actions(engine);
    server =
        GrpcTransport.start(
            new java.net.InetSocketAddress("127.0.0.1", 0),
            actions,
            RestRoutes.build(actions, new NodeIdentity("node", "cluster", "uuid")),
            16 * 1024 * 1024,
            new dev.duet.server.pool.WorkPools(
                "node", dev.duet.server.pool.ThreadPoolSizes.defaults(), engine.breakers()),
            (operation, status, nanos, bytes) -> {});
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    index(0, DOCS);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    server.close();
    engine.close();
  }

  @Test
  void aPointInTimeCreatedOverGrpcFixesWhatSearchesInItSee() {
    CreatePITResponse pit =
        search.createPit(CreatePitRequest.newBuilder().addIndex("docs").setKeepAlive("1m").build());
    index(DOCS, DOCS + 5);

    SearchResponse inPit =
        search.search(
            SearchRequest.newBuilder()
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setSize(0)
                        .setPit(PointInTimeReference.newBuilder().setId(pit.getPitId())))
                .build());
    DeletePITResponse deleted =
        search.deletePit(DeletePitRequest.newBuilder().addPitId(pit.getPitId()).build());

    assertThat(pit.getXShards().getTotal()).isEqualTo(1);
    assertThat(pit.getCreationTime()).isPositive();
    assertThat(inPit.getPitId()).isEqualTo(pit.getPitId());
    assertThat(inPit.getHits().getTotal().getTotalHits().getValue()).isEqualTo(DOCS);
    assertThat(deleted.getPitsList())
        .singleElement()
        .satisfies(
            d -> {
              assertThat(d.getPitId()).isEqualTo(pit.getPitId());
              assertThat(d.getSuccessful()).isTrue();
            });
    assertThatThrownBy(
            () ->
                search.search(
                    SearchRequest.newBuilder()
                        .setSearchRequestBody(
                            SearchRequestBody.newBuilder()
                                .setPit(PointInTimeReference.newBuilder().setId(pit.getPitId())))
                        .build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
              assertThat(e.getStatus().getDescription())
                  .contains("search_context_missing_exception");
            });
  }

  @Test
  void aSearchWithScrollAnswersAScrollIdThatRestContinues() {
    SearchResponse first =
        search.search(
            SearchRequest.newBuilder()
                .addIndex("docs")
                .setScroll("1m")
                .setSearchRequestBody(SearchRequestBody.newBuilder().setSize(3).addSort(byN()))
                .build());

    assertThat(first.getXScrollId()).isNotEmpty();
    assertThat(ids(first.getHits().getHitsList())).containsExactly("0", "1", "2");
    assertThat(ids(engine.scroll(first.getXScrollId(), "1m"))).containsExactly("3", "4", "5");
    assertThat(engine.clearScrolls(List.of(first.getXScrollId()))).isEqualTo(1);
  }

  @Test
  void serverStreamSearchSendsTheHitsInBatchesWithTotalsFirst() {
    SearchRequest request =
        SearchRequest.newBuilder()
            .addIndex("docs")
            .setSearchRequestBody(SearchRequestBody.newBuilder().setSize(DOCS).addSort(byN()))
            .build();
    SearchResponse unary = search.search(request);

    List<SearchResponse> messages = new ArrayList<>();
    Iterator<SearchResponse> stream = search.serverStreamSearch(request);
    stream.forEachRemaining(messages::add);

    assertThat(messages).hasSize(3);
    assertThat(messages).extracting(m -> m.getHits().getHitsCount()).containsExactly(100, 100, 50);
    SearchResponse head = messages.get(0);
    assertThat(head.getHits().getTotal()).isEqualTo(unary.getHits().getTotal());
    assertThat(head.getXShards()).isEqualTo(unary.getXShards());
    assertThat(messages.get(1).hasXShards()).isFalse();
    assertThat(messages.get(1).getHits().hasTotal()).isFalse();
    List<HitsMetadataHitsInner> streamed = new ArrayList<>();
    messages.forEach(m -> streamed.addAll(m.getHits().getHitsList()));
    assertThat(streamed).isEqualTo(unary.getHits().getHitsList());
  }

  @Test
  void serverStreamSearchWithoutHitsIsOneMessageAndBadRequestsFailBeforeAny() {
    List<SearchResponse> messages = new ArrayList<>();
    search
        .serverStreamSearch(
            SearchRequest.newBuilder()
                .addIndex("docs")
                .setSearchRequestBody(SearchRequestBody.newBuilder().setSize(0))
                .build())
        .forEachRemaining(messages::add);

    assertThat(messages).singleElement();
    assertThat(messages.get(0).getHits().getTotal().getTotalHits().getValue()).isPositive();
    Iterator<SearchResponse> missing =
        search.serverStreamSearch(SearchRequest.newBuilder().addIndex("nope").build());
    assertThatThrownBy(missing::hasNext)
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
  }

  private static SortCombinations byN() {
    return SortCombinations.newBuilder()
        .setFieldWithDirection(
            SortOrderMap.newBuilder().putSortOrderMap("n", SortOrder.SORT_ORDER_ASC))
        .build();
  }

  private static void index(int from, int to) {
    BulkRequest.Builder bulk = BulkRequest.newBuilder().setRefresh(Refresh.REFRESH_TRUE);
    for (int i = from; i < to; i++) {
      bulk.addBulkRequestBody(
          BulkRequestBody.newBuilder()
              .setOperationContainer(
                  OperationContainer.newBuilder()
                      .setIndex(
                          IndexOperation.newBuilder().setXIndex("docs").setXId(String.valueOf(i))))
              .setObject(
                  ByteString.copyFrom(
                      "{\"n\":" + i + ",\"pad\":\"" + "x".repeat(200) + "\"}",
                      StandardCharsets.UTF_8)));
    }
    DocumentServiceGrpc.newBlockingStub(channel).bulk(bulk.build());
  }

  private static List<String> ids(List<HitsMetadataHitsInner> hits) {
    return hits.stream().map(HitsMetadataHitsInner::getXId).toList();
  }

  private static List<String> ids(dev.duet.engine.search.SearchResponse response) {
    return response.hits().stream().map(dev.duet.engine.search.SearchHit::id).toList();
  }
}
