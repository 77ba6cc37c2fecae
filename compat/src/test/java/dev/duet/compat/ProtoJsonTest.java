package dev.duet.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.HitsMetadata;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.SortOrder;

class ProtoJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void bytesFieldsMayBeWrittenAsJson() throws Exception {
    JsonNode request =
        JSON.readTree(
            "{\"bulk_request_body\":[{\"operation_container\":{\"index\":{\"x_index\":\"i\"}},"
                + "\"object\":{\"title\":\"one\",\"n\":1}},"
                + "{\"operation_container\":{\"delete\":{\"x_id\":\"1\"}},\"object\":\"e30=\"}]}");
    BulkRequest bulk = ProtoJson.parse(BulkRequest.getDefaultInstance(), request);
    BulkRequestBody first = bulk.getBulkRequestBody(0);
    assertThat(first.getOperationContainer().getIndex().getXIndex()).isEqualTo("i");
    assertThat(first.getObject().toString(StandardCharsets.UTF_8))
        .isEqualTo("{\"title\":\"one\",\"n\":1}");
    // a string is protobuf JSON's own base64
    assertThat(bulk.getBulkRequestBody(1).getObject().toString(StandardCharsets.UTF_8))
        .isEqualTo("{}");
  }

  @Test
  void mapFieldsParseFromJsonObjects() throws Exception {
    JsonNode request =
        JSON.readTree(
            "{\"search_request_body\":{\"sort\":[{\"field_with_direction\":"
                + "{\"sort_order_map\":{\"year\":\"SORT_ORDER_DESC\"}}}]}}");
    SearchRequest search = ProtoJson.parse(SearchRequest.getDefaultInstance(), request);
    assertThat(
            search.getSearchRequestBody().getSort(0).getFieldWithDirection().getSortOrderMapMap())
        .containsEntry("year", SortOrder.SORT_ORDER_DESC);
  }

  @Test
  void unknownFieldsAreRefused() throws Exception {
    assertThatThrownBy(
            () ->
                ProtoJson.parse(
                    SearchRequest.getDefaultInstance(), JSON.readTree("{\"no_such\":1}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("SearchRequest");
  }

  @Test
  void printsBytesFieldsDecodedAndKeepsProtoFieldNames() {
    SearchResponse response =
        SearchResponse.newBuilder()
            .setHits(
                HitsMetadata.newBuilder()
                    .addHits(
                        HitsMetadataHitsInner.newBuilder()
                            .setXId("1")
                            .setXSource(ByteString.copyFromUtf8("{\"a\":[1,2]}"))))
            .build();
    JsonNode printed = ProtoJson.print(response);
    assertThat(printed.at("/hits/hits/0/x_id").asText()).isEqualTo("1");
    assertThat(printed.at("/hits/hits/0/x_source/a/1").asInt()).isEqualTo(2);
  }

  @Test
  void bytesThatAreNotJsonPrintAsBase64() {
    SearchResponse response =
        SearchResponse.newBuilder()
            .setHits(
                HitsMetadata.newBuilder()
                    .addHits(
                        HitsMetadataHitsInner.newBuilder()
                            .setXSource(ByteString.copyFromUtf8("not json"))))
            .build();
    assertThat(ProtoJson.print(response).at("/hits/hits/0/x_source").asText())
        .isEqualTo("base64:bm90IGpzb24=");
  }
}
