package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.indices.analyze.AnalyzeDetail;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * {@code _analyze} with {@code explain: true}: OpenSearch's {@code detail}, for an analyzer taken
 * whole and for a chain shown step by step (char filters' text, the tokenizer's tokens, each token
 * filter's), each token with its Lucene attributes; read by opensearch-java and compared with what
 * OpenSearch 3.8.0 answers.
 */
class AnalyzeExplainTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;
  private static RestClient http;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    http = new RestClient(node.httpPort());
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  @Test
  void aNamedAnalyzerIsShownWholeWithItsTokensAttributes() throws Exception {
    AnalyzeDetail detail =
        client
            .indices()
            .analyze(a -> a.text("This is troubled").analyzer("standard").explain(true))
            .detail();
    assertThat(detail.customAnalyzer()).isFalse();
    assertThat(detail.analyzer().name()).isEqualTo("standard");
    assertThat(detail.analyzer().tokens())
        .extracting(t -> t.token())
        .containsExactly("this", "is", "troubled");
    assertThat(detail.analyzer().tokens().get(0).bytes()).isEqualTo("[74 68 69 73]");
    assertThat(detail.analyzer().tokens().get(2).position()).isEqualTo(2);

    // The exact answer of OpenSearch 3.8.0 to the same request.
    JsonNode answer =
        JSON.readTree(
            http.send(
                    "POST",
                    "/_analyze",
                    "{\"text\":\"a\",\"analyzer\":\"standard\",\"explain\":true}")
                .body());
    assertThat(answer)
        .isEqualTo(
            JSON.readTree(
                "{\"detail\":{\"custom_analyzer\":false,\"analyzer\":{\"name\":\"standard\","
                    + "\"tokens\":[{\"token\":\"a\",\"start_offset\":0,\"end_offset\":1,"
                    + "\"type\":\"<ALPHANUM>\",\"position\":0,\"bytes\":\"[61]\","
                    + "\"positionLength\":1,\"termFrequency\":1}]}}}"));
  }

  @Test
  void aChainIsShownStepByStep() throws Exception {
    JsonNode detail =
        JSON.readTree(
                http.send(
                        "POST",
                        "/_analyze",
                        "{\"text\":\"<b>Foo</b> bar buzz\",\"tokenizer\":\"standard\","
                            + "\"char_filter\":[\"html_strip\"],\"explain\":true,"
                            + "\"filter\":[{\"type\":\"stop\",\"stopwords\":[\"foo\",\"buzz\"]},"
                            + "\"lowercase\"]}")
                    .body())
            .path("detail");
    assertThat(detail.path("custom_analyzer").asBoolean()).isTrue();
    assertThat(detail.at("/charfilters/0/name").asText()).isEqualTo("html_strip");
    assertThat(detail.at("/charfilters/0/filtered_text/0").asText()).isEqualTo("Foo bar buzz");
    assertThat(detail.at("/tokenizer/name").asText()).isEqualTo("standard");
    assertThat(detail.at("/tokenizer/tokens")).hasSize(3);
    assertThat(detail.at("/tokenizer/tokens/0/token").asText()).isEqualTo("Foo");
    assertThat(detail.at("/tokenfilters/0/name").asText()).isEqualTo("__anonymous__stop");
    // "Foo" passes the case-sensitive stop filter; lowercase comes after it.
    assertThat(detail.at("/tokenfilters/0/tokens")).hasSize(2);
    assertThat(detail.at("/tokenfilters/1/name").asText()).isEqualTo("lowercase");
    assertThat(detail.at("/tokenfilters/1/tokens/0/token").asText()).isEqualTo("foo");
    assertThat(detail.at("/tokenfilters/1/tokens/0/bytes").asText()).isEqualTo("[66 6f 6f]");

    JsonNode only =
        JSON.readTree(
            http.send(
                    "POST",
                    "/_analyze",
                    "{\"text\":\"foo\",\"tokenizer\":\"standard\",\"explain\":true,"
                        + "\"attributes\":[\"keyword\"]}")
                .body());
    assertThat(only.at("/detail/tokenizer/tokens/0").has("bytes")).isFalse();
    assertThat(only.at("/detail/tokenfilters")).isEmpty();
  }

  @Test
  void anIndexsCustomAnalyzerIsShownStepByStepThroughItsField() throws Exception {
    http.send(
        "PUT",
        "/explained",
        "{\"settings\":{\"analysis\":{\"analyzer\":{\"my\":{\"type\":\"custom\","
            + "\"tokenizer\":\"whitespace\",\"filter\":[\"lowercase\"]}}}},"
            + "\"mappings\":{\"properties\":{\"t\":{\"type\":\"text\"},"
            + "\"u\":{\"type\":\"text\",\"analyzer\":\"my\"}}}}");
    JsonNode custom =
        JSON.readTree(
                http.send(
                        "POST",
                        "/explained/_analyze",
                        "{\"text\":\"A b\",\"field\":\"u\",\"explain\":true}")
                    .body())
            .path("detail");
    assertThat(custom.path("custom_analyzer").asBoolean()).isTrue();
    assertThat(custom.at("/tokenizer/name").asText()).isEqualTo("whitespace");
    assertThat(custom.at("/tokenizer/tokens/0/token").asText()).isEqualTo("A");
    assertThat(custom.at("/tokenizer/tokens/0/type").asText()).isEqualTo("word");
    assertThat(custom.at("/tokenfilters/0/tokens/0/token").asText()).isEqualTo("a");

    JsonNode plain =
        JSON.readTree(
                http.send(
                        "POST",
                        "/explained/_analyze",
                        "{\"text\":\"A b\",\"field\":\"t\",\"explain\":true}")
                    .body())
            .path("detail");
    assertThat(plain.path("custom_analyzer").asBoolean()).isFalse();
    assertThat(plain.at("/analyzer/name").asText()).isEqualTo("default");
    assertThat(plain.at("/analyzer/tokens")).hasSize(2);
  }
}
