package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.compat.CompatCase.RestRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values one node made up during a case (a scroll id, a point-in-time id), captured from a setup
 * step's reply and put where a later request says {@code ${name}}: each node is asked with its own
 * ids, so opaque ids can be carried from one step into the next.
 */
final class CaseVariables {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<String, String> values = new LinkedHashMap<>();

  /** Records what {@code step} captures from its reply's body; fails when a value is missing. */
  void capture(RestRequest step, JsonNode reply) {
    step.capture()
        .forEach(
            (name, path) -> {
              JsonNode value = reply.path("body");
              for (String segment : path.split("\\.")) {
                value =
                    value.isArray() ? value.path(Integer.parseInt(segment)) : value.path(segment);
              }
              if (!value.isValueNode()) {
                throw new AssertionError(
                    "capture " + name + ": no value at [" + path + "] in " + reply);
              }
              values.put(name, value.asText());
            });
  }

  boolean isEmpty() {
    return values.isEmpty();
  }

  /** The request with every {@code ${name}} in its path and body replaced. */
  RestRequest apply(RestRequest request) {
    if (values.isEmpty()) {
      return request;
    }
    byte[] body =
        request.body() == null
            ? null
            : substitute(new String(request.body(), StandardCharsets.UTF_8))
                .getBytes(StandardCharsets.UTF_8);
    return new RestRequest(
        request.method(),
        substitute(request.path()),
        body,
        request.contentType(),
        request.capture());
  }

  /** A gRPC request's JSON with every {@code ${name}} replaced. */
  JsonNode apply(JsonNode request) {
    if (values.isEmpty()) {
      return request;
    }
    try {
      return JSON.readTree(substitute(JSON.writeValueAsString(request)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String substitute(String text) {
    String out = text;
    for (Map.Entry<String, String> v : values.entrySet()) {
      out = out.replace("${" + v.getKey() + "}", v.getValue());
    }
    return out;
  }
}
