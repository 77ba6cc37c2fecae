package dev.duet.adaptor;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkRequestNdjsonTest {
  @Test
  void requireAliasTravelsOnTheItemsThatAskForIt() {
    byte[] doc = "{\"a\":1}".getBytes(UTF_8);
    BulkRequest request =
        new BulkRequest(
            List.of(
                new BulkItem(OpType.INDEX, "shelf", "1", doc).withRequireAlias(true),
                new BulkItem(OpType.CREATE, "books", "2", doc)),
            RefreshPolicy.NONE);

    assertThat(new String(BulkRequestNdjson.body(request), UTF_8))
        .isEqualTo(
            """
            {"index":{"_index":"shelf","_id":"1","require_alias":true}}
            {"a":1}
            {"create":{"_index":"books","_id":"2"}}
            {"a":1}
            """);
  }
}
