package dev.duet.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.compat.CompatCase.RestRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Ids captured from one step's reply and carried into later requests. */
class CaseVariablesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern USE = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

  @Test
  void capturedValuesReplaceTheirNamesInPathsBodiesAndGrpcRequests() throws Exception {
    CaseVariables vars = new CaseVariables();
    RestRequest create =
        new RestRequest("POST", "/x/_search?scroll=1m", null, null, Map.of("sid", "_scroll_id"));
    vars.capture(create, JSON.readTree("{\"status\":200,\"body\":{\"_scroll_id\":\"abc=\"}}"));

    RestRequest next =
        vars.apply(
            new RestRequest(
                "POST",
                "/_search/scroll/${sid}",
                "{\"scroll_id\":\"${sid}\"}".getBytes(StandardCharsets.UTF_8),
                "application/json"));
    JsonNode grpc = vars.apply(JSON.readTree("{\"pit_id\":[\"${sid}\"]}"));

    assertThat(next.path()).isEqualTo("/_search/scroll/abc=");
    assertThat(new String(next.body(), StandardCharsets.UTF_8))
        .isEqualTo("{\"scroll_id\":\"abc=\"}");
    assertThat(grpc.get("pit_id").get(0).asText()).isEqualTo("abc=");
  }

  @Test
  void aCaptureOfSomethingTheReplyLacksFailsTheCase() throws Exception {
    CaseVariables vars = new CaseVariables();
    RestRequest step = new RestRequest("POST", "/x", null, null, Map.of("pit", "pit_id"));

    assertThatThrownBy(() -> vars.capture(step, JSON.readTree("{\"status\":400,\"body\":{}}")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("pit_id");
  }

  @Test
  void everyVariableACaseUsesIsCapturedByAnEarlierSetupStep() throws Exception {
    for (CompatCase c : CaseLoader.loadAll()) {
      Set<String> captured = new HashSet<>();
      List<String> uses = new ArrayList<>();
      for (RestRequest step : c.setup()) {
        uses.addAll(unknown(text(step), captured));
        captured.addAll(step.capture().keySet());
      }
      c.rest().ifPresent(r -> uses.addAll(unknown(text(r.request()), captured)));
      for (var g : c.grpc().stream().toList()) {
        uses.addAll(unknown(JSON.writeValueAsString(g.request()), captured));
      }
      for (RestRequest step : c.teardown()) {
        uses.addAll(unknown(text(step), captured));
      }
      assertThat(uses).as(c.id()).isEmpty();
    }
  }

  private static String text(RestRequest r) {
    return r.path() + (r.body() == null ? "" : new String(r.body(), StandardCharsets.UTF_8));
  }

  private static List<String> unknown(String text, Set<String> captured) {
    List<String> out = new ArrayList<>();
    Matcher m = USE.matcher(text);
    while (m.find()) {
      if (!captured.contains(m.group(1))) {
        out.add(m.group(1));
      }
    }
    return out;
  }
}
