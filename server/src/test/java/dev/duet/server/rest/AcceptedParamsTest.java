package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.QueryParams;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Suggestions;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holds the route table to opensearch-params.txt: every routed method and path has a line there,
 * which accepts what api/openapi/duet.yaml documents for it and OpenSearch's response parameters;
 * and unknown names get OpenSearch's message.
 */
class AcceptedParamsTest {
  /** Read by OpenSearch's REST channel or controller on every route that answers with a body. */
  private static final Set<String> RESPONSE_PARAMS =
      Set.of("pretty", "human", "error_trace", "filter_path", "format");

  private final AcceptedParams table = AcceptedParams.load();

  @TempDir Path dataDir;

  @Test
  void everyRouteAcceptsItsSpecParametersAndTheResponseParameters() throws Exception {
    Map<String, Set<String>> specParams = specQueryParams();
    Map<String, Set<String>> missing = new TreeMap<>();
    try (var engine = Engines.open(dataDir)) {
      RestRouter router =
          RestRoutes.build(new Actions(engine), new NodeIdentity("node", "cluster", "uuid"));
      for (RestRouter.Route r : router.routes()) {
        String key = r.method() + " " + r.pattern();
        assertThat(table.knows(r.method(), r.pattern()))
            .as("opensearch-params.txt has " + key)
            .isTrue();
        Set<String> expected = new TreeSet<>(specParams.getOrDefault(key, Set.of()));
        expected.addAll(RESPONSE_PARAMS);
        expected.removeAll(table.accepted(r.method(), r.pattern()));
        if (!expected.isEmpty()) {
          missing.put(key, expected);
        }
      }
    }
    assertThat(missing)
        .as("parameters a route must accept but opensearch-params.txt lacks")
        .isEmpty();
  }

  @Test
  void oneUnknownNameIsNamed() {
    assertThatThrownBy(() -> check("GET", "/{index}/_search", "/books/_search", "foo=1&size=3"))
        .isInstanceOf(DuetException.class)
        .hasMessage("request [/books/_search] contains unrecognized parameter: [foo]")
        .satisfies(e -> assertThat(((DuetException) e).status()).isEqualTo(400));
  }

  @Test
  void severalAreSortedWithSuggestionsFromWhatTheHandlerReads() {
    // size is read only when given (no suggestion for sizee); routing is read on every call.
    assertThatThrownBy(
            () -> check("GET", "/{index}/_search", "/b/_search", "sizee=1&routng=x&foo=1&bar=2"))
        .hasMessage(
            "request [/b/_search] contains unrecognized parameters: [bar], [foo], [routng] -> did"
                + " you mean [routing]?, [sizee]");
    assertThatThrownBy(() -> check("GET", "/{index}/_search", "/b/_search", "size=1&sizee=1"))
        .hasMessage(
            "request [/b/_search] contains unrecognized parameter: [sizee] -> did you mean [size]?");
  }

  @Test
  void acceptedNamesPassEvenWhenDuetIgnoresThem() {
    check("GET", "/{index}/_search", "/b/_search", "preference=_local&request_cache=true&pretty");
    check("POST", "/_bulk", "/_bulk", "wait_for_active_shards=1&pipeline=p&timeout=1m");
    check("DELETE", "/{index}", "/b", "cluster_manager_timeout=1m&master_timeout=1m");
  }

  @Test
  void similarityIsLucenesLevenshtein() {
    assertThat(Suggestions.similarity("refesh", "refresh")).isEqualTo(1f - 1f / 7);
    assertThat(Suggestions.closest("refesh", Set.of("refresh", "routing", "timeout")))
        .containsExactly("refresh");
    assertThat(Suggestions.closest("ab", Set.of("abc", "abd", "x"))).containsExactly("abc", "abd");
  }

  private void check(String method, String pattern, String path, String query) {
    table.check(HttpMethod.valueOf(method), pattern, path, QueryParams.fromQueryString(query));
  }

  /** "METHOD /path" → the query parameters duet.yaml lists for that operation. */
  private static Map<String, Set<String>> specQueryParams() throws Exception {
    JsonNode spec =
        new ObjectMapper(new YAMLFactory())
            .readTree(Path.of("..", "api", "openapi", "duet.yaml").toFile());
    JsonNode shared = spec.path("components").path("parameters");
    Map<String, Set<String>> out = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> paths = spec.path("paths").fields();
        paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
        Map.Entry<String, JsonNode> op = ops.next();
        Set<String> names = new TreeSet<>();
        for (JsonNode p : op.getValue().path("parameters")) {
          if (p.has("$ref")) {
            String ref = p.get("$ref").asText();
            p = shared.path(ref.substring(ref.lastIndexOf('/') + 1));
          }
          if (p.path("in").asText().equals("query")) {
            names.add(p.path("name").asText());
          }
        }
        out.put(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), names);
      }
    }
    return out;
  }
}
