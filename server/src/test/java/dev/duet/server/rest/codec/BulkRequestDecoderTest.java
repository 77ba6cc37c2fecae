package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BulkRequestDecoderTest {
  private static BulkRequest decode(String ndjson, String defaultIndex) throws Exception {
    byte[] b = ndjson.getBytes(StandardCharsets.UTF_8);
    return BulkRequestDecoder.decode(b, 0, b.length, defaultIndex, RefreshPolicy.NONE);
  }

  @Test
  void actionsAndSourcesInOrderWithSourcesUntouched() throws Exception {
    BulkRequest r =
        decode(
            "{\"index\":{\"_index\":\"a\",\"_id\":\"1\"}}\n{\"x\": 1}\n"
                + "{\"create\":{}}\n{\"y\":2}\r\n"
                + "\n"
                + "{\"delete\":{\"_id\":\"3\"}}\n"
                + "{\"index\":{\"op_type\":\"create\",\"_id\":\"4\"}}\n{}\n",
            "dflt");
    assertThat(r.items()).hasSize(4);
    BulkItem first = r.items().get(0);
    assertThat(first.opType()).isEqualTo(OpType.INDEX);
    assertThat(first.index()).isEqualTo("a");
    assertThat(new String(first.source(), StandardCharsets.UTF_8)).isEqualTo("{\"x\": 1}");
    BulkItem second = r.items().get(1);
    assertThat(second.index()).isEqualTo("dflt");
    assertThat(second.id()).isNull();
    assertThat(new String(second.source(), StandardCharsets.UTF_8)).isEqualTo("{\"y\":2}");
    assertThat(r.items().get(2).opType()).isEqualTo(OpType.DELETE);
    assertThat(r.items().get(2).source()).isNull();
    assertThat(r.items().get(3).opType()).isEqualTo(OpType.CREATE);
  }

  @Test
  void actionLineIsReadOnlyUpToItsParametersAsOpenSearchDoes() throws Exception {
    BulkRequest r =
        decode(
            "{\"index\":{\"_index\":\"a\",\"_id\":\"1\"}\n{\"x\":1}\n"
                + "{\"index\":{\"_id\":\"2\"}}} trailing\n{\"x\":2}\n"
                + "{\"delete\":{\"_id\":\"3\"},\"extra\":1}\n",
            "dflt");
    assertThat(r.items())
        .extracting(BulkItem::opType, BulkItem::index, BulkItem::id)
        .containsExactly(
            tuple(OpType.INDEX, "a", "1"),
            tuple(OpType.INDEX, "dflt", "2"),
            tuple(OpType.DELETE, "dflt", "3"));
  }

  @Test
  void malformedBodiesFailWithOpenSearchsReasons() {
    assertThatThrownBy(() -> decode("{\"index\":{}}\n{}", "i"))
        .hasMessage("The bulk request must be terminated by a newline [\\n]");
    assertThatThrownBy(() -> decode("[1]\n", "i"))
        .hasMessage(
            "Malformed action/metadata line [1], expected START_OBJECT but found [START_ARRAY]");
    assertThatThrownBy(() -> decode("{\"index\":{}}\n{}\n{\"upsert\":{}}\n{}\n", "i"))
        .hasMessage(
            "Malformed action/metadata line [3], expected one of [create, delete, index, update]"
                + " but found [upsert]");
    assertThatThrownBy(() -> decode("{\"index\":{\"_id\":[1]}}\n{}\n", "i"))
        .hasMessage(
            "Malformed action/metadata line [1], expected a simple value for field [_id] but"
                + " found [START_ARRAY]");
    assertThatThrownBy(() -> decode("{\"index\":{}}\n{}\n", null))
        .hasMessage("Validation Failed: 1: index is missing;");
    assertThatThrownBy(() -> decode("", "i"))
        .hasMessage("Validation Failed: 1: no requests added;");
  }

  @Test
  void refreshParameterValues() {
    assertThat(BulkRequestDecoder.refreshPolicy(null)).isEqualTo(RefreshPolicy.NONE);
    assertThat(BulkRequestDecoder.refreshPolicy("")).isEqualTo(RefreshPolicy.IMMEDIATE);
    assertThat(BulkRequestDecoder.refreshPolicy("true")).isEqualTo(RefreshPolicy.IMMEDIATE);
    assertThat(BulkRequestDecoder.refreshPolicy("wait_for")).isEqualTo(RefreshPolicy.WAIT_UNTIL);
    assertThatThrownBy(() -> BulkRequestDecoder.refreshPolicy("soon"))
        .hasMessage("Unknown value for refresh: [soon].");
  }
}
