package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.duet.engine.Engines;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Conflicts;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.Result;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.DeleteByQueryResponse;
import org.opensearch.client.opensearch.core.IndexResponse;
import org.opensearch.client.opensearch.core.MgetResponse;
import org.opensearch.client.opensearch.core.UpdateByQueryResponse;
import org.opensearch.client.opensearch.core.UpdateResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.UpdateAction;
import org.opensearch.protobufs.UpdateOperation;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/**
 * The document API end to end over real sockets: versioned writes, updates, mget and by-query
 * through the opensearch-java client, and bulk updates with compare-and-set over gRPC, on one node.
 */
class DocumentApiTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient rest;
  private static ManagedChannel channel;
  private static DocumentServiceGrpc.DocumentServiceBlockingStub documents;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    documents = DocumentServiceGrpc.newBlockingStub(channel);
  }

  @AfterAll
  static void stop() throws Exception {
    if (channel != null) {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
    if (rest != null) {
      rest._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void compareAndSetAndExternalVersionsOverRest() throws Exception {
    IndexResponse first = rest.index(i -> i.index("cas").id("1").document(Map.of("n", 1)));
    IndexResponse second =
        rest.index(
            i ->
                i.index("cas")
                    .id("1")
                    .document(Map.of("n", 2))
                    .ifSeqNo(first.seqNo())
                    .ifPrimaryTerm(first.primaryTerm()));
    assertThat(second.version()).isEqualTo(2);

    // The first writer's view is stale now.
    assertThatThrownBy(
            () ->
                rest.index(
                    i ->
                        i.index("cas")
                            .id("1")
                            .document(Map.of("n", 3))
                            .ifSeqNo(first.seqNo())
                            .ifPrimaryTerm(first.primaryTerm())))
        // opensearch-java reports a 409 on index as a ResponseException, as against OpenSearch.
        .hasMessageContaining("409 Conflict")
        .hasMessageContaining(
            "required seqNo [0], primary term [1]. current document has seqNo [1]");
    IndexResponse external =
        rest.index(
            i ->
                i.index("cas")
                    .id("2")
                    .document(Map.of("n", 1))
                    .version(10L)
                    .versionType(VersionType.External));
    assertThat(external.version()).isEqualTo(10);
    assertThatThrownBy(
            () ->
                rest.index(
                    i ->
                        i.index("cas")
                            .id("2")
                            .document(Map.of("n", 0))
                            .version(9L)
                            .versionType(VersionType.External)))
        .hasMessageContaining("current version [10] is higher or equal to the one provided [9]");
    assertThat(rest.get(g -> g.index("cas").id("2"), Map.class).source()).isEqualTo(Map.of("n", 1));
  }

  @SuppressWarnings("rawtypes")
  @Test
  void updatesMergeDetectNoopsAndUpsert() throws Exception {
    rest.index(i -> i.index("upd").id("1").document(Map.of("a", 1, "o", Map.of("x", 1))));

    UpdateResponse<Map> merged =
        rest.update(
            u -> u.index("upd").id("1").doc(Map.of("o", Map.of("y", 2))).source(s -> s.fetch(true)),
            Map.class);
    assertThat(merged.result()).isEqualTo(Result.Updated);
    assertThat(merged.get().source()).isEqualTo(Map.of("a", 1, "o", Map.of("x", 1, "y", 2)));

    UpdateResponse<Map> noop =
        rest.update(u -> u.index("upd").id("1").doc(Map.of("a", 1)), Map.class);
    assertThat(noop.result()).isEqualTo(Result.NoOp);
    assertThat(noop.version()).isEqualTo(2);

    UpdateResponse<Map> upsert =
        rest.update(
            u -> u.index("upd").id("2").doc(Map.of("a", 5)).docAsUpsert(true).refresh(Refresh.True),
            Map.class);
    assertThat(upsert.result()).isEqualTo(Result.Created);

    assertThatThrownBy(
            () -> rest.update(u -> u.index("upd").id("404").doc(Map.of("a", 1)), Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.error().type()).isEqualTo("document_missing_exception");
            });
  }

  @SuppressWarnings("rawtypes")
  @Test
  void mgetAnswersEachDocumentAlone() throws Exception {
    rest.index(i -> i.index("mget").id("1").document(Map.of("a", 1, "b", 2)));

    MgetResponse<Map> response =
        rest.mget(
            m ->
                m.docs(d -> d.index("mget").id("1").source(s -> s.filter(f -> f.includes("a"))))
                    .docs(d -> d.index("mget").id("2"))
                    .docs(d -> d.index("mget-missing").id("1")),
            Map.class);

    assertThat(response.docs()).hasSize(3);
    assertThat(response.docs().get(0).result().found()).isTrue();
    assertThat(response.docs().get(0).result().source()).isEqualTo(Map.of("a", 1));
    assertThat(response.docs().get(1).result().found()).isFalse();
    assertThat(response.docs().get(2).isFailure()).isTrue();
    assertThat(response.docs().get(2).failure().error().type())
        .isEqualTo("index_not_found_exception");
  }

  /**
   * {@code _routing} on a five-shard index, as OpenSearch 3.8.0 answers: kept and returned by get,
   * mget and search; a get, mget item, delete or update routed elsewhere does not find the
   * document; a {@code _routing.required} mapping refuses a write without one (400).
   */
  @SuppressWarnings("rawtypes")
  @Test
  void routingOverRestAndGrpc() throws Exception {
    rest.indices()
        .create(c -> c.index("routed").settings(s -> s.numberOfShards(5).numberOfReplicas(0)));
    rest.index(i -> i.index("routed").id("1").routing("5").document(Map.of("foo", "bar")));

    var got = rest.get(g -> g.index("routed").id("1").routing("5"), Map.class);
    assertThat(got.found()).isTrue();
    assertThat(got.routing()).isEqualTo("5");
    assertThat(rest.get(g -> g.index("routed").id("1"), Map.class).found()).isFalse();
    assertThat(rest.exists(e -> e.index("routed").id("1").routing("4")).value()).isFalse();
    assertThat(rest.exists(e -> e.index("routed").id("1").routing("5")).value()).isTrue();

    MgetResponse<Map> mget =
        rest.mget(
            m ->
                m.index("routed")
                    .docs(d -> d.id("1"))
                    .docs(d -> d.id("1").routing("4"))
                    .docs(d -> d.id("1").routing("5")),
            Map.class);
    assertThat(mget.docs()).extracting(d -> d.result().found()).containsExactly(false, false, true);
    assertThat(mget.docs().get(2).result().routing()).isEqualTo("5");

    assertThat(rest.delete(d -> d.index("routed").id("1").routing("4")).result())
        .isEqualTo(Result.NotFound);
    assertThatThrownBy(
            () -> rest.update(u -> u.index("routed").id("1").doc(Map.of("foo", "baz")), Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(404));
    rest.update(
        u -> u.index("routed").id("1").routing("5").doc(Map.of("foo", "baz")).refresh(Refresh.True),
        Map.class);

    var hits = rest.search(s -> s.index("routed"), Map.class).hits().hits();
    assertThat(hits).hasSize(1);
    assertThat(hits.get(0).routing()).isEqualTo("5");
    assertThat(hits.get(0).source()).isEqualTo(Map.of("foo", "baz"));

    // gRPC: a bulk item's routing is kept, and a request-level routing is each item's default.
    BulkResponse bulk =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("routed")
                .setRouting("abc")
                .addBulkRequestBody(
                    BulkRequestBody.newBuilder()
                        .setOperationContainer(
                            OperationContainer.newBuilder()
                                .setIndex(
                                    org.opensearch.protobufs.IndexOperation.newBuilder()
                                        .setXId("2")))
                        .setObject(ByteString.copyFromUtf8("{\"n\":2}")))
                .build());
    assertThat(bulk.getErrors()).isFalse();
    assertThat(rest.get(g -> g.index("routed").id("2").routing("abc"), Map.class).routing())
        .isEqualTo("abc");

    rest.indices()
        .create(c -> c.index("routed-required").mappings(m -> m.routing(r -> r.required(true))));
    assertThatThrownBy(
            () -> rest.index(i -> i.index("routed-required").id("1").document(Map.of("a", 1))))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().type()).isEqualTo("routing_missing_exception");
              assertThat(e.error().reason())
                  .isEqualTo("routing is required for [routed-required]/[1]");
            });
  }

  @Test
  void deleteAndUpdateByQuery() throws Exception {
    rest.bulk(
        b ->
            b.refresh(Refresh.True)
                .operations(o -> o.index(i -> i.index("byq").id("1").document(Map.of("tag", "a"))))
                .operations(o -> o.index(i -> i.index("byq").id("2").document(Map.of("tag", "b"))))
                .operations(
                    o -> o.index(i -> i.index("byq").id("3").document(Map.of("tag", "a")))));

    UpdateByQueryResponse updated =
        rest.updateByQuery(u -> u.index("byq").conflicts(Conflicts.Proceed).refresh(Refresh.True));
    assertThat(updated.updated()).isEqualTo(3);
    assertThat(updated.versionConflicts()).isZero();

    DeleteByQueryResponse deleted =
        rest.deleteByQuery(
            d ->
                d.index("byq")
                    .query(q -> q.term(t -> t.field("tag.keyword").value(FieldValue.of("a"))))
                    .refresh(Refresh.True));
    assertThat(deleted.deleted()).isEqualTo(2);
    assertThat(rest.count(c -> c.index("byq")).count()).isEqualTo(1);
    assertThat(rest.get(g -> g.index("byq").id("2"), Map.class).version()).isEqualTo(2);
  }

  @Test
  void grpcBulkUpdatesWithCompareAndSet() throws Exception {
    IndexResponse first = rest.index(i -> i.index("grpc-upd").id("1").document(Map.of("n", 1)));

    BulkResponse response =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("grpc-upd")
                .addBulkRequestBody(update("1", first.seqNo(), "{\"m\":2}"))
                .addBulkRequestBody(update("1", first.seqNo(), "{\"m\":3}"))
                .build());

    assertThat(response.getErrors()).isTrue();
    assertThat(response.getItems(0).getUpdate().getResult()).isEqualTo("updated");
    assertThat(response.getItems(0).getUpdate().getXVersion()).isEqualTo(2);
    // The second item's if_seq_no is stale after the first: 409 is gRPC's ABORTED (10).
    assertThat(response.getItems(1).getUpdate().getStatus()).isEqualTo(10);
    assertThat(response.getItems(1).getUpdate().getError().getType())
        .isEqualTo("version_conflict_engine_exception");
    assertThat(rest.get(g -> g.index("grpc-upd").id("1"), Map.class).source())
        .isEqualTo(Map.of("n", 1, "m", 2));
  }

  private static BulkRequestBody update(String id, long ifSeqNo, String doc) {
    return BulkRequestBody.newBuilder()
        .setOperationContainer(
            OperationContainer.newBuilder()
                .setUpdate(
                    UpdateOperation.newBuilder()
                        .setXId(id)
                        .setIfSeqNo(ifSeqNo)
                        .setIfPrimaryTerm(1)))
        .setUpdateAction(
            UpdateAction.newBuilder().setDoc(ByteString.copyFrom(doc, StandardCharsets.UTF_8)))
        .build();
  }
}
