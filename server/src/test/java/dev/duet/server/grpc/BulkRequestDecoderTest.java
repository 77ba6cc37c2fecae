package dev.duet.server.grpc;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.Refresh;
import org.opensearch.protobufs.UpdateOperation;
import org.opensearch.protobufs.WriteOperation;

class BulkRequestDecoderTest {

  @Test
  void decodesIndexCreateAndDeleteWithDefaultIndexAndRawSource() {
    String doc = "{\"title\":\"héllo\",\"n\":1}";
    var request =
        org.opensearch.protobufs.BulkRequest.newBuilder()
            .setIndex("books")
            .setRefresh(Refresh.REFRESH_WAIT_FOR)
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setIndex(IndexOperation.newBuilder().setXId("1")))
                    .setObject(ByteString.copyFromUtf8(doc)))
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setCreate(WriteOperation.newBuilder().setXIndex("other")))
                    .setObject(ByteString.copyFromUtf8("{}")))
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setIndex(
                                IndexOperation.newBuilder()
                                    .setXId("2")
                                    .setOpType(org.opensearch.protobufs.OpType.OP_TYPE_CREATE)))
                    .setObject(ByteString.copyFromUtf8("{\"a\":true}")))
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setDelete(DeleteOperation.newBuilder().setXId("3"))))
            .build();

    BulkRequest bulk = BulkRequestDecoder.decode(request);

    assertThat(bulk.refresh()).isEqualTo(RefreshPolicy.WAIT_UNTIL);
    assertThat(bulk.items())
        .extracting(BulkItem::opType, BulkItem::index, BulkItem::id)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(OpType.INDEX, "books", "1"),
            org.assertj.core.groups.Tuple.tuple(OpType.CREATE, "other", null),
            org.assertj.core.groups.Tuple.tuple(OpType.CREATE, "books", "2"),
            org.assertj.core.groups.Tuple.tuple(OpType.DELETE, "books", "3"));
    assertThat(new String(bulk.items().get(0).source(), UTF_8)).isEqualTo(doc);
    assertThat(bulk.items().get(3).source()).isNull();
  }

  @Test
  void mapsEveryRefreshValue() {
    assertThat(refreshOf(Refresh.REFRESH_TRUE)).isEqualTo(RefreshPolicy.IMMEDIATE);
    assertThat(refreshOf(Refresh.REFRESH_FALSE)).isEqualTo(RefreshPolicy.NONE);
    assertThat(refreshOf(Refresh.REFRESH_UNSPECIFIED)).isEqualTo(RefreshPolicy.NONE);
  }

  @Test
  void gathersValidationFailuresOfAllItemsLikeOpenSearch() {
    var request =
        org.opensearch.protobufs.BulkRequest.newBuilder()
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setIndex(IndexOperation.newBuilder().setXId("1")))
                    .setObject(ByteString.copyFromUtf8("{}")))
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setDelete(DeleteOperation.newBuilder().setXIndex("books"))))
            .build();

    assertThatThrownBy(() -> BulkRequestDecoder.decode(request))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("action_request_validation_exception");
              assertThat(e.reason())
                  .isEqualTo("Validation Failed: 1: index is missing;2: id is missing;");
            });
  }

  @Test
  void refusesEmptyBulk() {
    assertThatThrownBy(
            () ->
                BulkRequestDecoder.decode(
                    org.opensearch.protobufs.BulkRequest.newBuilder().setIndex("x").build()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.reason()).isEqualTo("Validation Failed: 1: no requests added;"));
  }

  @Test
  void decodesUpdatesWithTheirDocAndCompareAndSet() {
    var request =
        org.opensearch.protobufs.BulkRequest.newBuilder()
            .setIndex("books")
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setUpdate(
                                UpdateOperation.newBuilder()
                                    .setXId("1")
                                    .setIfSeqNo(3)
                                    .setIfPrimaryTerm(1)
                                    .setRetryOnConflict(2)))
                    .setUpdateAction(
                        org.opensearch.protobufs.UpdateAction.newBuilder()
                            .setDoc(ByteString.copyFromUtf8("{\"a\":1}"))
                            .setDocAsUpsert(true)
                            .setDetectNoop(false)))
            .build();

    var item = BulkRequestDecoder.decode(request).items().get(0);

    assertThat(item.opType()).isEqualTo(dev.duet.engine.document.OpType.UPDATE);
    assertThat(item.index()).isEqualTo("books");
    assertThat(item.check()).isEqualTo(dev.duet.engine.document.VersionCheck.ifSeqNo(3, 1));
    assertThat(new String(item.update().doc(), java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo("{\"a\":1}");
    assertThat(item.update().docAsUpsert()).isTrue();
    assertThat(item.update().detectNoop()).isFalse();
    assertThat(item.update().retryOnConflict()).isEqualTo(2);
  }

  @Test
  void refusesScriptedUpdatesClearlyAsBadRequest() {
    var request =
        org.opensearch.protobufs.BulkRequest.newBuilder()
            .setIndex("books")
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setUpdate(UpdateOperation.newBuilder().setXId("1")))
                    .setUpdateAction(
                        org.opensearch.protobufs.UpdateAction.newBuilder()
                            .setScript(org.opensearch.protobufs.Script.getDefaultInstance())))
            .build();

    assertThatThrownBy(() -> BulkRequestDecoder.decode(request))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.reason()).contains("[script] is not supported");
            });
  }

  @Test
  void anIfSeqNoWithoutPrimaryTermIsAValidationFailureAsInOpenSearch() {
    var request =
        org.opensearch.protobufs.BulkRequest.newBuilder()
            .setIndex("books")
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setIndex(IndexOperation.newBuilder().setXId("1").setIfSeqNo(3)))
                    .setObject(ByteString.copyFromUtf8("{}")))
            .build();

    assertThatThrownBy(() -> BulkRequestDecoder.decode(request))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .isEqualTo("Validation Failed: 1: ifSeqNo is set, but primary term is [0];"));
  }

  private static RefreshPolicy refreshOf(Refresh refresh) {
    return BulkRequestDecoder.decode(
            org.opensearch.protobufs.BulkRequest.newBuilder()
                .setIndex("i")
                .setRefresh(refresh)
                .addBulkRequestBody(
                    BulkRequestBody.newBuilder()
                        .setOperationContainer(
                            OperationContainer.newBuilder()
                                .setDelete(DeleteOperation.newBuilder().setXId("1"))))
                .build())
        .refresh();
  }

  @Test
  void requireAliasComesFromTheOperationElseTheRequestAndNeverToADelete() {
    var request =
        org.opensearch.protobufs.BulkRequest.newBuilder()
            .setRequireAlias(true)
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setIndex(IndexOperation.newBuilder().setXIndex("a").setXId("1")))
                    .setObject(ByteString.copyFromUtf8("{}")))
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setCreate(
                                WriteOperation.newBuilder()
                                    .setXIndex("b")
                                    .setXId("2")
                                    .setRequireAlias(false)))
                    .setObject(ByteString.copyFromUtf8("{}")))
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(
                        OperationContainer.newBuilder()
                            .setDelete(DeleteOperation.newBuilder().setXIndex("c").setXId("3"))))
            .build();

    assertThat(BulkRequestDecoder.decode(request).items())
        .extracting(BulkItem::requireAlias)
        .containsExactly(true, false, false);
  }
}
