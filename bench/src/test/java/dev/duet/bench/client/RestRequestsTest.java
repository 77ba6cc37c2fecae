package dev.duet.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestRequestsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void bulkBodyIsOneActionLineAndOneSourceLinePerDocument() throws IOException {
    byte[] body =
        RestRequests.bulkBody(
            List.of(
                new IndexOp("1", "{\"a\":1}".getBytes(StandardCharsets.UTF_8)),
                new IndexOp("x\"y", "{\"b\":\"two\"}".getBytes(StandardCharsets.UTF_8))));

    String text = new String(body, StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n");
    String[] lines = text.split("\n");
    assertThat(lines).hasSize(4);
    assertThat(JSON.readTree(lines[0]).at("/index/_id").asText()).isEqualTo("1");
    assertThat(lines[1]).isEqualTo("{\"a\":1}");
    assertThat(JSON.readTree(lines[2]).at("/index/_id").asText()).isEqualTo("x\"y");
    assertThat(lines[3]).isEqualTo("{\"b\":\"two\"}");
  }

  @Test
  void matchQueryBodyNamesFieldTextAndSize() throws IOException {
    JsonNode body = JSON.readTree(RestRequests.matchQueryBody("body", "red \"fox\"", 10));

    assertThat(body.at("/query/match/body").asText()).isEqualTo("red \"fox\"");
    assertThat(body.get("size").asInt()).isEqualTo(10);
    assertThat(body.size()).isEqualTo(2);
  }
}
