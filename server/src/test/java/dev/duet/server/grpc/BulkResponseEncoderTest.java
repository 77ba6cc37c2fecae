package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.WriteResult;
import dev.duet.engine.error.DuetException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.Item;
import org.opensearch.protobufs.ResponseItem;

class BulkResponseEncoderTest {

  @Test
  void encodesSuccessesFailuresAndMissesAsOpenSearchDoes() {
    DuetException mapping =
        DuetException.badRequest(
            "mapper_parsing_exception", "failed to parse field [n] of type [long]");
    BulkResponse response =
        new BulkResponse(
            7,
            true,
            List.of(
                new BulkItemResponse(
                    OpType.INDEX,
                    "books",
                    "1",
                    201,
                    new WriteResult("created", 1, 0, 1, true, 2, 1),
                    null),
                new BulkItemResponse(OpType.CREATE, "books", "2", 400, null, mapping),
                new BulkItemResponse(
                    OpType.DELETE,
                    "books",
                    "3",
                    404,
                    new WriteResult("not_found", 1, 1, 1, false, 2, 1),
                    null)));

    org.opensearch.protobufs.BulkResponse proto = BulkResponseEncoder.encode(response);

    assertThat(proto.getTook()).isEqualTo(7);
    assertThat(proto.getErrors()).isTrue();
    assertThat(proto.hasIngestTook()).isFalse();
    assertThat(proto.getItemsList())
        .extracting(Item::getItemCase)
        .containsExactly(Item.ItemCase.INDEX, Item.ItemCase.CREATE, Item.ItemCase.DELETE);

    ResponseItem created = proto.getItems(0).getIndex();
    assertThat(created.getXIndex()).isEqualTo("books");
    assertThat(created.getXId()).isEqualTo("1");
    assertThat(created.getStatus()).isZero(); // gRPC OK, not HTTP 201
    assertThat(created.getResult()).isEqualTo("created");
    assertThat(created.getXVersion()).isEqualTo(1);
    assertThat(created.getXSeqNo()).isZero();
    assertThat(created.hasXSeqNo()).isTrue();
    assertThat(created.getXPrimaryTerm()).isEqualTo(1);
    assertThat(created.getForcedRefresh()).isTrue();
    assertThat(created.getXShards().getTotal()).isEqualTo(2);
    assertThat(created.getXShards().getSuccessful()).isEqualTo(1);
    assertThat(created.getXShards().getFailed()).isZero();
    assertThat(created.hasError()).isFalse();

    ResponseItem failed = proto.getItems(1).getCreate();
    assertThat(failed.getStatus()).isEqualTo(3); // INVALID_ARGUMENT
    assertThat(failed.getXId()).isEqualTo("2");
    assertThat(failed.getError().getType()).isEqualTo("mapper_parsing_exception");
    assertThat(failed.getError().getReason()).isEqualTo("failed to parse field [n] of type [long]");
    assertThat(failed.hasResult()).isFalse();
    assertThat(failed.hasXShards()).isFalse();

    ResponseItem missing = proto.getItems(2).getDelete();
    assertThat(missing.getStatus()).isEqualTo(5); // NOT_FOUND
    assertThat(missing.getResult()).isEqualTo("not_found");
    assertThat(missing.hasForcedRefresh()).isFalse();
  }

  @Test
  void errorCauseCarriesMetadataAndCauses() {
    DuetException cause = DuetException.illegalArgument("For input string: \"abc\"");
    DuetException e =
        new DuetException(
            400,
            "mapper_parsing_exception",
            "failed to parse",
            java.util.Map.of("index", "books"),
            cause);

    var proto = BulkResponseEncoder.errorCause(e);

    assertThat(proto.getMetadata().getFieldsMap().get("index").getString()).isEqualTo("books");
    assertThat(proto.getCausedBy().getType()).isEqualTo("illegal_argument_exception");
    assertThat(proto.hasStackTrace()).isFalse();
  }
}
