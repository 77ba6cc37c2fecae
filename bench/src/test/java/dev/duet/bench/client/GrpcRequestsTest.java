package dev.duet.bench.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.InvalidProtocolBufferException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.SearchRequest;

class GrpcRequestsTest {
  @Test
  void bulkCarriesIdsAndRawSourcesUnderTheRequestIndex() throws InvalidProtocolBufferException {
    byte[] source = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
    BulkRequest request =
        BulkRequest.parseFrom(
            GrpcRequests.bulk("docs", List.of(new IndexOp("1", source), new IndexOp("2", source)))
                .toByteArray());

    assertThat(request.getIndex()).isEqualTo("docs");
    assertThat(request.getBulkRequestBodyCount()).isEqualTo(2);
    assertThat(request.getBulkRequestBody(1).getOperationContainer().getIndex().getXId())
        .isEqualTo("2");
    assertThat(request.getBulkRequestBody(1).getObject().toByteArray()).isEqualTo(source);
  }

  @Test
  void searchIsAMatchQueryWithSize() throws InvalidProtocolBufferException {
    SearchRequest request =
        SearchRequest.parseFrom(
            GrpcRequests.matchSearch("docs", "body", "red fox", 10).toByteArray());

    assertThat(request.getIndexList()).containsExactly("docs");
    assertThat(request.getSearchRequestBody().getSize()).isEqualTo(10);
    MatchQuery match = request.getSearchRequestBody().getQuery().getMatch();
    assertThat(match.getField()).isEqualTo("body");
    assertThat(match.getQuery().getString()).isEqualTo("red fox");
  }
}
