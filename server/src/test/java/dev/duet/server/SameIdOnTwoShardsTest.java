package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.Result;
import org.opensearch.client.opensearch.core.DeleteResponse;
import org.opensearch.client.opensearch.core.GetResponse;
import org.opensearch.client.opensearch.core.IndexResponse;
import org.opensearch.client.opensearch.core.MgetResponse;
import org.opensearch.client.opensearch.core.UpdateResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.services.DocumentServiceGrpc;

/**
 * On an index of three shards, one {@code _id} written with routings that land on different shards
 * is two documents, as in OpenSearch 3.8.0 (each answer below is the oracle's): routing {@code a}
 * goes to shard 0, {@code b}, {@code c} and {@code d} to shard 2, {@code e} to shard 1.
 */
class SameIdOnTwoShardsTest {
  @TempDir Path data;

  @Test
  void oneIdOnTwoShardsIsTwoDocumentsOverRest() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data))) {
      OpenSearchClient rest = client(node);
      createIndex(rest);

      IndexResponse a = rest.index(i -> i.index("r").id("1").routing("a").document(doc("a")));
      IndexResponse b = rest.index(i -> i.index("r").id("1").routing("b").document(doc("b")));
      assertThat(a.result()).isEqualTo(Result.Created);
      assertThat(b.result()).isEqualTo(Result.Created);
      assertThat(b.version()).isEqualTo(1);
      // realtime gets, before any refresh: each routing reads its own shard's copy
      assertThat(get(rest, "a").source()).isEqualTo(doc("a"));
      assertThat(get(rest, "b").source()).isEqualTo(doc("b"));
      // c lands on b's shard: it replaces b's copy there, not a's
      IndexResponse c =
          rest.index(
              i -> i.index("r").id("1").routing("c").document(doc("c")).refresh(Refresh.True));
      assertThat(c.result()).isEqualTo(Result.Updated);
      assertThat(c.version()).isEqualTo(2);

      GetResponse<Map> viaB = get(rest, "b");
      assertThat(viaB.found()).isTrue();
      assertThat(viaB.routing()).isEqualTo("c");
      assertThat(viaB.version()).isEqualTo(2);
      assertThat(viaB.source()).isEqualTo(doc("c"));
      assertThat(get(rest, "a").version()).isEqualTo(1);
      assertThat(get(rest, "e").found()).isFalse();

      assertThat(rest.count(q -> q.index("r")).count()).isEqualTo(2);
      assertThat(
              rest.search(s -> s.index("r").query(q -> q.ids(i -> i.values("1"))), Map.class)
                  .hits()
                  .hits())
          .extracting(h -> h.routing())
          .containsExactlyInAnyOrder("a", "c");
      assertThat(
              rest.count(
                      q ->
                          q.index("r")
                              .query(t -> t.term(f -> f.field("_id").value(FieldValue.of("1")))))
                  .count())
          .isEqualTo(2);

      MgetResponse<Map> mget =
          rest.mget(
              m ->
                  m.index("r")
                      .docs(d -> d.id("1").routing("a"))
                      .docs(d -> d.id("1").routing("c"))
                      .docs(d -> d.id("1").routing("e")),
              Map.class);
      assertThat(mget.docs().get(0).result().source()).isEqualTo(doc("a"));
      assertThat(mget.docs().get(1).result().source()).isEqualTo(doc("c"));
      assertThat(mget.docs().get(2).result().found()).isFalse();

      // a delete through one routing leaves the other shard's copy
      DeleteResponse deleted =
          rest.delete(d -> d.index("r").id("1").routing("a").refresh(Refresh.True));
      assertThat(deleted.result()).isEqualTo(Result.Deleted);
      assertThat(deleted.version()).isEqualTo(2);
      DeleteResponse missing = rest.delete(d -> d.index("r").id("1").routing("e"));
      assertThat(missing.result()).isEqualTo(Result.NotFound);
      assertThat(rest.count(q -> q.index("r")).count()).isEqualTo(1);
      assertThat(get(rest, "c").found()).isTrue();

      // an upsert into the emptied shard continues its version; an update of the other shard's copy
      UpdateResponse<Map> upsert =
          rest.update(
              u -> u.index("r").id("1").routing("a").doc(Map.of("u", 1)).docAsUpsert(true),
              Map.class);
      assertThat(upsert.result()).isEqualTo(Result.Created);
      assertThat(upsert.version()).isEqualTo(3);
      UpdateResponse<Map> updated =
          rest.update(
              u -> u.index("r").id("1").routing("d").doc(Map.of("u", 2)).refresh(Refresh.True),
              Map.class);
      assertThat(updated.result()).isEqualTo(Result.Updated);
      assertThat(updated.version()).isEqualTo(3);
      assertThat(get(rest, "a").source()).isEqualTo(Map.of("u", 1));
      assertThat(get(rest, "c").source()).isEqualTo(Map.of("v", "c", "u", 2));
      assertThat(rest.count(q -> q.index("r")).count()).isEqualTo(2);

      // by-query writes reach each copy through its own routing
      assertThat(
              rest.updateByQuery(
                      u -> u.index("r").query(q -> q.ids(i -> i.values("1"))).refresh(Refresh.True))
                  .updated())
          .isEqualTo(2);
      assertThat(
              rest.deleteByQuery(
                      d -> d.index("r").query(q -> q.ids(i -> i.values("1"))).refresh(Refresh.True))
                  .deleted())
          .isEqualTo(2);
      assertThat(rest.count(q -> q.index("r")).count()).isZero();
    }
  }

  @Test
  void bothCopiesOverGrpcAndAcrossARestart() throws Exception {
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data))) {
      OpenSearchClient rest = client(node);
      createIndex(rest);
      ManagedChannel channel =
          NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
      try {
        BulkResponse bulk =
            DocumentServiceGrpc.newBlockingStub(channel)
                .bulk(
                    BulkRequest.newBuilder()
                        .setIndex("r")
                        .addBulkRequestBody(item("a", "{\"v\":\"a\"}"))
                        .addBulkRequestBody(item("b", "{\"v\":\"b\"}"))
                        .build());
        assertThat(bulk.getErrors()).isFalse();
      } finally {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
      }
      // committed: a and b; then, in the translog only, c replaces b and a second id comes and goes
      rest.indices().flush(f -> f.index("r"));
      rest.index(i -> i.index("r").id("1").routing("c").document(doc("c")));
      rest.index(i -> i.index("r").id("2").routing("a").document(doc("a")));
      rest.index(i -> i.index("r").id("2").routing("e").document(doc("e")));
      rest.delete(d -> d.index("r").id("2").routing("a"));
      rest._transport().close();
    }
    try (DuetNode node = DuetNode.start(NodeConfig.ephemeral(data))) {
      OpenSearchClient rest = client(node);
      assertThat(get(rest, "a").source()).isEqualTo(doc("a"));
      GetResponse<Map> viaB = get(rest, "b");
      assertThat(viaB.source()).isEqualTo(doc("c"));
      assertThat(viaB.version()).isEqualTo(2);
      assertThat(rest.get(g -> g.index("r").id("2").routing("a"), Map.class).found()).isFalse();
      assertThat(rest.get(g -> g.index("r").id("2").routing("e"), Map.class).found()).isTrue();
      rest.indices().refresh(r -> r.index("r"));
      assertThat(rest.count(q -> q.index("r")).count()).isEqualTo(3);
      assertThat(
              rest.search(s -> s.index("r").query(q -> q.ids(i -> i.values("1"))), Map.class)
                  .hits()
                  .hits())
          .extracting(h -> h.routing())
          .containsExactlyInAnyOrder("a", "c");
      rest._transport().close();
    }
  }

  private static void createIndex(OpenSearchClient rest) throws Exception {
    rest.indices().create(c -> c.index("r").settings(s -> s.numberOfShards(3)));
  }

  private static BulkRequestBody item(String routing, String source) {
    return BulkRequestBody.newBuilder()
        .setOperationContainer(
            OperationContainer.newBuilder()
                .setIndex(IndexOperation.newBuilder().setXId("1").setRouting(routing)))
        .setObject(ByteString.copyFromUtf8(source))
        .build();
  }

  private static GetResponse<Map> get(OpenSearchClient rest, String routing) throws Exception {
    return rest.get(g -> g.index("r").id("1").routing(routing), Map.class);
  }

  private static Map<String, Object> doc(String v) {
    return Map.of("v", v);
  }

  private static OpenSearchClient client(DuetNode node) {
    return new OpenSearchClient(
        ApacheHttpClient5TransportBuilder.builder(
                new HttpHost("http", "127.0.0.1", node.httpPort()))
            .setMapper(new JacksonJsonpMapper())
            .build());
  }
}
