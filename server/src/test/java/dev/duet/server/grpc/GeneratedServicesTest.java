package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import dev.duet.server.rest.codec.AliasFilterCodec;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Walks api/openapi/duet.yaml and sends every operation's examples (operation-examples.yaml) to one
 * node twice: over REST as the spec describes it, and over gRPC to the generated {@code duet.*} RPC
 * that protogen made of it (service {@code duet.<tag>.<Tag>Service}, RPC named after its {@code
 * x-operation-group}). Both must end alike: the REST status and the gRPC code match (by
 * OpenSearch's mapping), a success's JSON equals the response message turned into JSON by
 * api/proto's options, and an error's {@code details=} equals REST's error body. An operation added
 * to the spec without an example or a working RPC fails here.
 */
class GeneratedServicesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final List<String> METHODS = List.of("get", "put", "post", "delete", "head");
  private static final String FIXTURE =
      """
      {"settings":{"number_of_shards":1,"number_of_replicas":0},
       "mappings":{"properties":{"title":{"type":"text"},"year":{"type":"integer"}}},
       "aliases":{"library":{}}}""";
  private static final String FIXTURE_DOCS =
      """
      {"index":{"_id":"1"}}
      {"title":"The Left Hand of Darkness","year":1969}
      {"index":{"_id":"2"}}
      {"title":"The Dispossessed","year":1974}
      """;

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void start() {
    // With the node's alias filter decoder, so that filtered aliases answer as in production.
    node =
        DuetNode.start(
            NodeConfig.ephemeral(data),
            Engines.open(
                data,
                AliasFilterCodec.INSTANCE,
                Engines.DEFAULT_MAX_BUCKETS,
                Engines.DEFAULT_MAX_CLAUSE_COUNT,
                List.of(data.resolve("repo"))));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  @TestFactory
  Stream<DynamicTest> everyOperationAnswersAlikeOverRestAndGrpc() throws IOException {
    JsonNode spec = YAML.readTree(Path.of("..", "api", "openapi", "duet.yaml").toFile());
    JsonNode examples;
    try (InputStream in = getClass().getResourceAsStream("/operation-examples.yaml")) {
      examples = YAML.readTree(in);
    }
    List<DynamicTest> tests = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> paths = spec.path("paths").fields();
        paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (String method : METHODS) {
        JsonNode op = path.getValue().path(method);
        if (op.isMissingNode()) {
          continue;
        }
        Operation operation =
            new Operation(
                op.path("operationId").asText(),
                method.toUpperCase(Locale.ROOT),
                path.getKey(),
                op.path("tags").path(0).asText(),
                op.path("x-operation-group").asText());
        JsonNode cases = examples.path(operation.id());
        if (cases.isEmpty()) {
          tests.add(
              DynamicTest.dynamicTest(
                  operation.toString(),
                  () -> fail("no example for %s in operation-examples.yaml", operation)));
          continue;
        }
        for (int i = 0; i < cases.size(); i++) {
          JsonNode example = cases.get(i);
          tests.add(
              DynamicTest.dynamicTest(
                  operation + " #" + i + " " + example, () -> compare(operation, example)));
        }
      }
    }
    return tests.stream();
  }

  private static void compare(Operation op, JsonNode example) throws Exception {
    Fixture restFixture = reset();
    Outcome rest = restFixture.neutral(overRest(op, example));
    Fixture grpcFixture = reset();
    Outcome grpc = grpcFixture.neutral(overGrpc(op, example));

    assertThat(grpc.code())
        .as("gRPC code for REST %s (%s)", rest.status(), grpc.description())
        .isEqualTo(GrpcErrors.code(rest.status()));
    JsonNode restJson = rest.body().isEmpty() ? null : JSON.readTree(rest.body());
    if (op.method().equals("HEAD")) {
      assertThat(rest.body()).isEmpty();
      return; // HTTP gives HEAD no body to compare with; the status was the answer
    }
    if (grpc.code() == Status.Code.OK) {
      assertThat(without(grpc.json(), example))
          .as("response content (REST: %s)", rest.body())
          .isEqualTo(without(restJson, example));
      return;
    }
    String description = grpc.description() == null ? "" : grpc.description();
    int details = description.indexOf("; details=");
    if (restJson == null) {
      assertThat(details).as("no details where REST has no body: %s", description).isEqualTo(-1);
      return;
    }
    assertThat(details).as("details in %s", description).isPositive();
    assertThat(normalized(JSON.readTree(description.substring(details + "; details=".length()))))
        .isEqualTo(normalized(restJson));
  }

  private static Outcome overRest(Operation op, JsonNode example) throws Exception {
    String path = op.path();
    for (Iterator<Map.Entry<String, JsonNode>> it = example.path("path").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> v = it.next();
      path = path.replace("{" + v.getKey() + "}", encode(v.getValue().asText()));
    }
    StringBuilder query = new StringBuilder();
    for (Iterator<Map.Entry<String, JsonNode>> it = example.path("params").fields();
        it.hasNext(); ) {
      Map.Entry<String, JsonNode> p = it.next();
      query.append(query.isEmpty() ? "?" : "&");
      query.append(encode(p.getKey())).append('=').append(encode(p.getValue().asText()));
    }
    String body = null;
    String type = "application/json";
    if (example.has("ndjson")) {
      body = example.get("ndjson").asText();
      type = "application/x-ndjson";
    } else if (example.has("body")) {
      body = JSON.writeValueAsString(example.get("body"));
    }
    HttpResponse<String> r = rest(op.method(), path + query, body, type);
    return new Outcome(r.statusCode(), r.body(), null, null, null);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Outcome overGrpc(Operation op, JsonNode example) throws Exception {
    String tag = capitalized(op.tag());
    String service = "duet." + op.tag() + "." + tag + "Service";
    // protogen's rule: the group less its tag's prefix, or the whole group under another tag
    // (indices.get_template under the templates tag is IndicesGetTemplate).
    String tagPrefix = op.tag() + ".";
    String group =
        op.group().startsWith(tagPrefix) ? op.group().substring(tagPrefix.length()) : op.group();
    StringBuilder rpc = new StringBuilder();
    for (String word : group.split("[._]")) {
      rpc.append(capitalized(word));
    }
    Class<?> stubs = Class.forName("dev.duet.api." + op.tag() + "." + tag + "ServiceGrpc");
    ServiceDescriptor sd = (ServiceDescriptor) stubs.getMethod("getServiceDescriptor").invoke(null);
    MethodDescriptor method = null;
    for (MethodDescriptor<?, ?> m : sd.getMethods()) {
      if (m.getFullMethodName().equals(service + "/" + rpc)) {
        method = m;
      }
    }
    assertThat(method).as("RPC %s/%s for %s", service, rpc, op).isNotNull();
    Message prototype =
        (Message)
            ((MethodDescriptor.PrototypeMarshaller<?>) method.getRequestMarshaller())
                .getMessagePrototype();

    ObjectNode fields = JSON.createObjectNode();
    if (example.has("path")) {
      fields.setAll((ObjectNode) example.get("path").deepCopy());
    }
    if (example.has("params")) {
      fields.setAll((ObjectNode) example.get("params").deepCopy());
    }
    Message.Builder request = prototype.newBuilderForType();
    FieldDescriptor bodyField = bodyField(prototype);
    if (example.has("ndjson") && bodyField.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
      // A typed list body (Msearch's lines): one item per NDJSON line.
      var lines = JSON.createArrayNode();
      for (String line : example.get("ndjson").asText().split("\n")) {
        lines.add(JSON.readTree(line));
      }
      fields.set(bodyField.getJsonName(), lines);
    } else if (example.has("ndjson")) {
      request.setField(bodyField, ByteString.copyFromUtf8(example.get("ndjson").asText()));
    } else if (example.has("body")) {
      fields.set(bodyField.getJsonName(), example.get("body"));
    }
    ProtoBodies.merge(fields, request);
    try {
      Message response =
          (Message)
              ClientCalls.blockingUnaryCall(
                  channel,
                  method,
                  CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS),
                  request.build());
      JsonNode json =
          response.getDescriptorForType().getFullName().equals("google.protobuf.Empty")
              ? null
              : RestBodies.node(response);
      return new Outcome(200, null, Status.Code.OK, null, json);
    } catch (StatusRuntimeException e) {
      return new Outcome(0, null, e.getStatus().getCode(), e.getStatus().getDescription(), null);
    }
  }

  /** The request's body: its one message or bytes field. */
  private static FieldDescriptor bodyField(Message prototype) {
    for (FieldDescriptor f : prototype.getDescriptorForType().getFields()) {
      if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE
          || f.getJavaType() == FieldDescriptor.JavaType.BYTE_STRING) {
        return f;
      }
    }
    return null;
  }

  /** Before every call: one index, books, with an alias and two documents. */
  private static Fixture reset() throws Exception {
    HttpResponse<String> cat = rest("GET", "/_cat/indices?format=json&h=index", null, null);
    for (JsonNode row : JSON.readTree(cat.body())) {
      rest("DELETE", "/" + row.path("index").asText(), null, null);
    }
    // Templates an example stored go too (composable before the components they use).
    rest("DELETE", "/_index_template/*", null, null);
    rest("DELETE", "/_component_template/*", null, null);
    rest("DELETE", "/_template/*", null, null);
    // One ingest pipeline, `tag-it`, and one search pipeline, `filtered`; others an example added
    // go.
    rest("DELETE", "/_ingest/pipeline/*", null, null);
    rest("DELETE", "/_search/pipeline/*", null, null);
    String ingest =
        "{\"description\":\"tags\",\"processors\":[{\"lowercase\":{\"field\":\"title\"}}]}";
    assertThat(rest("PUT", "/_ingest/pipeline/tag-it", ingest, "application/json").statusCode())
        .isEqualTo(200);
    String search =
        "{\"request_processors\":[{\"filter_query\":{\"query\":{\"term\":{\"year\":1965}}}}]}";
    assertThat(rest("PUT", "/_search/pipeline/filtered", search, "application/json").statusCode())
        .isEqualTo(200);
    assertThat(rest("PUT", "/books", FIXTURE, "application/json").statusCode()).isEqualTo(200);
    resetSnapshots();
    HttpResponse<String> bulk =
        rest("POST", "/books/_bulk?refresh=true", FIXTURE_DOCS, "application/x-ndjson");
    assertThat(JSON.readTree(bulk.body()).path("errors").asBoolean(true)).isFalse();
    JsonNode settings =
        JSON.readTree(rest("GET", "/books/_settings", null, null).body())
            .path("books")
            .path("settings")
            .path("index");
    return new Fixture(settings.path("uuid").asText(), settings.path("creation_date").asText());
  }

  /**
   * One repository, {@code backups}, holding one snapshot of {@code books}, {@code nightly}, taken
   * once and kept (so its uuid and times are alike for both calls); whatever an example added goes.
   */
  private static void resetSnapshots() throws Exception {
    for (Iterator<String> repos =
            JSON.readTree(rest("GET", "/_snapshot", null, null).body()).fieldNames();
        repos.hasNext(); ) {
      String repo = repos.next();
      if (!repo.equals("backups")) {
        rest("DELETE", "/_snapshot/" + repo, null, null);
      }
    }
    String repo = "{\"type\":\"fs\",\"settings\":{\"location\":\"backups\"}}";
    assertThat(rest("PUT", "/_snapshot/backups", repo, "application/json").statusCode())
        .isEqualTo(200);
    for (JsonNode snapshot :
        JSON.readTree(rest("GET", "/_snapshot/backups/_all?verbose=false", null, null).body())
            .path("snapshots")) {
      String name = snapshot.path("snapshot").asText();
      if (!name.equals("nightly")) {
        rest("DELETE", "/_snapshot/backups/" + name, null, null);
      }
    }
    if (rest("GET", "/_snapshot/backups/nightly", null, null).statusCode() == 404) {
      String body = "{\"indices\":\"books\"}";
      assertThat(
              rest(
                      "PUT",
                      "/_snapshot/backups/nightly?wait_for_completion=true",
                      body,
                      "application/json")
                  .statusCode())
          .isEqualTo(200);
    }
  }

  private static HttpResponse<String> rest(String method, String path, String body, String type)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path));
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.method(method, HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", type);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The JSON without the example's {@code ignore} pointers, numbers compared by value. */
  private static JsonNode without(JsonNode json, JsonNode example) throws IOException {
    if (json == null) {
      return null;
    }
    JsonNode copy = normalized(json);
    for (JsonNode pointer : example.path("ignore")) {
      String p = pointer.asText();
      JsonNode parent = copy.at(p.substring(0, p.lastIndexOf('/')));
      if (parent instanceof ObjectNode o) {
        o.remove(p.substring(p.lastIndexOf('/') + 1));
      }
    }
    return copy;
  }

  /**
   * Written and read back, so that a float and a double of the same text compare equal; without
   * nulls, empty arrays and empty objects, which proto3 cannot tell from an absent field (an empty
   * map is no map).
   */
  private static JsonNode normalized(JsonNode json) throws IOException {
    return withoutEmpty(JSON.readTree(JSON.writeValueAsString(json)));
  }

  private static JsonNode withoutEmpty(JsonNode json) {
    if (json instanceof ObjectNode o) {
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = withoutEmpty(e.getValue());
        if (v.isNull() || (v.isContainerNode() && v.isEmpty())) {
          it.remove();
        } else {
          e.setValue(v);
        }
      }
    } else if (json instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        a.set(i, withoutEmpty(a.get(i)));
      }
    } else if (json.isNumber()) {
      // A typed union or result carries one number type (double): 3 and 3.0 are one value.
      return DoubleNode.valueOf(Double.parseDouble(json.asText()));
    }
    return json;
  }

  private static String capitalized(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private record Operation(String id, String method, String path, String tag, String group) {
    @Override
    public String toString() {
      return id + " " + method + " " + path;
    }
  }

  /** What differs between two creations of the fixture index by nature: its uuid and date. */
  private record Fixture(String uuid, String creationDate) {
    Outcome neutral(Outcome o) throws IOException {
      return new Outcome(
          o.status(),
          o.body() == null ? null : neutral(o.body()),
          o.code(),
          o.description() == null ? null : neutral(o.description()),
          o.json() == null ? null : JSON.readTree(neutral(JSON.writeValueAsString(o.json()))));
    }

    private String neutral(String text) {
      return text.replace(uuid, "<books-uuid>").replace(creationDate, "<books-created>");
    }
  }

  private record Outcome(
      int status, String body, Status.Code code, String description, JsonNode json) {}
}
