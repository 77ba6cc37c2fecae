package dev.duet.gateway;

import static dev.duet.gateway.HttpCalls.client;
import static dev.duet.gateway.HttpCalls.metricValue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import dev.duet.gateway.config.GatewayConfigFile;
import dev.duet.gateway.security.ApiKeys;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.BulkResponse;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.MatchAllQuery;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.services.DocumentServiceGrpc;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The gateway in front of a real Duet node: the real clients get through it the answers they get
 * directly; credentials, grants, limits and rate limits decide who gets through, on both protocols;
 * metrics and the config reload work.
 */
class GatewayDuetTest {
  static final String KEY_A = "key-of-tenant-a-0123456789";
  static final String KEY_READER = "key-of-reader-0123456789";
  static final String KEY_SLOW = "key-of-slow-0123456789";
  static final String KEY_SLOW_GRPC = "key-of-slow-grpc-0123456789";

  @TempDir static Path dir;
  static DuetNode node;
  static Gateway gateway;
  static Path configFile;
  static OpenSearchClient direct;
  static OpenSearchClient viaGateway;
  static ManagedChannel directChannel;
  static ManagedChannel gatewayChannel;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(dir.resolve("data")));
    Files.writeString(dir.resolve("jwks.json"), Credentials.jwks());
    configFile = dir.resolve("gateway.yaml");
    Files.writeString(configFile, config(List.of()));
    gateway = Gateway.start(configFile, Duration.ofMillis(200));
    direct = client(node.httpPort(), null);
    viaGateway = client(gateway.restPort(), Credentials.apiKey(KEY_A));
    directChannel = GrpcClients.channel(node.grpcPort());
    gatewayChannel = GrpcClients.channel(gateway.grpcPort());
    for (String index : List.of("a-m", "b-m")) {
      direct.indices().create(c -> c.index(index));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    GrpcClients.close(directChannel);
    GrpcClients.close(gatewayChannel);
    if (viaGateway != null) {
      viaGateway._transport().close();
      direct._transport().close();
    }
    if (gateway != null) {
      gateway.close();
    }
    if (node != null) {
      node.close();
    }
  }

  static String config(List<String> extraKeysOfA) {
    List<String> keysOfA = new ArrayList<>();
    keysOfA.add(ApiKeys.hash(KEY_A));
    extraKeysOfA.forEach(k -> keysOfA.add(ApiKeys.hash(k)));
    return """
        listen: {host: 127.0.0.1, rest_port: 0, grpc_port: 0, admin_port: 0}
        limits: {max_body_bytes: 64kb, max_bulk_items: 50, max_search_size: 100, max_search_from: 1000}
        jwt:
          issuer: %s
          audience: %s
          hs256_secret: "%s"
          jwks_file: jwks.json
        clusters:
          - name: duet
            mode: passthrough
            health_check_interval: 500ms
            nodes:
              - {rest: "127.0.0.1:%d", grpc: "127.0.0.1:%d"}
        tenants:
          - name: a
            api_keys: %s
            indices: ["a-*"]
            actions: [search, write, admin]
          - name: b
            indices: ["b-*"]
            actions: [search, write, admin]
          - name: reader
            api_keys: ["%s"]
            indices: ["a-*"]
            actions: [search]
          - name: slow
            api_keys: ["%s"]
            indices: ["s-*"]
            actions: [search]
            rate_limit: {requests_per_second: 0.001, burst_requests: 5}
          - name: slowgrpc
            api_keys: ["%s"]
            indices: ["s-*"]
            actions: [search]
            rate_limit: {requests_per_second: 0.001, burst_requests: 5}
        routes:
          - cluster: duet
        """
        .formatted(
            Credentials.ISSUER,
            Credentials.AUDIENCE,
            Credentials.HS256_SECRET,
            node.httpPort(),
            node.grpcPort(),
            keysOfA.stream().map(k -> "\"" + k + "\"").toList(),
            ApiKeys.hash(KEY_READER),
            ApiKeys.hash(KEY_SLOW),
            ApiKeys.hash(KEY_SLOW_GRPC));
  }

  @Test
  void restClientsGetTheSameAnswersThroughTheGateway() throws Exception {
    viaGateway
        .indices()
        .create(c -> c.index("a-books").mappings(m -> m.properties("title", p -> p.text(t -> t))));
    var bulk =
        viaGateway.bulk(
            b ->
                b.refresh(Refresh.True)
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("a-books")
                                        .id("1")
                                        .document(Map.of("title", "the left hand of darkness"))))
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("a-books")
                                        .id("2")
                                        .document(Map.of("title", "the dispossessed"))))
                    .operations(
                        o ->
                            o.index(
                                i ->
                                    i.index("a-books")
                                        .id("3")
                                        .document(Map.of("title", "darkness at noon")))));
    assertThat(bulk.errors()).isFalse();

    SearchResponse<Map> through =
        viaGateway.search(
            s ->
                s.index("a-books")
                    .query(
                        q -> q.match(m -> m.field("title").query(v -> v.stringValue("darkness")))),
            Map.class);
    SearchResponse<Map> straight =
        direct.search(
            s ->
                s.index("a-books")
                    .query(
                        q -> q.match(m -> m.field("title").query(v -> v.stringValue("darkness")))),
            Map.class);
    assertThat(through.hits().total().value())
        .isEqualTo(2)
        .isEqualTo(straight.hits().total().value());
    assertThat(through.hits().hits().stream().map(Hit::id).toList())
        .isEqualTo(straight.hits().hits().stream().map(Hit::id).toList());
    assertThat(through.hits().hits().stream().map(Hit::source).toList())
        .isEqualTo(straight.hits().hits().stream().map(Hit::source).toList());
    assertThat(through.hits().hits().stream().map(Hit::score).toList())
        .isEqualTo(straight.hits().hits().stream().map(Hit::score).toList());

    var infoThrough = viaGateway.info();
    var infoDirect = direct.info();
    assertThat(infoThrough.clusterUuid()).isEqualTo(infoDirect.clusterUuid());
    assertThat(infoThrough.version().number()).isEqualTo(infoDirect.version().number());
  }

  @Test
  void grpcStubsGetTheSameAnswersThroughTheGateway() {
    var documents =
        GrpcClients.as(
            DocumentServiceGrpc.newBlockingStub(gatewayChannel), Credentials.apiKey(KEY_A));
    BulkResponse written =
        documents.bulk(
            BulkRequest.newBuilder()
                .setIndex("a-grpc")
                .setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE)
                .addBulkRequestBody(item(null, "g1", "{\"title\":\"quick fox\"}"))
                .addBulkRequestBody(item("a-grpc", "g2", "{\"title\":\"lazy dog\"}"))
                .build());
    assertThat(written.getErrors()).isFalse();
    assertThat(written.getItemsCount()).isEqualTo(2);

    SearchRequest search =
        SearchRequest.newBuilder()
            .addIndex("a-grpc")
            .setSearchRequestBody(
                SearchRequestBody.newBuilder()
                    .setQuery(QueryContainer.newBuilder().setMatchAll(MatchAllQuery.newBuilder())))
            .build();
    var through =
        GrpcClients.as(SearchServiceGrpc.newBlockingStub(gatewayChannel), Credentials.apiKey(KEY_A))
            .search(search);
    var straight = SearchServiceGrpc.newBlockingStub(directChannel).search(search);
    assertThat(through.getHits().getTotal()).isEqualTo(straight.getHits().getTotal());
    assertThat(through.getHits().getHitsList()).isEqualTo(straight.getHits().getHitsList());
    assertThat(through.getHits().getHitsCount()).isEqualTo(2);
  }

  /**
   * Every identity × protocol × operation: no credentials, a bad key, an expired token and a token
   * from the wrong issuer are 401 / UNAUTHENTICATED; tenants reach their own indices only, and a
   * bulk touching another tenant's index is refused whole, its own items not written.
   */
  @Test
  void securityMatrix() throws Exception {
    record Who(String name, String authorization, String own, String other) {}
    List<Who> unauthenticated =
        List.of(
            new Who("none", null, null, null),
            new Who("bad key", Credentials.apiKey("no-such-key"), null, null),
            new Who("expired", Credentials.hs256("b", Instant.now().minusSeconds(600)), null, null),
            new Who(
                "wrong issuer", Credentials.hs256WithIssuer("b", "https://evil.test"), null, null),
            new Who(
                "unknown tenant",
                Credentials.hs256("zz", Instant.now().plusSeconds(600)),
                null,
                null));
    List<Who> tenants =
        List.of(
            new Who("a by key", Credentials.apiKey(KEY_A), "a-m", "b-m"),
            new Who(
                "b by HS256", Credentials.hs256("b", Instant.now().plusSeconds(600)), "b-m", "a-m"),
            new Who(
                "b by RS256",
                Credentials.rs256("b", Instant.now().plusSeconds(600)),
                "b-m",
                "a-m"));
    int n = 0;
    for (Who who : unauthenticated) {
      for (String index : List.of("a-m", "b-m")) {
        HttpResponse<String> r =
            HttpCalls.call(
                gateway.restPort(), "GET", "/" + index + "/_search", who.authorization(), null);
        assertThat(r.statusCode()).as(who.name()).isEqualTo(401);
        JsonNode body = HttpCalls.json(r);
        assertThat(body.at("/error/type").asText()).isEqualTo("security_exception");
        assertThat(body.at("/status").asInt()).isEqualTo(401);
        assertThat(grpcSearch(who.authorization(), index))
            .as(who.name())
            .isEqualTo(Status.Code.UNAUTHENTICATED);
        assertThat(grpcBulk(who.authorization(), List.of(index), "u" + n++))
            .isEqualTo(Status.Code.UNAUTHENTICATED);
      }
    }
    for (Who who : tenants) {
      // search: own yes, other no
      assertThat(
              HttpCalls.call(
                      gateway.restPort(),
                      "GET",
                      "/" + who.own() + "/_search",
                      who.authorization(),
                      null)
                  .statusCode())
          .as(who.name())
          .isEqualTo(200);
      HttpResponse<String> forbidden =
          HttpCalls.call(
              gateway.restPort(), "GET", "/" + who.other() + "/_search", who.authorization(), null);
      assertThat(forbidden.statusCode()).as(who.name()).isEqualTo(403);
      assertThat(HttpCalls.json(forbidden).at("/error/reason").asText()).contains(who.other());
      assertThat(grpcSearch(who.authorization(), who.own()))
          .as(who.name())
          .isEqualTo(Status.Code.OK);
      assertThat(grpcSearch(who.authorization(), who.other()))
          .as(who.name())
          .isEqualTo(Status.Code.PERMISSION_DENIED);
      // every index of a search: one forbidden one refuses it
      assertThat(
              HttpCalls.call(
                      gateway.restPort(),
                      "GET",
                      "/" + who.own() + "," + who.other() + "/_search",
                      who.authorization(),
                      null)
                  .statusCode())
          .isEqualTo(403);
      assertThat(
              HttpCalls.call(gateway.restPort(), "GET", "/_search", who.authorization(), null)
                  .statusCode())
          .as("all indices")
          .isEqualTo(403);

      // bulk: own yes, other no, mixed refused whole
      String id = "w" + n++;
      assertThat(restBulk(who.authorization(), List.of(who.own()), id))
          .as(who.name())
          .isEqualTo(200);
      assertThat(exists(who.own(), id)).isTrue();
      assertThat(restBulk(who.authorization(), List.of(who.other()), "x" + n++)).isEqualTo(403);
      String mixed = "mixed" + n++;
      assertThat(restBulk(who.authorization(), List.of(who.own(), who.other()), mixed))
          .isEqualTo(403);
      assertThat(exists(who.own(), mixed)).as("nothing of a refused bulk is written").isFalse();

      String gid = "g" + n++;
      assertThat(grpcBulk(who.authorization(), List.of(who.own()), gid)).isEqualTo(Status.Code.OK);
      assertThat(exists(who.own(), gid)).isTrue();
      assertThat(grpcBulk(who.authorization(), List.of(who.other()), "gx" + n++))
          .isEqualTo(Status.Code.PERMISSION_DENIED);
      String gmixed = "gmixed" + n++;
      assertThat(grpcBulk(who.authorization(), List.of(who.own(), who.other()), gmixed))
          .isEqualTo(Status.Code.PERMISSION_DENIED);
      assertThat(exists(who.own(), gmixed)).isFalse();
    }
    // A tenant granted search only cannot write, even to its own indices.
    assertThat(restBulk(Credentials.apiKey(KEY_READER), List.of("a-m"), "r1")).isEqualTo(403);
    assertThat(grpcBulk(Credentials.apiKey(KEY_READER), List.of("a-m"), "r2"))
        .isEqualTo(Status.Code.PERMISSION_DENIED);
    assertThat(grpcSearch(Credentials.apiKey(KEY_READER), "a-m")).isEqualTo(Status.Code.OK);
  }

  @Test
  void requestLimitsNameTheLimit() {
    String auth = Credentials.apiKey(KEY_A);
    // The refusal reaches a client that is still sending: never a reset stream instead of a 413.
    for (int i = 0; i < 20; i++) {
      HttpResponse<String> big =
          HttpCalls.call(
              gateway.restPort(),
              "POST",
              "/a-m/_doc/big",
              auth,
              "{\"f\":\"" + "x".repeat(70_000 + 40_000 * i) + "\"}");
      assertThat(big.statusCode()).isEqualTo(413);
      assertThat(HttpCalls.json(big).at("/error/reason").asText())
          .contains("limits.max_body_bytes");
    }

    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 51; i++) {
      many.append("{\"index\":{\"_index\":\"a-m\"}}\n{}\n");
    }
    HttpResponse<String> tooMany =
        HttpCalls.call(gateway.restPort(), "POST", "/_bulk", auth, many.toString());
    assertThat(tooMany.statusCode()).isEqualTo(400);
    assertThat(HttpCalls.json(tooMany).at("/error/reason").asText())
        .contains("limits.max_bulk_items");

    HttpResponse<String> size =
        HttpCalls.call(gateway.restPort(), "POST", "/a-m/_search", auth, "{\"size\":101}");
    assertThat(size.statusCode()).isEqualTo(400);
    assertThat(HttpCalls.json(size).at("/error/reason").asText())
        .contains("limits.max_search_size");
    assertThat(
            HttpCalls.call(gateway.restPort(), "GET", "/a-m/_search?from=1001", auth, null)
                .statusCode())
        .isEqualTo(400);

    var documents = GrpcClients.as(DocumentServiceGrpc.newBlockingStub(gatewayChannel), auth);
    BulkRequest.Builder hugeBulk = BulkRequest.newBuilder().setIndex("a-m");
    hugeBulk.addBulkRequestBody(item(null, "h", "{\"f\":\"" + "y".repeat(70_000) + "\"}"));
    assertThatThrownBy(() -> documents.bulk(hugeBulk.build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
              assertThat(e.getStatus().getDescription()).contains("limits.max_body_bytes");
            });
    BulkRequest.Builder manyItems = BulkRequest.newBuilder().setIndex("a-m");
    for (int i = 0; i < 51; i++) {
      manyItems.addBulkRequestBody(item(null, "m" + i, "{}"));
    }
    assertThatThrownBy(() -> documents.bulk(manyItems.build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> {
              assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(e.getStatus().getDescription()).contains("limits.max_bulk_items");
            });
    var search = GrpcClients.as(SearchServiceGrpc.newBlockingStub(gatewayChannel), auth);
    assertThatThrownBy(
            () ->
                search.search(
                    SearchRequest.newBuilder()
                        .addIndex("a-m")
                        .setSearchRequestBody(SearchRequestBody.newBuilder().setSize(101))
                        .build()))
        .isInstanceOfSatisfying(
            StatusRuntimeException.class,
            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
  }

  /** A burst of 8 against a bucket of 5 that refills once an hour: exactly 3 refusals. */
  @Test
  void aBurstBeyondTheBucketIsRefusedExactlyAsOftenAsItOverflows() {
    int refusedRest = 0;
    for (int i = 0; i < 8; i++) {
      HttpResponse<String> r =
          HttpCalls.call(gateway.restPort(), "GET", "/", Credentials.apiKey(KEY_SLOW), null);
      if (r.statusCode() == 429) {
        refusedRest++;
        assertThat(Long.parseLong(r.headers().firstValue("retry-after").orElseThrow()))
            .isPositive();
        assertThat(HttpCalls.json(r).at("/error/reason").asText()).contains("slow");
      } else {
        assertThat(r.statusCode()).isEqualTo(200);
      }
    }
    assertThat(refusedRest).isEqualTo(3);

    var health =
        GrpcClients.as(
            HealthGrpc.newBlockingStub(gatewayChannel), Credentials.apiKey(KEY_SLOW_GRPC));
    int refusedGrpc = 0;
    for (int i = 0; i < 8; i++) {
      try {
        health.check(HealthCheckRequest.getDefaultInstance());
      } catch (StatusRuntimeException e) {
        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(
                e.getTrailers()
                    .get(
                        Metadata.Key.of(
                            "grpc-retry-pushback-ms", Metadata.ASCII_STRING_MARSHALLER)))
            .isNotNull();
        refusedGrpc++;
      }
    }
    assertThat(refusedGrpc).isEqualTo(3);

    String metrics = HttpCalls.metrics(gateway.adminPort());
    assertThat(
            metricValue(
                metrics, "duet_gateway_rate_limited_total", "tenant=\"slow\"", "protocol=\"rest\""))
        .isEqualTo(3.0);
    assertThat(
            metricValue(
                metrics,
                "duet_gateway_rate_limited_total",
                "tenant=\"slowgrpc\"",
                "protocol=\"grpc\""))
        .isEqualTo(3.0);
  }

  @Test
  void metricsCountRequestsByTenantProtocolAndStatus() {
    String auth = Credentials.apiKey(KEY_A);
    String before = HttpCalls.metrics(gateway.adminPort());
    double restBefore =
        metricValue(
            before,
            "duet_gateway_requests_seconds_count",
            "tenant=\"a\"",
            "protocol=\"rest\"",
            "status=\"403\"");
    double grpcBefore =
        metricValue(
            before,
            "duet_gateway_requests_seconds_count",
            "tenant=\"a\"",
            "protocol=\"grpc\"",
            "status=\"OK\"",
            "method=\"Search\"");
    HttpCalls.call(gateway.restPort(), "GET", "/b-m/_search", auth, null);
    HttpCalls.call(gateway.restPort(), "GET", "/b-m/_search", auth, null);
    grpcSearch(auth, "a-m");

    String after = HttpCalls.metrics(gateway.adminPort());
    assertThat(
            metricValue(
                after,
                "duet_gateway_requests_seconds_count",
                "tenant=\"a\"",
                "protocol=\"rest\"",
                "status=\"403\""))
        .isEqualTo(restBefore + 2);
    assertThat(
            metricValue(
                after,
                "duet_gateway_requests_seconds_count",
                "tenant=\"a\"",
                "protocol=\"grpc\"",
                "status=\"OK\"",
                "method=\"Search\"",
                "upstream=\"duet\""))
        .isEqualTo(grpcBefore + 1);
    assertThat(after).contains("duet_gateway_requests_seconds_bucket{");
    assertThat(metricValue(after, "duet_gateway_upstream_healthy_nodes", "upstream=\"duet\""))
        .isEqualTo(1.0);
  }

  @Test
  void aChangedConfigFileTakesEffectWithoutARestart() throws Exception {
    String newKey = "key-added-while-running-0123456789";
    assertThat(
            HttpCalls.call(
                    gateway.restPort(), "GET", "/a-m/_search", Credentials.apiKey(newKey), null)
                .statusCode())
        .isEqualTo(401);
    Files.writeString(configFile, config(List.of(newKey)));
    try {
      int status = 0;
      for (int i = 0; i < 100 && status != 200; i++) { // bounded: 10 s at most
        Thread.sleep(100);
        status =
            HttpCalls.call(
                    gateway.restPort(), "GET", "/a-m/_search", Credentials.apiKey(newKey), null)
                .statusCode();
      }
      assertThat(status).isEqualTo(200);
    } finally {
      Files.writeString(configFile, config(List.of()));
    }
  }

  @Test
  void aReloadThatNeedsARestartIsRefusedAndTheConfigInForceStays() throws Exception {
    String elsewhere =
        config(List.of())
            .replace("name: duet", "name: elsewhere")
            .replace("cluster: duet", "cluster: elsewhere");
    assertThatThrownBy(() -> gateway.reload(GatewayConfigFile.parse(elsewhere, dir)))
        .hasMessageContaining("elsewhere");
    assertThat(
            HttpCalls.call(
                    gateway.restPort(), "GET", "/a-m/_search", Credentials.apiKey(KEY_A), null)
                .statusCode())
        .isEqualTo(200);
  }

  /**
   * Server reflection is a bidirectional stream: the client waits for an answer before it closes
   * its side, so a gateway that buffered the request stream would hang it.
   */
  @Test
  void bidirectionalStreamsFlowThroughUnbuffered() throws Exception {
    var stub =
        GrpcClients.as(ServerReflectionGrpc.newStub(gatewayChannel), Credentials.apiKey(KEY_A));
    CompletableFuture<ServerReflectionResponse> first = new CompletableFuture<>();
    StreamObserver<ServerReflectionRequest> requests =
        stub.serverReflectionInfo(
            new StreamObserver<>() {
              @Override
              public void onNext(ServerReflectionResponse r) {
                first.complete(r);
              }

              @Override
              public void onError(Throwable t) {
                first.completeExceptionally(t);
              }

              @Override
              public void onCompleted() {}
            });
    requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
    ServerReflectionResponse response = first.get(30, TimeUnit.SECONDS); // still open on our side
    requests.onCompleted();
    assertThat(response.getListServicesResponse().getServiceList())
        .extracting(ServiceResponse::getName)
        .contains("org.opensearch.protobufs.services.SearchService");
  }

  // --- helpers ---

  static BulkRequestBody item(String index, String id, String source) {
    IndexOperation.Builder op = IndexOperation.newBuilder().setXId(id);
    if (index != null) {
      op.setXIndex(index);
    }
    return BulkRequestBody.newBuilder()
        .setOperationContainer(OperationContainer.newBuilder().setIndex(op))
        .setObject(ByteString.copyFrom(source, StandardCharsets.UTF_8))
        .build();
  }

  static Status.Code grpcSearch(String authorization, String index) {
    try {
      GrpcClients.as(SearchServiceGrpc.newBlockingStub(gatewayChannel), authorization)
          .search(SearchRequest.newBuilder().addIndex(index).build());
      return Status.Code.OK;
    } catch (StatusRuntimeException e) {
      return e.getStatus().getCode();
    }
  }

  static Status.Code grpcBulk(String authorization, List<String> indices, String id) {
    BulkRequest.Builder b =
        BulkRequest.newBuilder().setRefresh(org.opensearch.protobufs.Refresh.REFRESH_TRUE);
    for (String index : indices) {
      b.addBulkRequestBody(item(index, id, "{\"f\":1}"));
    }
    try {
      BulkResponse r =
          GrpcClients.as(DocumentServiceGrpc.newBlockingStub(gatewayChannel), authorization)
              .bulk(b.build());
      assertThat(r.getErrors()).isFalse();
      return Status.Code.OK;
    } catch (StatusRuntimeException e) {
      return e.getStatus().getCode();
    }
  }

  static int restBulk(String authorization, List<String> indices, String id) {
    StringBuilder body = new StringBuilder();
    for (String index : indices) {
      body.append("{\"index\":{\"_index\":\"")
          .append(index)
          .append("\",\"_id\":\"")
          .append(id)
          .append("\"}}\n{\"f\":1}\n");
    }
    return HttpCalls.call(
            gateway.restPort(), "POST", "/_bulk?refresh=true", authorization, body.toString())
        .statusCode();
  }

  static boolean exists(String index, String id) {
    return HttpCalls.call(node.httpPort(), "GET", "/" + index + "/_doc/" + id, null, null)
            .statusCode()
        == 200;
  }
}
