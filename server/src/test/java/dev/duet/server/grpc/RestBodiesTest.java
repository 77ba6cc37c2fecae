package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import dev.duet.api.common.GetResult;
import dev.duet.api.common.MgetBody;
import dev.duet.api.common.MgetDoc;
import dev.duet.api.common.Refresh;
import dev.duet.api.common.SourceConfig;
import dev.duet.api.documents.IndexRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Generated messages written back as the REST JSON they stand for. */
class RestBodiesTest {
  private static String json(com.google.protobuf.Message m) {
    return new String(RestBodies.json(m), StandardCharsets.UTF_8);
  }

  @Test
  void fieldsUseRestNamesAndRawJsonIsInline() {
    GetResult doc =
        GetResult.newBuilder()
            .setXIndex("books")
            .setXId("1")
            .setFound(true)
            .setXSource(ByteString.copyFromUtf8("{\"title\":\"Dune\",\"year\":1965}"))
            .build();
    assertThat(json(doc))
        .isEqualTo(
            "{\"_index\":\"books\",\"_id\":\"1\",\"found\":true,"
                + "\"_source\":{\"title\":\"Dune\",\"year\":1965}}");
  }

  @Test
  void unionsAndListsStandForTheirContent() {
    MgetBody body =
        MgetBody.newBuilder()
            .addDocs(
                MgetDoc.newBuilder()
                    .setXId("1")
                    .setXSource(
                        SourceConfig.newBuilder()
                            .setListValue(
                                SourceConfig.ListValue.newBuilder().addValues("a").addValues("b"))))
            .addDocs(
                MgetDoc.newBuilder()
                    .setXId("2")
                    .setXSource(SourceConfig.newBuilder().setBoolValue(false)))
            .build();
    assertThat(json(body))
        .isEqualTo(
            "{\"docs\":[{\"_id\":\"1\",\"_source\":[\"a\",\"b\"]},{\"_id\":\"2\",\"_source\":false}]}");
  }

  @Test
  void enumsAreRestStringsAndWholeStructNumbersIntegers() {
    IndexRequest request =
        IndexRequest.newBuilder().setIndex("books").setRefresh(Refresh.REFRESH_WAIT_FOR).build();
    assertThat(json(request)).isEqualTo("{\"index\":\"books\",\"refresh\":\"wait_for\"}");

    Struct settings =
        Struct.newBuilder()
            .putFields("number_of_shards", Value.newBuilder().setNumberValue(2).build())
            .putFields("ratio", Value.newBuilder().setNumberValue(0.5).build())
            .build();
    assertThat(json(settings)).isEqualTo("{\"number_of_shards\":2,\"ratio\":0.5}");
  }
}
