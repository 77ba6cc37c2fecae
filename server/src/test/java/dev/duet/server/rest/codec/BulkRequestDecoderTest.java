package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;
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

  @Test
  void updateItemsAndVersionParametersReachTheModel() throws Exception {
    BulkRequest r =
        decode(
            "{\"update\":{\"_id\":\"1\",\"if_seq_no\":4,\"if_primary_term\":1,"
                + "\"retry_on_conflict\":3,\"_source\":true}}\n"
                + "{\"doc\":{\"a\":1},\"doc_as_upsert\":true}\n"
                + "{\"index\":{\"_id\":\"2\",\"version\":7,\"version_type\":\"external_gte\"}}\n"
                + "{}\n"
                + "{\"delete\":{\"_id\":\"3\",\"if_seq_no\":1,\"if_primary_term\":1}}\n",
            "books");

    BulkItem update = r.items().get(0);
    assertThat(update.opType()).isEqualTo(OpType.UPDATE);
    assertThat(update.check()).isEqualTo(VersionCheck.ifSeqNo(4, 1));
    assertThat(new String(update.update().doc(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
    assertThat(update.update().docAsUpsert()).isTrue();
    assertThat(update.update().retryOnConflict()).isEqualTo(3);
    assertThat(update.update().fetchSource().isIdentity()).isTrue();
    assertThat(r.items().get(1).check())
        .isEqualTo(new VersionCheck(-2, 0, 7, VersionType.EXTERNAL_GTE));
    assertThat(r.items().get(2).check()).isEqualTo(VersionCheck.ifSeqNo(1, 1));
  }

  @Test
  void versioningProblemsOfAllItemsAreOneValidationFailure() {
    assertThatThrownBy(
            () ->
                decode(
                    "{\"create\":{\"_id\":\"1\",\"version\":3,\"version_type\":\"external\"}}\n"
                        + "{}\n"
                        + "{\"update\":{\"_id\":\"2\"}}\n"
                        + "{\"upsert\":{}}\n",
                    "books"))
        .hasMessage(
            "Validation Failed: 1: create operations only support internal versioning. use index"
                + " instead;2: script or doc is missing;");
  }

  @Test
  void anUpdateWithAVersionIsRefusedAsOpenSearchDoes() {
    assertThatThrownBy(
            () -> decode("{\"update\":{\"_id\":\"1\",\"version\":2}}\n{\"doc\":{}}\n", "b"))
        .hasMessage(
            "Update requests do not support versioning. Please use `if_seq_no` and"
                + " `if_primary_term` instead");
  }
}
