package dev.duet.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RestResponsesTest {
  @Test
  void successfulBulkReadsWithoutError() {
    String body =
        """
        {"took":3,"errors":false,"items":[{"index":{"_index":"i","_id":"1","status":201,\
        "result":"created","_shards":{"total":1,"successful":1,"failed":0}}}]}""";

    assertThatCode(() -> RestResponses.readBulk(stream(body))).doesNotThrowAnyException();
  }

  @Test
  void failedBulkItemThrowsWithTheFirstReason() {
    String body =
        """
        {"took":3,"errors":true,"items":[\
        {"index":{"_index":"i","_id":"1","status":201}},\
        {"index":{"_index":"i","_id":"2","status":400,"error":{"type":"mapper_parsing_exception",\
        "reason":"failed to parse field [stock]","caused_by":{"reason":"not a number"}}}}]}""";

    assertThatThrownBy(() -> RestResponses.readBulk(stream(body)))
        .isInstanceOf(BenchRequestException.class)
        .hasMessage("bulk had failed items: failed to parse field [stock]");
  }

  @Test
  void searchHitsAreCountedFromTheHitsArray() throws Exception {
    String body =
        """
        {"took":1,"timed_out":false,"_shards":{"total":1},"hits":{"total":{"value":57,\
        "relation":"eq"},"max_score":1.5,"hits":[{"_id":"a","_source":{"hits":[1,2,3]}},\
        {"_id":"b","_source":{}},{"_id":"c"}]}}""";

    assertThat(RestResponses.readSearchHits(stream(body))).isEqualTo(3);
  }

  @Test
  void notAnObjectIsAnError() {
    assertThatThrownBy(() -> RestResponses.readSearchHits(stream("[1]")))
        .isInstanceOf(BenchRequestException.class)
        .hasMessageContaining("expected: START_OBJECT");
  }

  private static InputStream stream(String body) {
    return new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8));
  }
}
