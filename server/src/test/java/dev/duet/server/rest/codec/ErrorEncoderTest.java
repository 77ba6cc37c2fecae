package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import dev.duet.server.action.Actions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorEncoderTest {
  @TempDir Path dataDir;

  private static String encode(DuetException e) throws Exception {
    JsonOutput out = new JsonOutput(false);
    ErrorEncoder.encodeDocument(e, out.generator());
    return new String(out.toHttpData().array(), StandardCharsets.UTF_8);
  }

  @Test
  void rootCauseStopsAboveJavaExceptionsAndLocationsAreNumbers() throws Exception {
    DuetException nfe = new DuetException(400, "illegal_argument_exception", "bad number");
    DuetException mpe =
        new DuetException(400, "mapper_parsing_exception", "failed", Map.of("line", "3"), nfe);
    assertThat(encode(mpe))
        .isEqualTo(
            "{\"error\":{\"root_cause\":[{\"type\":\"mapper_parsing_exception\","
                + "\"reason\":\"failed\",\"line\":3}],\"type\":\"mapper_parsing_exception\","
                + "\"reason\":\"failed\",\"line\":3,\"caused_by\":{\"type\":"
                + "\"illegal_argument_exception\",\"reason\":\"bad number\"}},\"status\":400}");
  }

  @Test
  void aShardFailureIsASearchPhaseExecutionException() throws Exception {
    try (var engine = Engines.open(dataDir)) {
      Actions actions = new Actions(engine, "node-1");
      actions
          .indexAdmin()
          .create(
              "texts",
              IndexSettings.DEFAULTS,
              Mapping.fromMap(Map.of("properties", Map.of("t", Map.of("type", "text")))));
      SearchRequest sortOnText =
          new SearchRequest(
              List.of("texts"),
              new dev.duet.engine.search.Query.MatchAll(1f),
              0,
              10,
              List.of(new SortSpec("t", null)),
              SourceFilter.ALL,
              TrackTotalHits.DEFAULT);
      DuetException failure = null;
      try {
        actions.search().execute(sortOnText);
      } catch (DuetException e) {
        failure = e;
      }
      assertThat(failure).isNotNull();
      String json = encode(failure);
      assertThat(json)
          .startsWith("{\"error\":{\"root_cause\":[{\"type\":\"illegal_argument_exception\"")
          .contains(
              "\"type\":\"search_phase_execution_exception\",\"reason\":\"all shards failed\","
                  + "\"phase\":\"query\",\"grouped\":true,\"failed_shards\":[{\"shard\":0,"
                  + "\"index\":\"texts\",\"node\":\"node-1\",\"reason\":{\"type\":"
                  + "\"illegal_argument_exception\"")
          .endsWith("\"status\":400}");
    }
  }
}
