package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.query_dsl.ChildScoreMode;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Over opensearch-java: {@code more_like_this} with like and unlike documents, the {@code terms}
 * lookup, and nested inner hits highlighted with the {@code fvh} highlighter and carrying {@code
 * docvalue_fields} and {@code version}; expectations as OpenSearch 3.8.0 answered.
 */
class SearchLookupsClientTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    client
        .indices()
        .create(
            c ->
                c.index("mlt")
                    .mappings(
                        m ->
                            m.properties("foo", p -> p.text(t -> t))
                                .properties(
                                    "nested",
                                    p ->
                                        p.nested(
                                            n ->
                                                n.properties(
                                                    "title",
                                                    t ->
                                                        t.text(
                                                            x ->
                                                                x.termVector(
                                                                    org.opensearch.client.opensearch
                                                                        ._types.mapping
                                                                        .TermVectorOption
                                                                        .WithPositionsOffsets)))))));
    client.index(
        i ->
            i.index("mlt")
                .id("1")
                .document(
                    Map.of(
                        "foo",
                        "bar baz selected",
                        "nested",
                        List.of(
                            Map.of("title", "purple octopus"), Map.of("title", "purple fish")))));
    client.index(i -> i.index("mlt").id("2").document(Map.of("foo", "bar")));
    client.index(
        i -> i.index("mlt").id("3").document(Map.of("foo", "bar baz")).refresh(Refresh.True));
    client.index(
        i ->
            i.index("lists")
                .id("l")
                .document(Map.of("words", List.of("selected")))
                .refresh(Refresh.True));
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @Test
  void termsLookupOverGrpcReadsTheSameDocument() {
    io.grpc.ManagedChannel channel =
        io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder.forAddress(
                "127.0.0.1", node.grpcPort())
            .usePlaintext()
            .build();
    try {
      var query =
          org.opensearch.protobufs.QueryContainer.newBuilder()
              .setTerms(
                  org.opensearch.protobufs.TermsQuery.newBuilder()
                      .putTerms(
                          "foo",
                          org.opensearch.protobufs.TermsQueryField.newBuilder()
                              .setLookup(
                                  org.opensearch.protobufs.TermsLookup.newBuilder()
                                      .setIndex("lists")
                                      .setId("l")
                                      .setPath("words"))
                              .build()));
      var response =
          org.opensearch.protobufs.services.SearchServiceGrpc.newBlockingStub(channel)
              .search(
                  org.opensearch.protobufs.SearchRequest.newBuilder()
                      .addIndex("mlt")
                      .setSearchRequestBody(
                          org.opensearch.protobufs.SearchRequestBody.newBuilder().setQuery(query))
                      .build());
      assertThat(response.getHits().getHitsCount()).isEqualTo(1);
      assertThat(response.getHits().getHits(0).getXId()).isEqualTo("1");
    } finally {
      channel.shutdownNow();
    }
  }

  private static List<String> ids(SearchResponse<Map> response) {
    return response.hits().hits().stream().map(Hit::id).sorted().toList();
  }

  @Test
  void moreLikeThisLeavesOutTheTermsOfUnlikedDocuments() throws Exception {
    SearchResponse<Map> response =
        client.search(
            s ->
                s.index("mlt")
                    .query(
                        q ->
                            q.moreLikeThis(
                                m ->
                                    m.fields("foo")
                                        .like(l -> l.document(d -> d.index("mlt").id("1")))
                                        .unlike(
                                            org.opensearch.client.opensearch._types.query_dsl.Like
                                                .of(l -> l.document(d -> d.index("mlt").id("3"))))
                                        .include(true)
                                        .minTermFreq(0)
                                        .minDocFreq(0))),
            Map.class);
    assertThat(ids(response)).containsExactly("1");
  }

  @Test
  void termsLookupReadsTheValuesOfAnotherIndexsDocument() throws Exception {
    SearchResponse<Map> response =
        client.search(
            s ->
                s.index("mlt")
                    .query(
                        q ->
                            q.terms(
                                t ->
                                    t.field("foo")
                                        .terms(
                                            v ->
                                                v.lookup(
                                                    l -> l.index("lists").id("l").path("words"))))),
            Map.class);
    assertThat(ids(response)).containsExactly("1");
  }

  @Test
  void nestedInnerHitsAreHighlightedAndCarryDocvalueFieldsAndVersions() throws Exception {
    SearchResponse<Map> response =
        client.search(
            s ->
                s.index("mlt")
                    .query(
                        q ->
                            q.nested(
                                n ->
                                    n.path("nested")
                                        .scoreMode(ChildScoreMode.Avg)
                                        .query(
                                            m ->
                                                m.match(
                                                    t ->
                                                        t.field("nested.title")
                                                            .query(v -> v.stringValue("purple"))))
                                        .innerHits(
                                            h ->
                                                h.name("hits")
                                                    .version(true)
                                                    .docvalueFields(f -> f.field("_seq_no"))
                                                    .highlight(
                                                        g ->
                                                            g.fields(
                                                                "nested.title",
                                                                f ->
                                                                    f.type(
                                                                        org.opensearch.client
                                                                            .opensearch.core.search
                                                                            .HighlighterType.of(
                                                                            t ->
                                                                                t.builtin(
                                                                                    org.opensearch
                                                                                        .client
                                                                                        .opensearch
                                                                                        .core.search
                                                                                        .BuiltinHighlighterType
                                                                                        .FastVector)))))))),
            Map.class);
    var inner = response.hits().hits().get(0).innerHits().get("hits").hits().hits();
    assertThat(inner).hasSize(2);
    assertThat(inner.get(0).highlight().get("nested.title"))
        .containsExactly("<em>purple</em> octopus");
    assertThat(inner.get(1).highlight().get("nested.title"))
        .containsExactly("<em>purple</em> fish");
    assertThat(inner.get(0).version()).isEqualTo(1L);
    assertThat(inner.get(0).fields().get("_seq_no").toJson().toString()).isEqualTo("[0]");
  }
}
