package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.CompletionSuggestOption;
import org.opensearch.client.opensearch.core.search.Suggest;
import org.opensearch.client.opensearch.core.search.TermSuggestOption;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The {@code completion} field and the {@code suggest} section through the real opensearch-java
 * client (which reads suggestions by their {@code typed_keys} names), the {@code completion}
 * section of {@code _stats}, and {@code SearchService/Search}, whose 1.6.0 response has no place
 * for suggestions.
 */
class SuggestClientTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient rest;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    rest.indices()
        .create(
            c ->
                c.index("songs")
                    .mappings(
                        m ->
                            m.properties("title", p -> p.text(t -> t))
                                .properties("suggest", p -> p.completion(x -> x))
                                .properties(
                                    "tagged",
                                    p ->
                                        p.completion(
                                            x ->
                                                x.contexts(
                                                    ctx -> ctx.name("genre").type("category"))))));
    List<Map<String, Object>> docs =
        List.of(
            Map.of(
                "title", "nevermind the noise",
                "suggest", Map.of("input", List.of("Nevermind", "Nirvana"), "weight", 34),
                "tagged", Map.of("input", "Nevermind", "contexts", Map.of("genre", "grunge"))),
            Map.of(
                "title", "nothing else matters",
                "suggest", Map.of("input", "Nothing Else Matters", "weight", 20),
                "tagged", Map.of("input", "Nothing", "contexts", Map.of("genre", "metal"))),
            Map.of(
                "title", "never gonna give",
                "suggest", "Never Gonna Give You Up",
                "tagged", Map.of("input", "Never", "contexts", Map.of("genre", "pop"))));
    for (int i = 0; i < docs.size(); i++) {
      Map<String, Object> doc = docs.get(i);
      String id = "s" + (i + 1);
      rest.index(x -> x.index("songs").id(id).document(doc).refresh(Refresh.True));
    }
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
  void completionSuggestionsComeByWeightWithTheirDocuments() throws IOException {
    SearchResponse<JsonData> response =
        rest.search(
            s ->
                s.index("songs")
                    .size(0)
                    .suggest(
                        g ->
                            g.suggesters(
                                "song", f -> f.prefix("ne").completion(c -> c.field("suggest")))),
            JsonData.class);

    List<Suggest<JsonData>> song = response.suggest().get("song");
    assertThat(song).hasSize(1);
    List<CompletionSuggestOption<JsonData>> options = song.get(0).completion().options();
    assertThat(options)
        .extracting(CompletionSuggestOption::text, CompletionSuggestOption::id)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Nevermind", "s1"),
            org.assertj.core.groups.Tuple.tuple("Never Gonna Give You Up", "s3"));
    assertThat(options.get(0).score()).isEqualTo(34.0);
    assertThat(options.get(0).index()).isEqualTo("songs");
    assertThat(options.get(0).source().toJson().asJsonObject().getString("title"))
        .isEqualTo("nevermind the noise");
  }

  @Test
  void contextsFilterSuggestionsAndAreMandatory() throws IOException {
    org.opensearch.client.opensearch.core.search.CompletionContext metal =
        org.opensearch.client.opensearch.core.search.CompletionContext.of(
            ctx -> ctx.context(x -> x.category("metal")));
    SearchResponse<JsonData> response =
        rest.search(
            s ->
                s.index("songs")
                    .size(0)
                    .suggest(
                        g ->
                            g.suggesters(
                                "tagged",
                                f ->
                                    f.prefix("n")
                                        .completion(
                                            c ->
                                                c.field("tagged")
                                                    .contexts("genre", List.of(metal))))),
            JsonData.class);
    assertThat(response.suggest().get("tagged").get(0).completion().options())
        .extracting(CompletionSuggestOption::text)
        .containsExactly("Nothing");

    assertThatThrownBy(
            () ->
                rest.search(
                    s ->
                        s.index("songs")
                            .suggest(
                                g ->
                                    g.suggesters(
                                        "tagged",
                                        f -> f.prefix("n").completion(c -> c.field("tagged")))),
                    JsonData.class))
        .isInstanceOf(OpenSearchException.class)
        .satisfies(
            e ->
                assertThat(((OpenSearchException) e).error().rootCause().get(0).reason())
                    .isEqualTo("Missing mandatory contexts in context query"));
  }

  @Test
  void theTermSuggesterCorrectsMisspelledWords() throws IOException {
    SearchResponse<JsonData> response =
        rest.search(
            s ->
                s.index("songs")
                    .size(0)
                    .suggest(
                        g ->
                            g.suggesters(
                                "fix", f -> f.text("nothinq matterz").term(t -> t.field("title")))),
            JsonData.class);

    List<Suggest<JsonData>> entries = response.suggest().get("fix");
    assertThat(entries).hasSize(2);
    assertThat(entries.get(0).term().options())
        .extracting(TermSuggestOption::text)
        .containsExactly("nothing");
    assertThat(entries.get(1).term().options())
        .extracting(TermSuggestOption::text)
        .containsExactly("matters");
  }

  @Test
  void statsShowTheCompletionFieldsSizes() throws Exception {
    HttpResponse<String> stats =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            "http://127.0.0.1:"
                                + node.httpPort()
                                + "/songs/_stats/completion?completion_fields=sugg*"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(stats.statusCode()).isEqualTo(200);
    var completion =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(stats.body())
            .path("_all")
            .path("total")
            .path("completion");
    assertThat(completion.path("size_in_bytes").asLong()).isPositive();
    assertThat(completion.path("fields").path("suggest").path("size_in_bytes").asLong())
        .isPositive();
    assertThat(completion.path("fields").has("tagged")).isFalse();
  }

  @Test
  void grpcRefusesSuggestFieldItsResponseCannotCarry() {
    assertThatThrownBy(
            () ->
                search.search(
                    org.opensearch.protobufs.SearchRequest.newBuilder()
                        .addIndex("songs")
                        .setSuggestField("title")
                        .setSuggestText("nothinq")
                        .build()))
        .isInstanceOf(StatusRuntimeException.class)
        .satisfies(
            e -> {
              StatusRuntimeException s = (StatusRuntimeException) e;
              assertThat(s.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
              assertThat(s.getStatus().getDescription()).contains("suggest_field");
            });
  }
}
