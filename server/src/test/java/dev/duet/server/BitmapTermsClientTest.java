package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
import org.opensearch.client.opensearch._types.query_dsl.TermsQueryValueType;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.FieldValueArray;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.TermsLookup;
import org.opensearch.protobufs.TermsQuery;
import org.opensearch.protobufs.TermsQueryField;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * Over opensearch-java and the gRPC stubs: {@code terms} with {@code value_type: bitmap} (by value
 * and through a lookup of a stored binary field) and {@code search.allow_expensive_queries};
 * expectations as OpenSearch 3.8.0 answered the REST suite's 380_bitmap_filtering and
 * 320_disallow_queries.
 */
class BitmapTermsClientTest {
  /** 111 and 222. */
  private static final String BITMAP = "OjAAAAEAAAAAAAEAEAAAAG8A3gA=";

  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static ManagedChannel channel;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
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
                c.index("students")
                    .mappings(
                        m ->
                            m.properties("student_id", p -> p.integer(i -> i))
                                .properties("name", p -> p.keyword(k -> k))));
    client
        .indices()
        .create(
            c ->
                c.index("classes")
                    .mappings(m -> m.properties("enrolled", p -> p.binary(b -> b.store(true)))));
    for (Object[] s : new Object[][] {{"1", "Jane", 111}, {"2", "Mary", 222}, {"3", "John", 333}}) {
      client.index(
          i ->
              i.index("students")
                  .id((String) s[0])
                  .document(Map.of("name", s[1], "student_id", s[2])));
    }
    client.index(
        i ->
            i.index("classes")
                .id("101")
                .document(Map.of("enrolled", BITMAP))
                .refresh(Refresh.True));
    client.indices().refresh(r -> r.index("students"));
  }

  @AfterAll
  static void stop() {
    channel.shutdownNow();
    node.close();
  }

  private static List<String> names(List<Hit<Map>> hits) {
    return hits.stream().map(h -> (String) h.source().get("name")).sorted().toList();
  }

  @Test
  void aBitmapValueAndAStoredBitmapLookupMatchTheIntegersInIt() throws Exception {
    var byValue =
        client.search(
            s ->
                s.index("students")
                    .query(
                        q ->
                            q.terms(
                                t ->
                                    t.field("student_id")
                                        .valueType(TermsQueryValueType.Bitmap)
                                        .terms(v -> v.value(List.of(FieldValue.of(BITMAP)))))),
            Map.class);
    assertThat(names(byValue.hits().hits())).containsExactly("Jane", "Mary");
    var byLookup =
        client.search(
            s ->
                s.index("students")
                    .query(
                        q ->
                            q.terms(
                                t ->
                                    t.field("student_id")
                                        .valueType(TermsQueryValueType.Bitmap)
                                        .terms(
                                            v ->
                                                v.lookup(
                                                    l ->
                                                        l.index("classes")
                                                            .id("101")
                                                            .path("enrolled")
                                                            .store(true))))),
            Map.class);
    assertThat(names(byLookup.hits().hits())).containsExactly("Jane", "Mary");
  }

  @Test
  void grpcCarriesTheValueTypeToo() {
    var stub = SearchServiceGrpc.newBlockingStub(channel);
    var byValue =
        stub.search(
            request(
                TermsQueryField.newBuilder()
                    .setValue(
                        FieldValueArray.newBuilder()
                            .addFieldValueArray(
                                org.opensearch.protobufs.FieldValue.newBuilder().setString(BITMAP)))
                    .build()));
    assertThat(byValue.getHits().getHitsList())
        .extracting(h -> h.getXId())
        .containsExactlyInAnyOrder("1", "2");
    var byLookup =
        stub.search(
            request(
                TermsQueryField.newBuilder()
                    .setLookup(
                        TermsLookup.newBuilder()
                            .setIndex("classes")
                            .setId("101")
                            .setPath("enrolled")
                            .setStore(true))
                    .build()));
    assertThat(byLookup.getHits().getHitsList())
        .extracting(h -> h.getXId())
        .containsExactlyInAnyOrder("1", "2");
    assertThatThrownBy(
            () ->
                stub.search(
                    request(
                        TermsQueryField.newBuilder()
                            .setValue(
                                FieldValueArray.newBuilder()
                                    .addFieldValueArray(
                                        org.opensearch.protobufs.FieldValue.newBuilder()
                                            .setString("xyz")))
                            .build())))
        .isInstanceOf(StatusRuntimeException.class)
        .hasMessageContaining("INVALID_ARGUMENT")
        .hasMessageContaining("Failed to deserialize the bitmap.");
  }

  @Test
  void disallowingExpensiveQueriesRefusesAPrefixOnBothPortsUntilReset() throws Exception {
    client
        .cluster()
        .putSettings(p -> p.transient_("search.allow_expensive_queries", JsonData.of(false)));
    try {
      assertThatThrownBy(
              () ->
                  client.search(
                      s ->
                          s.index("students").query(q -> q.prefix(p -> p.field("name").value("J"))),
                      Map.class))
          .isInstanceOfSatisfying(
              OpenSearchException.class,
              e -> {
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.error().rootCause().get(0).reason())
                    .startsWith(
                        "[prefix] queries cannot be executed when"
                            + " 'search.allow_expensive_queries' is set to false.");
              });
      var prefix =
          QueryContainer.newBuilder()
              .setPrefix(
                  org.opensearch.protobufs.PrefixQuery.newBuilder().setField("name").setValue("J"))
              .build();
      assertThatThrownBy(
              () ->
                  SearchServiceGrpc.newBlockingStub(channel)
                      .search(
                          SearchRequest.newBuilder()
                              .addIndex("students")
                              .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(prefix))
                              .build()))
          .isInstanceOf(StatusRuntimeException.class)
          .hasMessageContaining("INVALID_ARGUMENT");
    } finally {
      client
          .cluster()
          .putSettings(p -> p.transient_("search.allow_expensive_queries", JsonData.of(true)));
    }
    var found =
        client.search(
            s -> s.index("students").query(q -> q.prefix(p -> p.field("name").value("J"))),
            Map.class);
    assertThat(names(found.hits().hits())).containsExactly("Jane", "John");
  }

  private static SearchRequest request(TermsQueryField field) {
    QueryContainer query =
        QueryContainer.newBuilder()
            .setTerms(
                TermsQuery.newBuilder()
                    .putTerms("student_id", field)
                    .setValueType(
                        org.opensearch.protobufs.TermsQueryValueType.TERMS_QUERY_VALUE_TYPE_BITMAP))
            .build();
    return SearchRequest.newBuilder()
        .addIndex("students")
        .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query))
        .build();
  }
}
