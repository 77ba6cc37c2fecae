package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.duet.api.common.CreateIndexBody;
import dev.duet.api.common.DynamicMapping;
import dev.duet.api.indices.CreateRequest;
import dev.duet.api.indices.DeleteRequest;
import dev.duet.api.indices.ExistsRequest;
import dev.duet.api.indices.IndicesServiceGrpc;
import dev.duet.api.indices.RefreshRequest;
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
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The generated {@code duet.indices.IndicesService} (from api/openapi via protogen) on a real node:
 * each operation over gRPC and over REST on twin indices gives the same outcome.
 */
class IndicesRpcsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String BODY =
      "{\"settings\":{\"number_of_shards\":2,\"number_of_replicas\":0},"
          + "\"mappings\":{\"properties\":{\"title\":{\"type\":\"text\"},"
          + "\"year\":{\"type\":\"integer\",\"doc_values\":false}}}}";

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static IndicesServiceGrpc.IndicesServiceBlockingStub indices;
  private static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    indices = IndicesServiceGrpc.newBlockingStub(channel);
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @Test
  void reflectionListsTheGeneratedService() throws Exception {
    assertThat(GrpcTransportTest.listServices(channel)).contains("duet.indices.IndicesService");
  }

  @Test
  void createGivesTheSameAnswerAndTheSameIndex() throws Exception {
    Rest rest = rest("PUT", "/rest-create", BODY);
    Message grpc = indices.create(create("grpc-create"));

    assertThat(rest.status()).isEqualTo(200);
    assertThat(json(grpc)).isEqualTo(JSON.readTree(rest.body().replace("rest-", "grpc-")));
    assertThat(rest("GET", "/grpc-create/_mapping", null).body())
        .isEqualTo(rest("GET", "/rest-create/_mapping", null).body().replace("rest-", "grpc-"));
  }

  @Test
  void unionsAndEnumsArriveAsRestWritesThem() throws Exception {
    String strict = BODY.replace("\"mappings\":{", "\"mappings\":{\"dynamic\":\"strict\",");
    rest("PUT", "/rest-strict", strict);
    CreateRequest.Builder grpc = create("grpc-strict").toBuilder();
    grpc.getBodyBuilder()
        .getMappingsBuilder()
        .setDynamic(
            DynamicMapping.newBuilder().setEnumValue(DynamicMapping.EnumValue.ENUM_VALUE_STRICT));
    indices.create(grpc.build());

    String mapping = rest("GET", "/grpc-strict/_mapping", null).body();
    assertThat(mapping).contains("\"dynamic\":\"strict\"");
    assertThat(mapping)
        .isEqualTo(rest("GET", "/rest-strict/_mapping", null).body().replace("rest-", "grpc-"));
  }

  @Test
  void creatingAnExistingIndexFailsAlikeOnBothPorts() throws Exception {
    rest("PUT", "/twice", BODY);
    Rest rest = rest("PUT", "/twice", BODY);
    StatusRuntimeException grpc =
        catchThrowableOfType(StatusRuntimeException.class, () -> indices.create(create("twice")));

    assertThat(rest.status()).isEqualTo(400);
    assertThat(grpc.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
    String type = JSON.readTree(rest.body()).path("error").path("type").asText();
    assertThat(type).isEqualTo("resource_already_exists_exception");
    assertThat(grpc.getStatus().getDescription()).contains(type);
  }

  @Test
  void existsIsOkOrNotFoundAsRestIs200Or404() throws Exception {
    indices.create(create("here"));

    assertThat(rest("HEAD", "/here", null).status()).isEqualTo(200);
    indices.exists(ExistsRequest.newBuilder().setIndex("here").build()); // OK: no exception
    assertThat(rest("HEAD", "/nowhere", null).status()).isEqualTo(404);
    StatusRuntimeException missing =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () -> indices.exists(ExistsRequest.newBuilder().setIndex("nowhere").build()));
    assertThat(missing.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
  }

  @Test
  void refreshCountsTheSameShards() throws Exception {
    indices.create(create("fresh"));

    Rest rest = rest("POST", "/fresh/_refresh", null);
    Message grpc = indices.refresh(RefreshRequest.newBuilder().setIndex("fresh").build());
    assertThat(json(grpc)).isEqualTo(JSON.readTree(rest.body()));
    assertThat(json(grpc).path("_shards").path("successful").asInt()).isEqualTo(2);
  }

  @Test
  void deleteAcknowledgesAndThenFindsNothingAlike() throws Exception {
    indices.create(create("gone-grpc"));
    rest("PUT", "/gone-rest", BODY);

    Message grpc = indices.delete(DeleteRequest.newBuilder().setIndex("gone-grpc").build());
    Rest rest = rest("DELETE", "/gone-rest", null);
    assertThat(json(grpc)).isEqualTo(JSON.readTree(rest.body()));

    Rest again = rest("DELETE", "/gone-rest", null);
    StatusRuntimeException grpcAgain =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () -> indices.delete(DeleteRequest.newBuilder().setIndex("gone-grpc").build()));
    assertThat(again.status()).isEqualTo(404);
    assertThat(grpcAgain.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    assertThat(grpcAgain.getStatus().getDescription())
        .contains(
            JSON.readTree(again.body())
                .path("error")
                .path("reason")
                .asText()
                .replace("rest", "grpc"));
  }

  /** The REST body, parsed into the generated message as a gRPC client would build it. */
  private static CreateRequest create(String index) throws Exception {
    CreateIndexBody.Builder body = CreateIndexBody.newBuilder();
    JsonFormat.parser().merge(BODY, body);
    return CreateRequest.newBuilder().setIndex(index).setBody(body).build();
  }

  private static JsonNode json(Message message) throws Exception {
    return JSON.readTree(JsonFormat.printer().print(message));
  }

  private record Rest(int status, String body) {}

  private static Rest rest(String method, String path, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path));
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.method(method, HttpRequest.BodyPublishers.ofString(body))
          .header("Content-Type", "application/json");
    }
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Rest(r.statusCode(), r.body());
  }
}
