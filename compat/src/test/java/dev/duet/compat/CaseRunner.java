package dev.duet.compat;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duet.compat.CompatCase.Comparison;
import dev.duet.compat.CompatCase.GrpcCheck;
import dev.duet.compat.CompatCase.RestCheck;
import dev.duet.compat.CompatCase.RestRequest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs one case on one protocol against both nodes — each on fresh indices — and compares the
 * replies.
 *
 * <p>Every reply is also written to {@code target/compat-replies/<case>/<protocol>-<node>.json}, so
 * that a failure can be read in full.
 */
final class CaseRunner {
  /**
   * Differences that are never findings, in every case; everything else that may differ is listed
   * in the case itself. How long a request took is timing, not behaviour.
   */
  static final List<String> ALWAYS_IGNORED = List.of("took");

  /**
   * Java stack traces (OpenSearch's gRPC bulk item errors carry one) name OpenSearch's classes;
   * Duet may send its own or none.
   */
  static final List<String> ALWAYS_OPTIONAL = List.of("/**.stack_trace");

  /**
   * A {@code took} of 0 ms is the proto3 default and never reaches the wire, so over gRPC a fast
   * node's {@code took} is legitimately absent.
   */
  static final List<String> GRPC_OPTIONAL = List.of("took");

  /** Identities created by chance: index uuids (or {@code _na_}) and node ids. */
  static final Map<String, String> ALWAYS_PATTERNS =
      Map.of(
          "/**.index_uuid", "^([A-Za-z0-9_-]{22}|_na_)$",
          "/**.index_uuid.string", "^([A-Za-z0-9_-]{22}|_na_)$",
          "/**.failed_shards.*.node", "^[A-Za-z0-9_-]{22}$");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Side opensearch;
  private final Side duet;
  private final Path replies;

  CaseRunner(CompatNode opensearch, CompatNode duet, Path replies) {
    this.opensearch = new Side(opensearch, false);
    this.duet = new Side(duet, true);
    this.replies = replies;
  }

  /** The differences between OpenSearch's and Duet's REST replies; empty when they agree. */
  List<String> runRest(CompatCase c) throws IOException {
    RestCheck check = c.rest().orElseThrow();
    JsonNode expected = opensearch.rest(c, check.request());
    JsonNode actual = duet.rest(c, check.request());
    return compare(c, "rest", expected, actual, check.comparison(), "body");
  }

  /** The differences between OpenSearch's and Duet's gRPC replies; empty when they agree. */
  List<String> runGrpc(CompatCase c) throws IOException {
    GrpcCheck check = c.grpc().orElseThrow();
    JsonNode expected = opensearch.grpc(c, check);
    if (check.restErrorDetails()) {
      expected =
          withRestErrorDetails(expected, opensearch.rest(c, c.rest().orElseThrow().request()));
    }
    JsonNode actual = duet.grpc(c, check);
    Comparison comparison = check.comparison();
    if (check.restErrorDetails()) {
      List<String> ignore = new ArrayList<>(comparison.ignore());
      ignore.add("/description.summary");
      comparison =
          new Comparison(
              ignore, comparison.optional(), comparison.unordered(), comparison.patterns());
    }
    return compare(c, "grpc", expected, actual, comparison, "message");
  }

  /**
   * OpenSearch's gRPC error as Duet should give it: the same status, with the REST error body as
   * details. The summary is OpenSearch's Java exception text, which has no REST counterpart.
   */
  private static JsonNode withRestErrorDetails(JsonNode grpcReply, JsonNode restReply) {
    ObjectNode expected = grpcReply.deepCopy();
    ObjectNode description = JSON.createObjectNode();
    description.set("summary", JsonDiff.IGNORED);
    description.set("details", restReply.get("body"));
    expected.set("description", description);
    return expected;
  }

  void close() throws InterruptedException {
    opensearch.close();
    duet.close();
  }

  private List<String> compare(
      CompatCase c,
      String protocol,
      JsonNode expected,
      JsonNode actual,
      Comparison comparison,
      String payload)
      throws IOException {
    Path dir = replies.resolve(c.id());
    Files.createDirectories(dir);
    JSON.writerWithDefaultPrettyPrinter()
        .writeValue(dir.resolve(protocol + "-opensearch.json").toFile(), expected);
    JSON.writerWithDefaultPrettyPrinter()
        .writeValue(dir.resolve(protocol + "-duet.json").toFile(), actual);
    List<String> ignore = new ArrayList<>();
    ALWAYS_IGNORED.forEach(p -> ignore.add(payload + "." + p));
    comparison.ignore().forEach(p -> ignore.add(qualify(p, payload)));
    List<String> optional = new ArrayList<>();
    ALWAYS_OPTIONAL.forEach(p -> optional.add(qualify(p, payload)));
    if (protocol.equals("grpc")) {
      GRPC_OPTIONAL.forEach(p -> optional.add(qualify(p, payload)));
    }
    comparison.optional().forEach(p -> optional.add(qualify(p, payload)));
    List<String> unordered = comparison.unordered().stream().map(p -> qualify(p, payload)).toList();
    Map<String, String> patterns = new LinkedHashMap<>();
    ALWAYS_PATTERNS.forEach((p, regex) -> patterns.put(qualify(p, payload), regex));
    comparison.patterns().forEach((p, regex) -> patterns.put(qualify(p, payload), regex));
    return new JsonDiff(ignore, optional, unordered, patterns)
        .diff(expected, actual).stream().map(JsonDiff.Difference::toString).toList();
  }

  /**
   * Case paths are relative to the body (REST) or message (gRPC); a path starting with {@code /} is
   * relative to the whole reply, e.g. {@code /description} for a gRPC error; an empty path is the
   * body or message itself.
   */
  private static String qualify(String path, String payload) {
    if (path.isEmpty()) {
      return payload;
    }
    return path.startsWith("/") ? path.substring(1) : payload + "." + path;
  }

  /** One node, with its clients. */
  private static final class Side {
    private final CompatNode node;
    private final RestCaller rest;
    private final boolean stockGrpcLimits;
    private GrpcCaller grpc;

    Side(CompatNode node, boolean stockGrpcLimits) {
      this.node = node;
      this.rest = new RestCaller(node.rest());
      this.stockGrpcLimits = stockGrpcLimits;
    }

    JsonNode rest(CompatCase c, RestRequest request) {
      CaseVariables vars = new CaseVariables();
      try {
        prepare(c, vars);
        return rest.call(vars.apply(request));
      } finally {
        teardown(c, vars);
        reset(c);
      }
    }

    JsonNode grpc(CompatCase c, GrpcCheck check) {
      CaseVariables vars = new CaseVariables();
      try {
        prepare(c, vars);
        if (grpc == null) {
          grpc = new GrpcCaller(node.grpcHost(), node.grpcPort(), stockGrpcLimits);
        }
        return grpc.call(check.method(), vars.apply(check.request()));
      } finally {
        teardown(c, vars);
        reset(c);
      }
    }

    void close() throws InterruptedException {
      if (grpc != null) {
        grpc.close();
      }
    }

    private void prepare(CompatCase c, CaseVariables vars) {
      reset(c);
      for (RestRequest step : c.setup()) {
        JsonNode reply = rest.call(vars.apply(step));
        int status = reply.get("status").asInt();
        if (status < 200 || status >= 300) {
          throw new AssertionError(
              "setup step " + step + " failed on " + node.name() + ": " + reply);
        }
        vars.capture(step, reply);
      }
    }

    /** Runs the case's teardown steps that have what they need; their answers do not matter. */
    private void teardown(CompatCase c, CaseVariables vars) {
      for (RestRequest step : c.teardown()) {
        RestRequest applied = vars.apply(step);
        String text =
            applied.path() + (applied.body() == null ? "" : new String(applied.body(), UTF_8));
        if (!text.contains("${")) {
          rest.call(applied);
        }
      }
    }

    private void reset(CompatCase c) {
      for (String index : c.indices()) {
        JsonNode reply = rest.call(new RestRequest("DELETE", "/" + index, null, null));
        int status = reply.get("status").asInt();
        if (status != 200 && status != 404) {
          throw new AssertionError("cannot delete " + index + " on " + node.name() + ": " + reply);
        }
      }
    }
  }
}
