package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engines;
import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.IpRangeBucket;
import org.opensearch.client.opensearch._types.aggregations.StringTermsBucket;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The {@code ip} and {@code binary} field types through opensearch-java over a real socket (CIDR
 * terms, address ranges and sorts, terms and ip_range aggregations, base64 values) and through
 * gRPC's SearchService (an ip term query and sort values), as OpenSearch 3.8.0 answers them.
 */
class IpAndBinaryFieldsTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static ManagedChannel channel;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    client
        .indices()
        .create(
            c ->
                c.index("hosts")
                    .mappings(
                        m ->
                            m.properties("addr", p -> p.ip(ip -> ip))
                                .properties("blob", p -> p.binary(b -> b.docValues(true)))));
    BulkResponse written =
        client.bulk(
            b ->
                b.index("hosts")
                    .refresh(Refresh.True)
                    .operations(o -> o.index(i -> i.id("1").document(doc("192.168.0.1", "YWJj"))))
                    .operations(o -> o.index(i -> i.id("2").document(doc("192.168.0.7", null))))
                    .operations(o -> o.index(i -> i.id("3").document(doc("::1", "ZGVm"))))
                    .operations(o -> o.index(i -> i.id("4").document(doc("10.0.0.1", null)))));
    assertThat(written.errors()).isFalse();
  }

  @AfterAll
  static void stop() throws Exception {
    if (channel != null) {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
    if (client != null) {
      client._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  private static Map<String, Object> doc(String addr, String blob) {
    return blob == null ? Map.of("addr", addr) : Map.of("addr", addr, "blob", blob);
  }

  @Test
  void cidrTermsAndAddressRangesMatchOverRest() throws Exception {
    SearchResponse<Map> block =
        client.search(
            s ->
                s.index("hosts")
                    .query(q -> q.term(t -> t.field("addr").value(FieldValue.of("192.168.0.0/16"))))
                    .sort(o -> o.field(f -> f.field("addr").order(SortOrder.Desc))),
            Map.class);
    assertThat(block.hits().hits()).extracting(Hit::id).containsExactly("2", "1");
    assertThat(block.hits().hits().get(0).sort())
        .extracting(FieldValue::stringValue)
        .containsExactly("192.168.0.7");

    SearchResponse<Map> range =
        client.search(
            s ->
                s.index("hosts")
                    .query(
                        q ->
                            q.range(
                                r ->
                                    r.field("addr")
                                        .gte(JsonData.of("10.0.0.0"))
                                        .lt(JsonData.of("192.168.0.7")))),
            Map.class);
    assertThat(range.hits().hits()).extracting(Hit::id).containsExactlyInAnyOrder("1", "4");
  }

  @Test
  void aMalformedAddressIsRefusedWithOpenSearchsReason() {
    assertThatThrownBy(
            () -> client.index(i -> i.index("hosts").id("bad").document(Map.of("addr", "quux"))))
        .isInstanceOf(OpenSearchException.class)
        .satisfies(
            e -> {
              OpenSearchException refused = (OpenSearchException) e;
              assertThat(refused.status()).isEqualTo(400);
              assertThat(refused.error().type()).isEqualTo("mapper_parsing_exception");
              assertThat(refused.error().causedBy().reason())
                  .isEqualTo("'quux' is not an IP string literal.");
            });
  }

  @Test
  void termsAndIpRangeAggregationsKeyBucketsByAddress() throws Exception {
    SearchResponse<Map> response =
        client.search(
            s ->
                s.index("hosts")
                    .size(0)
                    .aggregations("t", a -> a.terms(t -> t.field("addr")))
                    .aggregations(
                        "r",
                        a ->
                            a.ipRange(
                                r ->
                                    r.field("addr")
                                        .ranges(x -> x.to("192.168.0.0"))
                                        .ranges(x -> x.mask("192.168.0.0/16")))),
            Map.class);

    assertThat(response.aggregations().get("t").sterms().buckets().array())
        .extracting(StringTermsBucket::key)
        .containsExactly("::1", "10.0.0.1", "192.168.0.1", "192.168.0.7");
    List<IpRangeBucket> ranges = response.aggregations().get("r").ipRange().buckets().array();
    assertThat(ranges)
        .extracting(IpRangeBucket::key, IpRangeBucket::from, IpRangeBucket::to)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("*-192.168.0.0", null, "192.168.0.0"),
            org.assertj.core.groups.Tuple.tuple("192.168.0.0/16", "192.168.0.0", "192.169.0.0"));
    assertThat(ranges).extracting(IpRangeBucket::docCount).containsExactly(2L, 2L);
  }

  @Test
  void binaryValuesExistAndShowInBase64() throws Exception {
    SearchResponse<Map> response =
        client.search(
            s ->
                s.index("hosts")
                    .query(q -> q.exists(e -> e.field("blob")))
                    .docvalueFields(f -> f.field("blob"))
                    .sort(o -> o.field(f -> f.field("addr"))),
            Map.class);

    assertThat(response.hits().hits()).extracting(Hit::id).containsExactly("3", "1");
    assertThat(response.hits().hits().get(0).fields().get("blob").toJson().toString())
        .isEqualTo("[\"ZGVm\"]");
    assertThatThrownBy(
            () ->
                client.search(
                    s ->
                        s.index("hosts")
                            .query(q -> q.term(t -> t.field("blob").value(FieldValue.of("YWJj")))),
                    Map.class))
        .isInstanceOf(OpenSearchException.class)
        .satisfies(
            e ->
                assertThat(((OpenSearchException) e).error().rootCause().get(0).reason())
                    .isEqualTo("Binary fields do not support searching"));
  }

  @Test
  void anIpTermQueryAndItsSortValuesCrossGrpc() {
    SearchServiceGrpc.SearchServiceBlockingStub search = SearchServiceGrpc.newBlockingStub(channel);
    var reply =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("hosts")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setQuery(
                            QueryContainer.newBuilder()
                                .setTerm(
                                    TermQuery.newBuilder()
                                        .setField("addr")
                                        .setValue(
                                            org.opensearch.protobufs.FieldValue.newBuilder()
                                                .setString("192.168.0.0/29"))))
                        .addSort(SortCombinations.newBuilder().setField("addr"))
                        .setXSource(SourceConfig.newBuilder().setFetch(false)))
                .build());

    assertThat(reply.getHits().getHitsList()).extracting(h -> h.getXId()).containsExactly("1", "2");
    assertThat(reply.getHits().getHits(1).getSortList())
        .extracting(v -> v.getString())
        .containsExactly("192.168.0.7");

    assertThatThrownBy(
            () ->
                search.search(
                    org.opensearch.protobufs.SearchRequest.newBuilder()
                        .addIndex("hosts")
                        .setSearchRequestBody(
                            SearchRequestBody.newBuilder()
                                .setQuery(
                                    QueryContainer.newBuilder()
                                        .setTerm(
                                            TermQuery.newBuilder()
                                                .setField("addr")
                                                .setValue(
                                                    org.opensearch.protobufs.FieldValue.newBuilder()
                                                        .setString("1.2.3.4/40")))))
                        .build()))
        .isInstanceOf(StatusRuntimeException.class)
        .hasMessageStartingWith("INVALID_ARGUMENT")
        .hasMessageContaining("Illegal prefix length [40] in [1.2.3.4/40]");
  }
}
