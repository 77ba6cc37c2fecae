package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
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
import org.opensearch.client.opensearch.core.UpdateByQueryResponse;
import org.opensearch.client.opensearch.core.UpdateResponse;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * Painless over opensearch-java: updates by script ({@code params}, {@code ctx.op} noop and delete,
 * scripted upserts) and OpenSearch's {@code script_exception} for a script that does not compile;
 * expectations as OpenSearch 3.8.0 answered them.
 */
class ScriptsClientTest {
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
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  @Test
  void updateByScriptAddsParamsAndHonoursCtxOp() throws Exception {
    client.index(
        i -> i.index("counters").id("1").document(Map.of("counter", 1)).refresh(Refresh.True));
    UpdateResponse<Map> updated =
        client.update(
            u ->
                u.index("counters")
                    .id("1")
                    .script(
                        s ->
                            s.inline(
                                in ->
                                    in.source("ctx._source.counter += params.count")
                                        .params("count", JsonData.of(4)))),
            Map.class);
    assertThat(updated.result().jsonValue()).isEqualTo("updated");
    assertThat(client.get(g -> g.index("counters").id("1"), Map.class).source())
        .containsEntry("counter", 5);

    UpdateResponse<Map> noop =
        client.update(
            u ->
                u.index("counters")
                    .id("1")
                    .script(s -> s.inline(in -> in.source("ctx.op = 'noop'"))),
            Map.class);
    assertThat(noop.result().jsonValue()).isEqualTo("noop");
    assertThat(noop.version()).isEqualTo(updated.version());

    UpdateResponse<Map> deleted =
        client.update(
            u ->
                u.index("counters")
                    .id("1")
                    .script(s -> s.inline(in -> in.source("ctx.op = 'delete'"))),
            Map.class);
    assertThat(deleted.result().jsonValue()).isEqualTo("deleted");
    assertThat(client.get(g -> g.index("counters").id("1"), Map.class).found()).isFalse();
  }

  @Test
  void updateByQueryRunsItsScriptOnEachMatch() throws Exception {
    for (int i = 1; i <= 4; i++) {
      int n = i;
      client.index(
          x -> x.index("ubq").id(String.valueOf(n)).document(Map.of("n", n, "kind", "k" + n % 2)));
    }
    client.indices().refresh(r -> r.index("ubq"));

    UpdateByQueryResponse answer =
        client.updateByQuery(
            u ->
                u.index("ubq")
                    .refresh(Refresh.True)
                    .script(
                        s ->
                            s.inline(
                                in ->
                                    in.source(
                                            "if (ctx._source.n == 1) { ctx.op = 'noop' } else if"
                                                + " (ctx._source.n == 2) { ctx.op = 'delete' } else"
                                                + " { ctx._source.n2 = ctx._source.n * params.f;"
                                                + " ctx._source.id = ctx._id }")
                                        .params("f", JsonData.of(10)))));

    assertThat(answer.total()).isEqualTo(4);
    assertThat(answer.updated()).isEqualTo(2);
    assertThat(answer.deleted()).isEqualTo(1);
    assertThat(answer.noops()).isEqualTo(1);
    assertThat(client.get(g -> g.index("ubq").id("1"), Map.class).source())
        .isEqualTo(Map.of("n", 1, "kind", "k1"));
    assertThat(client.get(g -> g.index("ubq").id("2"), Map.class).found()).isFalse();
    assertThat(client.get(g -> g.index("ubq").id("3"), Map.class).source())
        .containsEntry("n2", 30)
        .containsEntry("id", "3");

    assertThatThrownBy(
            () ->
                client.updateByQuery(
                    u ->
                        u.index("ubq").script(s -> s.inline(in -> in.source("ctx._id = 'other'")))))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().reason()).isEqualTo("Modifying [_id] not allowed");
            });
  }

  @Test
  void scriptedUpsertRunsTheScriptOnTheUpsert() throws Exception {
    client.update(
        u ->
            u.index("upserts")
                .id("9")
                .scriptedUpsert(true)
                .upsert(Map.of())
                .script(
                    s ->
                        s.inline(
                            in ->
                                in.source("ctx._source.n = params.n; ctx._source.op = ctx.op")
                                    .params("n", JsonData.of(3)))),
        Map.class);
    assertThat(client.get(g -> g.index("upserts").id("9"), Map.class).source())
        .containsEntry("n", 3)
        .containsEntry("op", "create");
  }

  @Test
  void compileErrorIsOpenSearchsScriptException() throws Exception {
    client.index(
        i -> i.index("broken").id("1").document(Map.of("counter", 1)).refresh(Refresh.True));
    assertThatThrownBy(
            () ->
                client.update(
                    u ->
                        u.index("broken")
                            .id("1")
                            .script(s -> s.inline(in -> in.source("ctx._source.counter += "))),
                    Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().type()).isEqualTo("illegal_argument_exception");
              assertThat(e.error().causedBy().type()).isEqualTo("script_exception");
              assertThat(e.error().causedBy().reason()).isEqualTo("compile error");
            });
    // The body's exact shape, as OpenSearch 3.8.0 answers it.
    HttpResponse<String> raw =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + node.httpPort() + "/broken/_update/1"))
                    .header("content-type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"script\":{\"source\":\"ctx._source.counter += \",\"lang\":\"painless\"}}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(raw.statusCode()).isEqualTo(400);
    assertThat(raw.body())
        .isEqualTo(
            "{\"error\":{\"root_cause\":[{\"type\":\"illegal_argument_exception\",\"reason\":\"failed"
                + " to execute script\"}],\"type\":\"illegal_argument_exception\",\"reason\":\"failed to"
                + " execute script\",\"caused_by\":{\"type\":\"script_exception\",\"reason\":\"compile"
                + " error\",\"script_stack\":[\"ctx._source.counter += \",\"                      "
                + " ^---- HERE\"],\"script\":\"ctx._source.counter +="
                + " \",\"lang\":\"painless\",\"position\":{\"offset\":23,\"start\":0,\"end\":23},\"caused_by\":{\"type\":\"illegal_argument_exception\",\"reason\":\"unexpected"
                + " end of script.\",\"caused_by\":{\"type\":\"no_viable_alt_exception\",\"reason\":null}}}},\"status\":400}");
  }

  @Test
  void scriptScoreAndScriptQueryReadDocValues() throws Exception {
    client
        .indices()
        .create(
            c ->
                c.index("products")
                    .mappings(
                        m ->
                            m.properties("price", p -> p.long_(l -> l))
                                .properties("name", p -> p.text(t -> t))
                                .properties("tag", p -> p.keyword(k -> k))));
    Object[][] docs = {
      {"1", "red apple", 3L, "fruit"},
      {"2", "green apple", 10L, "fruit"},
      {"3", "apple pie", 7L, "cake"}
    };
    for (Object[] d : docs) {
      client.index(
          i ->
              i.index("products")
                  .id((String) d[0])
                  .document(Map.of("name", d[1], "price", d[2], "tag", d[3])));
    }
    client.indices().refresh(r -> r.index("products"));
    var scored =
        client.search(
            s ->
                s.index("products")
                    .query(
                        q ->
                            q.scriptScore(
                                ss ->
                                    ss.query(qq -> qq.matchAll(m -> m))
                                        .script(
                                            sc ->
                                                sc.inline(
                                                    in ->
                                                        in.source("doc['price'].value * params.f")
                                                            .params("f", JsonData.of(2)))))),
            Map.class);
    assertThat(scored.hits().hits()).extracting(h -> h.id()).containsExactly("2", "3", "1");
    assertThat(scored.hits().hits()).extracting(h -> h.score()).containsExactly(20.0, 14.0, 6.0);

    var filtered =
        client.search(
            s ->
                s.index("products")
                    .query(
                        q ->
                            q.script(
                                sq ->
                                    sq.script(
                                        sc ->
                                            sc.inline(
                                                in ->
                                                    in.source(
                                                            "doc['tag'].value == params.t && doc['price'].value > 5")
                                                        .params("t", JsonData.of("fruit")))))),
            Map.class);
    assertThat(filtered.hits().hits()).extracting(h -> h.id()).containsExactly("2");

    assertThatThrownBy(
            () ->
                client.search(
                    s ->
                        s.index("products")
                            .query(
                                q ->
                                    q.script(
                                        sq ->
                                            sq.script(
                                                sc ->
                                                    sc.inline(
                                                        in ->
                                                            in.source("doc['nope'].value > 1"))))),
                    Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class, e -> assertThat(e.status()).isEqualTo(400));
  }
}
