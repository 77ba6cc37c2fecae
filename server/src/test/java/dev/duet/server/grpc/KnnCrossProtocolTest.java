package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.protobufs.BinaryFieldValue;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.FloatArrayValue;
import org.opensearch.protobufs.FloatBinaryLE;
import org.opensearch.protobufs.FloatList;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.KnnQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * k-NN over both protocols against one real node: the same vectors ingested as REST JSON, as gRPC
 * {@code object} and as gRPC packed {@code extra_field_values} (both encodings) index identically,
 * and the same knn request over REST and over gRPC returns identical hits and scores.
 */
class KnnCrossProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final int DOCS = 40;
  private static final int DIMS = 8;
  private static final float[][] VECTORS = new float[DOCS][DIMS];
  private static final float[] QUERY = new float[DIMS];

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static DocumentServiceGrpc.DocumentServiceBlockingStub documents;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    Random random = new Random(7);
    for (float[] v : VECTORS) {
      for (int d = 0; d < DIMS; d++) {
        v[d] = random.nextFloat() * 2 - 1;
      }
    }
    for (int d = 0; d < DIMS; d++) {
      QUERY[d] = random.nextFloat() * 2 - 1;
    }
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    documents = DocumentServiceGrpc.newBlockingStub(channel);
    search = SearchServiceGrpc.newBlockingStub(channel);
    for (String index : List.of("json", "object", "packed")) {
      assertThat(
              rest(
                      "PUT",
                      "/" + index,
                      "{\"settings\":{\"index.knn\":true},\"mappings\":{\"properties\":{"
                          + "\"v\":{\"type\":\"knn_vector\",\"dimension\":"
                          + DIMS
                          + ",\"method\":{\"name\":\"hnsw\",\"engine\":\"lucene\",\"space_type\":\"l2\"}},"
                          + "\"c\":{\"type\":\"keyword\"}}}}")
                  .statusCode())
          .isEqualTo(200);
    }
    StringBuilder ndjson = new StringBuilder();
    BulkRequest.Builder objects = BulkRequest.newBuilder().setIndex("object");
    BulkRequest.Builder packed = BulkRequest.newBuilder().setIndex("packed");
    for (int i = 0; i < DOCS; i++) {
      String withVector = "{\"c\":\"" + category(i) + "\",\"v\":" + jsonArray(VECTORS[i]) + "}";
      ndjson.append("{\"index\":{\"_index\":\"json\",\"_id\":\"").append(i).append("\"}}\n");
      ndjson.append(withVector).append('\n');
      objects.addBulkRequestBody(item(i, withVector));
      BulkRequestBody.Builder fast =
          item(i, "{\"c\":\"" + category(i) + "\"}").toBuilder()
              .putExtraFieldValues(
                  "v",
                  BinaryFieldValue.newBuilder()
                      .setFloatArrayValue(
                          i % 2 == 0 ? packedValues(VECTORS[i]) : littleEndian(VECTORS[i]))
                      .build());
      packed.addBulkRequestBody(fast);
    }
    assertThat(rest("POST", "/_bulk?refresh=true", ndjson.toString()).body())
        .contains("\"errors\":false");
    assertThat(
            documents
                .bulk(objects.setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE).build())
                .getErrors())
        .isFalse();
    assertThat(
            documents
                .bulk(packed.setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE).build())
                .getErrors())
        .isFalse();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void restAndGrpcReturnIdenticalHitsWhicheverWayVectorsArrived() throws Exception {
    String body =
        "{\"size\":7,\"query\":{\"knn\":{\"v\":{\"vector\":"
            + jsonArray(QUERY)
            + ",\"k\":7,\"filter\":{\"term\":{\"c\":\"even\"}}}}}}";
    List<String> restJson = new ArrayList<>();
    List<Float> restScores = new ArrayList<>();
    for (JsonNode hit :
        JSON.readTree(rest("POST", "/json/_search", body).body()).at("/hits/hits")) {
      restJson.add(hit.get("_id").asText());
      restScores.add((float) hit.get("_score").asDouble());
    }
    assertThat(restJson).hasSize(7);
    for (String index : List.of("json", "object", "packed")) {
      JsonNode hits =
          JSON.readTree(rest("POST", "/" + index + "/_search", body).body()).at("/hits/hits");
      List<String> ids = new ArrayList<>();
      List<Float> scores = new ArrayList<>();
      for (JsonNode hit : hits) {
        ids.add(hit.get("_id").asText());
        scores.add((float) hit.get("_score").asDouble());
      }
      assertThat(ids).as(index + " over REST").isEqualTo(restJson);
      assertThat(scores).as(index + " over REST").isEqualTo(restScores);

      SearchResponse grpc = search.search(grpcKnn(index, QUERY, 7));
      List<String> grpcIds = new ArrayList<>();
      List<Float> grpcScores = new ArrayList<>();
      for (HitsMetadataHitsInner hit : grpc.getHits().getHitsList()) {
        grpcIds.add(hit.getXId());
        grpcScores.add((float) hit.getXScore().getDouble());
      }
      assertThat(grpcIds).as(index + " over gRPC").isEqualTo(restJson);
      assertThat(grpcScores).as(index + " over gRPC").isEqualTo(restScores);
    }
    // The packed vectors are part of the stored source, as if they had been sent in it.
    JsonNode source = JSON.readTree(rest("GET", "/packed/_doc/3", null).body()).get("_source");
    JsonNode jsonSource = JSON.readTree(rest("GET", "/json/_doc/3", null).body()).get("_source");
    assertThat(source.get("v")).isEqualTo(jsonSource.get("v"));
  }

  @Test
  void badVectorsAnswerWithTheSameReasonOnBothProtocols() throws Exception {
    BulkResponse bulk =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("packed")
                .addBulkRequestBody(
                    item(100, "{}").toBuilder()
                        .putExtraFieldValues(
                            "v",
                            BinaryFieldValue.newBuilder()
                                .setFloatArrayValue(packedValues(new float[] {1, 2, 3}))
                                .build()))
                .addBulkRequestBody(item(101, "{\"v\":" + jsonArray(VECTORS[0]) + "}"))
                .build());
    assertThat(bulk.getErrors()).isTrue();
    assertThat(bulk.getItems(0).getIndex().getStatus())
        .isEqualTo(Status.Code.INVALID_ARGUMENT.value());
    assertThat(bulk.getItems(0).getIndex().getError().getCausedBy().getReason())
        .isEqualTo("Vector dimension mismatch. Expected: " + DIMS + ", Given: 3");
    assertThat(bulk.getItems(1).getIndex().hasError()).isFalse();

    var restError =
        rest("POST", "/json/_search", "{\"query\":{\"knn\":{\"v\":{\"vector\":[1,2],\"k\":3}}}}");
    assertThat(restError.statusCode()).isEqualTo(400);
    String reason = "Query vector has invalid dimension: 2. Dimension should be: " + DIMS;
    assertThat(restError.body()).contains(reason);
    assertThatThrownBy(() -> search.search(grpcKnn("json", new float[] {1, 2}, 3)))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription()).contains(reason);
            });
  }

  private static org.opensearch.protobufs.SearchRequest grpcKnn(
      String index, float[] vector, int k) {
    KnnQuery.Builder knn = KnnQuery.newBuilder().setField("v").setK(k);
    for (float f : vector) {
      knn.addVector(f);
    }
    knn.setFilter(
        QueryContainer.newBuilder()
            .setTerm(
                TermQuery.newBuilder()
                    .setField("c")
                    .setValue(FieldValue.newBuilder().setString("even"))));
    return org.opensearch.protobufs.SearchRequest.newBuilder()
        .addIndex(index)
        .setSearchRequestBody(
            SearchRequestBody.newBuilder()
                .setSize(k)
                .setQuery(QueryContainer.newBuilder().setKnn(knn)))
        .build();
  }

  private static String category(int i) {
    return i % 2 == 0 ? "even" : "odd";
  }

  private static BulkRequestBody item(int id, String source) {
    return BulkRequestBody.newBuilder()
        .setOperationContainer(
            OperationContainer.newBuilder()
                .setIndex(IndexOperation.newBuilder().setXId(Integer.toString(id))))
        .setObject(ByteString.copyFromUtf8(source))
        .build();
  }

  private static FloatArrayValue packedValues(float[] v) {
    FloatList.Builder list = FloatList.newBuilder();
    for (float f : v) {
      list.addValues(f);
    }
    return FloatArrayValue.newBuilder().setValues(list).build();
  }

  private static FloatArrayValue littleEndian(float[] v) {
    ByteBuffer buffer = ByteBuffer.allocate(v.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
    for (float f : v) {
      buffer.putFloat(f);
    }
    buffer.flip();
    return FloatArrayValue.newBuilder()
        .setBinaryLe(
            FloatBinaryLE.newBuilder()
                .setBytesLe(ByteString.copyFrom(buffer))
                .setDimension(v.length))
        .build();
  }

  private static String jsonArray(float[] v) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < v.length; i++) {
      out.append(i == 0 ? "" : ",").append(v[i]);
    }
    return out.append(']').toString();
  }

  private static HttpResponse<String> rest(String method, String path, String body)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path));
    b.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    if (body != null) {
      b.header(
          "Content-Type", path.contains("_bulk") ? "application/x-ndjson" : "application/json");
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }
}
