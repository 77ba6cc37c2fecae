package dev.duet.compat;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One case of the compatibility suite, as read from {@code cases/NNN-name.yaml}: what to set up,
 * the request over REST, its gRPC twin where one exists, and what may differ.
 *
 * @param id the file name without extension, e.g. {@code 031-search-match-and}
 * @param name what the case checks, in words
 * @param indices indices the case creates; deleted before and after each run
 * @param setup REST requests run first on each node; each must succeed
 * @param rest the REST request under test and how to compare its responses
 * @param grpc the gRPC request under test and how to compare its responses, if the case has one
 * @param oracle which OpenSearch answers it: {@link #DEFAULT_ORACLE} (3.8.0) or {@link #KNN_ORACLE}
 *     (3.5.0 with the k-NN plugin, for k-NN cases)
 * @param teardown REST requests run last on each node, whatever happened (to free what outlives the
 *     case's indices, such as points in time); their answers are not checked
 */
record CompatCase(
    String id,
    String name,
    List<String> indices,
    List<RestRequest> setup,
    Optional<RestCheck> rest,
    Optional<GrpcCheck> grpc,
    String oracle,
    List<RestRequest> teardown) {
  static final String DEFAULT_ORACLE = "opensearch";
  static final String KNN_ORACLE = "knn";

  CompatCase(
      String id,
      String name,
      List<String> indices,
      List<RestRequest> setup,
      Optional<RestCheck> rest,
      Optional<GrpcCheck> grpc,
      String oracle) {
    this(id, name, indices, setup, rest, grpc, oracle, List.of());
  }

  CompatCase(
      String id,
      String name,
      List<String> indices,
      List<RestRequest> setup,
      Optional<RestCheck> rest,
      Optional<GrpcCheck> grpc) {
    this(id, name, indices, setup, rest, grpc, DEFAULT_ORACLE);
  }

  CompatCase {
    requireNonNull(id, "id");
    requireNonNull(name, "name");
    if (!oracle.equals(DEFAULT_ORACLE) && !oracle.equals(KNN_ORACLE)) {
      throw new IllegalArgumentException(id + ": unknown oracle [" + oracle + "]");
    }
    indices = List.copyOf(indices);
    setup = List.copyOf(setup);
    teardown = List.copyOf(teardown);
  }

  /**
   * An HTTP request; {@code body} is null when there is none. {@code capture} names values of the
   * reply's body (variable → dotted path) that later requests of the case use as {@code ${name}}:
   * ids a node makes up, such as a scroll's or a point in time's.
   */
  record RestRequest(
      String method, String path, byte[] body, String contentType, Map<String, String> capture) {
    RestRequest {
      requireNonNull(method, "method");
      requireNonNull(path, "path");
      capture = Map.copyOf(capture);
    }

    RestRequest(String method, String path, byte[] body, String contentType) {
      this(method, path, body, contentType, Map.of());
    }

    @Override
    public String toString() {
      return method + " " + path;
    }
  }

  /** What may differ between the two responses; see {@link JsonDiff} for the path syntax. */
  record Comparison(
      List<String> ignore,
      List<String> optional,
      List<String> unordered,
      Map<String, String> patterns) {
    Comparison {
      ignore = List.copyOf(ignore);
      optional = List.copyOf(optional);
      unordered = List.copyOf(unordered);
      patterns = Map.copyOf(patterns);
    }
  }

  record RestCheck(RestRequest request, Comparison comparison) {}

  /**
   * A unary gRPC call.
   *
   * @param method {@code Service/Method}, e.g. {@code SearchService/Search}
   * @param request the request message in protobuf JSON form; {@code bytes} fields may be written
   *     as JSON values (see {@link ProtoJson})
   * @param restErrorDetails for errors where OpenSearch's gRPC answer is a bare Java stack trace:
   *     expect instead the {@code <summary>; details=<REST error JSON>} form with OpenSearch's REST
   *     error body for the case's REST request as details (DESIGN.md §3: copy conventions, not
   *     gaps)
   */
  record GrpcCheck(
      String method, JsonNode request, Comparison comparison, boolean restErrorDetails) {}
}
