package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Message;
import dev.duet.api.common.BulkResult;
import dev.duet.api.common.MgetBody;
import dev.duet.api.common.Result;
import dev.duet.api.common.SearchBody;
import dev.duet.api.common.TypeMapping;
import dev.duet.api.indices.GetAliasResponse;
import dev.duet.engine.error.DuetException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** REST JSON read into generated messages, and written back by {@link RestBodies} unchanged. */
class ProtoBodiesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Message read(String json, Message prototype) {
    return ProtoBodies.read(json.getBytes(StandardCharsets.UTF_8), prototype);
  }

  private static void roundTrips(String json, Message prototype) throws Exception {
    Message m = read(json, prototype);
    assertThat(JSON.readTree(RestBodies.json(m))).isEqualTo(JSON.readTree(json));
  }

  @Test
  void mapsListsAndEnumsByTheirRestNames() throws Exception {
    String bulk =
        "{\"took\":3,\"errors\":false,\"items\":[{\"index\":{\"_index\":\"books\",\"_id\":\"1\","
            + "\"result\":\"created\",\"forced_refresh\":true,\"status\":201}}]}";
    BulkResult result = (BulkResult) read(bulk, BulkResult.getDefaultInstance());
    assertThat(result.getItems(0).getEntriesMap().get("index").getResult())
        .isEqualTo(Result.RESULT_CREATED);
    roundTrips(bulk, BulkResult.getDefaultInstance());
  }

  @Test
  void aResponseThatIsAMapIsTheObjectItself() throws Exception {
    String aliases =
        "{\"books\":{\"aliases\":{\"library\":{\"is_write_index\":true,"
            + "\"filter\":{\"term\":{\"year\":1969}}}}}}";
    GetAliasResponse response =
        (GetAliasResponse) read(aliases, GetAliasResponse.getDefaultInstance());
    assertThat(response.getResultMap().get("books").getAliasesMap()).containsKey("library");
    roundTrips(aliases, GetAliasResponse.getDefaultInstance());
  }

  @Test
  void anObjectsOtherKeysTravelInItsOtherKeysMap() throws Exception {
    String terms = "{\"query\":{\"terms\":{\"tag\":[\"a\",\"b\"],\"boost\":2.5}}}";
    SearchBody body = (SearchBody) read(terms, SearchBody.getDefaultInstance());
    assertThat(body.getQuery().getTerms().getBoost()).isEqualTo(2.5f);
    assertThat(body.getQuery().getTerms().getFieldsMap().get("tag").getListValue().getValuesCount())
        .isEqualTo(2);
    roundTrips(terms, SearchBody.getDefaultInstance());
    String intervals = "{\"query\":{\"intervals\":{\"f\":{\"match\":{\"query\":\"x\"}}}}}";
    assertThat(
            ((SearchBody) read(intervals, SearchBody.getDefaultInstance()))
                .getQuery()
                .getIntervalsMap()
                .get("f")
                .getMatch()
                .getQuery())
        .isEqualTo("x");
    roundTrips(intervals, SearchBody.getDefaultInstance());
    // A query type the schema does not know (newer than it) still travels, as JSON.
    String untyped = "{\"query\":{\"percolate\":{\"field\":\"q\",\"document\":{\"x\":1}}}}";
    assertThat(
            ((SearchBody) read(untyped, SearchBody.getDefaultInstance()))
                .getQuery()
                .getUntypedMap())
        .containsKey("percolate");
    roundTrips(untyped, SearchBody.getDefaultInstance());
  }

  @Test
  void aUnionsWholeNumberIsWrittenAsAnInteger() throws Exception {
    roundTrips("{\"query\":{\"term\":{\"year\":1969}}}", SearchBody.getDefaultInstance());
  }

  @Test
  void unionsTakeTheMemberThatFitsTheJsonType() throws Exception {
    roundTrips(
        "{\"docs\":[{\"_id\":\"1\",\"_source\":[\"a\"]},{\"_id\":\"2\",\"_source\":false},"
            + "{\"_id\":\"3\",\"_source\":{\"includes\":[\"a\"]}}]}",
        MgetBody.getDefaultInstance());
    roundTrips(
        "{\"track_total_hits\":100,\"sort\":[\"a\",{\"b\":\"desc\"}]}",
        SearchBody.getDefaultInstance());
    roundTrips("{\"dynamic\":\"strict\"}", TypeMapping.getDefaultInstance());
    roundTrips("{\"dynamic\":false}", TypeMapping.getDefaultInstance());
  }

  @Test
  void aValueNoMemberFitsIsABadRequest() {
    assertThatThrownBy(() -> read("{\"dynamic\":\"sometimes\"}", TypeMapping.getDefaultInstance()))
        .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(400));
  }
}
