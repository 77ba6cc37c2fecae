package dev.duet.gateway.peek;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.gateway.config.GatewayConfig.Action;
import dev.duet.gateway.error.RequestRefused;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RestPeekerTest {
  private static Operation peek(String method, String path, String body) {
    return RestPeeker.peek(method, path, null, null, body.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void bulkNamesThePathIndexAndEveryActionLinesIndex() {
    Operation op =
        peek(
            "POST",
            "/a-1/_bulk",
            """
            {"index":{"_id":"1"}}
            {"f":"{\\"index\\":{\\"_index\\":\\"hidden\\"}}"}
            {"delete":{"_index":"b-2","_id":"2"}}
            {"create":{"_index":"c-3","_id":"3"}}
            {"index":{"_index":"in-source"}}

            {"update":{"_index":"d-4","_id":"4"}}
            {"doc":{"f":1}}
            """);
    assertThat(op.action()).isEqualTo(Action.WRITE);
    // A source line that looks like an action is a source: only action lines count.
    assertThat(op.indices()).containsExactly("a-1", "b-2", "c-3", "d-4");
    assertThat(op.bulkItems()).isEqualTo(4);
  }

  @Test
  void aBulkItemWithoutAnyIndexNeedsEveryIndex() {
    Operation op = peek("POST", "/_bulk", "{\"index\":{\"_id\":\"1\"}}\n{}\n");
    assertThat(op.indices()).containsExactly("*");
  }

  @Test
  void aBulkActionLineTheGatewayCannotReadIsRefused() {
    assertThatThrownBy(
            () -> peek("POST", "/_bulk", "{\"index\":{\"_index\":\"a\",\"_index\":\"b\"}}\n{}\n"))
        .isInstanceOf(RequestRefused.class)
        .hasMessageContaining("line [1]");
    assertThatThrownBy(() -> peek("POST", "/_bulk", "{\"upsert\":{}}\n{}\n"))
        .isInstanceOf(RequestRefused.class);
    assertThatThrownBy(() -> peek("POST", "/_bulk", "not json\n"))
        .isInstanceOf(RequestRefused.class);
  }

  @Test
  void msearchNamesEveryHeadersIndexAndTheLargestSize() {
    Operation op =
        peek(
            "POST",
            "/a-1/_msearch",
            """
            {}
            {"query":{"match_all":{}},"size":5}
            {"index":["b-1","c-1"]}
            {"size":50,"from":7}
            {"index":"d-1"}
            {}
            """);
    assertThat(op.action()).isEqualTo(Action.SEARCH);
    assertThat(op.indices()).containsExactly("a-1", "b-1", "c-1", "d-1");
    assertThat(op.size()).isEqualTo(50);
    assertThat(op.from()).isEqualTo(7);
  }

  @Test
  void searchSizeAndFromComeFromTheQueryStringOrTheBody() {
    Operation body =
        peek("POST", "/a-1/_search", "{\"query\":{\"size\":1},\"size\":20,\"from\":3}");
    assertThat(body.size()).isEqualTo(20);
    assertThat(body.from()).isEqualTo(3);
    Operation param = RestPeeker.peek("GET", "/a-1/_search", "200", null, new byte[0]);
    assertThat(param.size()).isEqualTo(200);
    assertThat(peek("GET", "/_search", "").indices()).containsExactly("*");
  }

  @Test
  void endpointsMapToActions() {
    assertThat(peek("GET", "/", "").action()).isNull();
    assertThat(peek("PUT", "/a-1", "").action()).isEqualTo(Action.ADMIN);
    assertThat(peek("GET", "/a-1/_doc/1", "").action()).isEqualTo(Action.SEARCH);
    assertThat(peek("PUT", "/a-1/_doc/1", "{}").action()).isEqualTo(Action.WRITE);
    assertThat(peek("GET", "/_cluster/health", "").action()).isNull();
    assertThat(peek("GET", "/_cluster/health/b-1", "").indices()).containsExactly("b-1");
    assertThat(peek("GET", "/_cat/indices", "").indices()).containsExactly("*");
    assertThat(peek("GET", "/_cat/count/b-1", "").action()).isEqualTo(Action.SEARCH);
    assertThat(peek("GET", "/_cat/count/b-1", "").indices()).containsExactly("b-1");
    assertThat(peek("GET", "/_cat/health", "").action()).isNull();
    assertThat(peek("GET", "/_cat/aliases", "").action()).isEqualTo(Action.ADMIN);
    assertThat(peek("GET", "/_stats", "").action()).isEqualTo(Action.SEARCH);
    assertThat(peek("POST", "/_forcemerge", "").action()).isEqualTo(Action.ADMIN);
    assertThat(peek("POST", "/b-1/_forcemerge", "").indices()).containsExactly("b-1");
    assertThat(peek("POST", "/_nodes/reload_secure_settings", "").action()).isEqualTo(Action.ADMIN);
  }

  @Test
  void mgetNamesEveryDocsIndex() {
    assertThat(
            peek(
                    "POST",
                    "/a-1/_mget",
                    "{\"docs\":[{\"_id\":\"1\"},{\"_index\":\"b-1\",\"_id\":\"2\"}]}")
                .indices())
        .containsExactly("a-1", "b-1");
    assertThat(peek("POST", "/_mget", "{\"docs\":[{\"_index\":\"b-1\",\"_id\":\"2\"}]}").indices())
        .containsExactly("b-1");
    assertThat(peek("POST", "/_mget", "{\"docs\":[{\"_id\":\"2\"}]}").indices())
        .containsExactly("*");
    assertThatThrownBy(() -> peek("POST", "/a-1/_mget", "{\"docs\":[{\"_index\":7}]}"))
        .isInstanceOf(RequestRefused.class);
  }

  @Test
  void reindexChecksTheSourcesItReadsAndTheDestItWrites() {
    Operation op =
        peek(
            "POST",
            "/_reindex",
            "{\"source\":{\"index\":[\"a-1\",\"a-2,a-3\"],\"query\":{\"match_all\":{}}},"
                + "\"dest\":{\"index\":\"b-1\",\"op_type\":\"create\"}}");
    assertThat(op.action()).isEqualTo(Action.WRITE);
    assertThat(op.indices()).containsExactly("a-1", "a-2", "a-3", "b-1");
    assertThat(peek("POST", "/_reindex", "{\"source\":{\"index\":\"a-*\"},\"dest\":{}}").indices())
        .containsExactly("a-*", "*");
    assertThatThrownBy(() -> peek("POST", "/_reindex", "{\"dest\":{\"index\":7}}"))
        .isInstanceOf(RequestRefused.class);
    Operation segments = peek("GET", "/_segments", "");
    assertThat(segments.action()).isEqualTo(Action.SEARCH);
    assertThat(segments.indices()).containsExactly("*");
    assertThat(peek("GET", "/b-1/_segments", "").indices()).containsExactly("b-1");
    assertThat(peek("GET", "/b-1/_segments", "").action()).isEqualTo(Action.SEARCH);
    assertThat(peek("GET", "/_cat/segments/b-1", "").indices()).containsExactly("b-1");
    assertThat(peek("GET", "/_cat/segments", "").action()).isEqualTo(Action.SEARCH);
  }

  @Test
  void unknownEndpointsMayNameAnyIndexSoNeedEveryIndex() {
    Operation op = peek("POST", "/a-1/_mtermvectors", "{\"docs\":[{\"_index\":\"b-1\"}]}");
    assertThat(op.action()).isEqualTo(Action.ADMIN);
    assertThat(op.indices()).containsExactly("*");
    assertThat(peek("POST", "/a-1/_forcemerge", "").indices()).containsExactly("a-1");
  }

  @Test
  void pathSegmentsAreDecodedAfterSplitting() {
    assertThatThrownBy(() -> peek("GET", "/a-1/../b-1/_search", ""))
        .isInstanceOf(RequestRefused.class);
    assertThatThrownBy(() -> peek("GET", "/a-1/%2E%2E/b-1/_search", ""))
        .isInstanceOf(RequestRefused.class);
    assertThat(peek("GET", "/a-1%2Cb-1/_search", "").indices()).containsExactly("a-1", "b-1");
    assertThat(peek("GET", "/a%2F1/_doc/x", "").indices()).containsExactly("a/1");
    assertThatThrownBy(() -> peek("GET", "/a-1//_search", "")).isInstanceOf(RequestRefused.class);
  }
}
