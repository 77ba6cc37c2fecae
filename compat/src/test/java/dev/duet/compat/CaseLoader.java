package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.duet.compat.CompatCase.Comparison;
import dev.duet.compat.CompatCase.GrpcCheck;
import dev.duet.compat.CompatCase.RestCheck;
import dev.duet.compat.CompatCase.RestRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads the case corpus from the test classpath: {@code cases/*.yaml}, with shared data sets in
 * {@code cases/fixtures/*.yaml} that a case names with {@code fixture:}.
 *
 * <p>A request is {@code method}, {@code path} and at most one body: {@code body} (any YAML value,
 * sent as JSON), {@code ndjson} (text sent as {@code application/x-ndjson}) or {@code raw} (text
 * sent as {@code application/json}, for malformed bodies).
 */
final class CaseLoader {
  private static final ObjectMapper YAML = new YAMLMapper();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> CASE_KEYS =
      Set.of("name", "fixture", "indices", "setup", "rest", "grpc", "oracle", "teardown");
  private static final Set<String> REST_KEYS =
      Set.of(
          "method", "path", "body", "ndjson", "raw", "ignore", "optional", "unordered", "patterns");
  private static final Set<String> STEP_KEYS =
      Set.of("method", "path", "body", "ndjson", "raw", "capture");
  private static final Set<String> GRPC_KEYS =
      Set.of(
          "method", "request", "ignore", "optional", "unordered", "patterns", "rest_error_details");

  private CaseLoader() {}

  /** Every case, sorted by id. */
  static List<CompatCase> loadAll() {
    Path dir = resourceDir("cases");
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().endsWith(".yaml"))
          .sorted()
          .map(CaseLoader::load)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static CompatCase load(Path file) {
    String id = file.getFileName().toString().replaceFirst("\\.yaml$", "");
    try {
      JsonNode root = YAML.readTree(file.toFile());
      checkKeys(root, CASE_KEYS, id);
      List<String> indices = new ArrayList<>();
      List<RestRequest> setup = new ArrayList<>();
      if (root.hasNonNull("fixture")) {
        JsonNode fixture =
            YAML.readTree(
                file.resolveSibling("fixtures/" + root.get("fixture").asText() + ".yaml").toFile());
        indices.addAll(strings(fixture.get("indices")));
        setup.addAll(requests(fixture.get("setup"), id));
      }
      indices.addAll(strings(root.get("indices")));
      setup.addAll(requests(root.get("setup"), id));
      Optional<RestCheck> rest = Optional.empty();
      if (root.hasNonNull("rest")) {
        JsonNode r = root.get("rest");
        checkKeys(r, REST_KEYS, id + ".rest");
        rest = Optional.of(new RestCheck(request(r, id), comparison(r)));
      }
      Optional<GrpcCheck> grpc = Optional.empty();
      if (root.hasNonNull("grpc")) {
        JsonNode g = root.get("grpc");
        checkKeys(g, GRPC_KEYS, id + ".grpc");
        grpc =
            Optional.of(
                new GrpcCheck(
                    required(g, "method", id).asText(),
                    required(g, "request", id),
                    comparison(g),
                    g.path("rest_error_details").asBoolean(false)));
      }
      if (grpc.isPresent() && grpc.get().restErrorDetails() && rest.isEmpty()) {
        throw new IllegalArgumentException(id + ": rest_error_details needs a rest: request");
      }
      if (rest.isEmpty() && grpc.isEmpty()) {
        throw new IllegalArgumentException(id + ": a case needs rest:, grpc: or both");
      }
      return new CompatCase(
          id,
          required(root, "name", id).asText(),
          indices,
          setup,
          rest,
          grpc,
          root.path("oracle").asText(CompatCase.DEFAULT_ORACLE),
          requests(root.get("teardown"), id));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read case " + file, e);
    }
  }

  private static List<RestRequest> requests(JsonNode list, String id) throws IOException {
    List<RestRequest> out = new ArrayList<>();
    if (list == null) {
      return out;
    }
    for (JsonNode step : list) {
      checkKeys(step, STEP_KEYS, id + ".setup");
      RestRequest request = request(step, id);
      if (step.has("capture")) {
        Map<String, String> capture = new LinkedHashMap<>();
        step.get("capture")
            .fields()
            .forEachRemaining(e -> capture.put(e.getKey(), e.getValue().asText()));
        request =
            new RestRequest(
                request.method(), request.path(), request.body(), request.contentType(), capture);
      }
      out.add(request);
    }
    return out;
  }

  private static RestRequest request(JsonNode r, String id) throws IOException {
    String method = required(r, "method", id).asText().toUpperCase(Locale.ROOT);
    String path = required(r, "path", id).asText();
    if (r.has("body")) {
      return new RestRequest(
          method, path, JSON.writeValueAsBytes(r.get("body")), "application/json");
    }
    if (r.has("ndjson")) {
      String text = r.get("ndjson").asText();
      if (!text.endsWith("\n")) {
        text += "\n";
      }
      return new RestRequest(
          method, path, text.getBytes(StandardCharsets.UTF_8), "application/x-ndjson");
    }
    if (r.has("raw")) {
      return new RestRequest(
          method, path, r.get("raw").asText().getBytes(StandardCharsets.UTF_8), "application/json");
    }
    return new RestRequest(method, path, null, null);
  }

  private static Comparison comparison(JsonNode r) {
    Map<String, String> patterns = new LinkedHashMap<>();
    if (r.has("patterns")) {
      r.get("patterns")
          .fields()
          .forEachRemaining(e -> patterns.put(e.getKey(), e.getValue().asText()));
    }
    return new Comparison(
        strings(r.get("ignore")),
        strings(r.get("optional")),
        strings(r.get("unordered")),
        patterns);
  }

  private static List<String> strings(JsonNode list) {
    List<String> out = new ArrayList<>();
    if (list != null) {
      list.forEach(n -> out.add(n.asText()));
    }
    return out;
  }

  private static JsonNode required(JsonNode node, String key, String id) {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException(id + ": missing [" + key + "]");
    }
    return value;
  }

  private static void checkKeys(JsonNode node, Set<String> allowed, String where) {
    node.fieldNames()
        .forEachRemaining(
            k -> {
              if (!allowed.contains(k)) {
                throw new IllegalArgumentException(
                    where + ": unknown key [" + k + "] (expected one of " + allowed + ")");
              }
            });
  }

  private static Path resourceDir(String name) {
    URL url = CaseLoader.class.getClassLoader().getResource(name);
    if (url == null) {
      throw new IllegalStateException("no [" + name + "] directory on the test classpath");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
