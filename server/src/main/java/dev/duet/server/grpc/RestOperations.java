package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.exc.StreamReadException;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Empty;
import com.google.protobuf.Message;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.QueryParams;
import com.linecorp.armeria.common.QueryParamsBuilder;
import dev.duet.api.options.Options;
import dev.duet.engine.error.DuetException;
import dev.duet.server.pool.WorkPool;
import dev.duet.server.pool.WorkPools;
import dev.duet.server.rest.RestErrors;
import dev.duet.server.rest.RestRequest;
import dev.duet.server.rest.RestResponse;
import dev.duet.server.rest.RestRouter;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generated {@code duet.*} RPC run as the REST operation it stands for: its fields become the
 * route's path variables and query parameters (named by {@code json_name}, enum values by {@code
 * json_value}), its message or bytes field the body (a repeated message field, such as Msearch's
 * lines, as newline-delimited JSON, the form OpenSearch takes every list body in); the call goes
 * through REST's router to the same handler and action a REST client reaches, and REST's JSON
 * answer becomes the response message ({@link ProtoBodies}). So a parameter, a validation or a
 * response field has one rule for both ports. Admin and single-document calls only: the hot paths
 * (Bulk and Search of org.opensearch.protobufs) decode proto fields directly.
 *
 * <p>A 4xx or 5xx answer becomes the gRPC status of that HTTP status with the usual {@code summary;
 * details=<REST JSON>} description: from the failure when the handler threw one ({@link
 * GrpcErrors}), from the answer's body when REST answers an error without an exception (a missing
 * document's {@code {"found":false}}).
 */
final class RestOperations {
  private static final Pattern VARIABLE = Pattern.compile("\\{(\\w+)}");

  private final RestRouter router;
  private final WorkPools pools;

  RestOperations(RestRouter router, WorkPools pools) {
    this.router = requireNonNull(router, "router");
    this.pools = requireNonNull(pools, "pools");
  }

  /** A method and path pattern of the operation, such as {@code PUT /{index}/_doc/{id}}. */
  record Route(HttpMethod method, String pattern) {
    Set<String> variables() {
      Set<String> names = new LinkedHashSet<>();
      Matcher m = VARIABLE.matcher(pattern);
      while (m.find()) {
        names.add(m.group(1));
      }
      return names;
    }
  }

  static Route route(HttpMethod method, String pattern) {
    return new Route(method, pattern);
  }

  /**
   * Answers {@code responses} with REST's answer to {@code request} as a {@code prototype}-typed
   * message. {@code routes} are the operation's path patterns; the one whose variables are exactly
   * the request's set path fields is taken.
   */
  @SuppressWarnings("unchecked")
  <T extends Message> void unary(
      String rpc, Message request, T prototype, StreamObserver<T> responses, Route... routes) {
    RpcCalls.unary(rpc, responses, () -> (T) answer(call(rpc, request, routes), prototype));
  }

  private RestResponse call(String rpc, Message request, Route... routes) {
    Set<String> pathNames = new LinkedHashSet<>();
    for (Route r : routes) {
      pathNames.addAll(r.variables());
    }
    Map<String, String> path = new HashMap<>();
    QueryParamsBuilder params = QueryParams.builder();
    byte[] body = new byte[0];
    for (Map.Entry<FieldDescriptor, Object> e : request.getAllFields().entrySet()) {
      FieldDescriptor f = e.getKey();
      switch (f.getJavaType()) {
        case MESSAGE ->
            body =
                f.isRepeated()
                    ? RestBodies.ndjson((List<?>) e.getValue())
                    : RestBodies.json((Message) e.getValue());
        case BYTE_STRING -> body = ((ByteString) e.getValue()).toByteArray();
        default -> {
          String value = text(f, e.getValue());
          if (pathNames.contains(f.getName())) {
            if (!value.isEmpty()) {
              path.put(f.getName(), value);
            }
          } else {
            params.add(f.getJsonName(), value);
          }
        }
      }
    }
    Route route = pick(rpc, routes, path.keySet());
    String resolved = route.pattern();
    for (Map.Entry<String, String> v : path.entrySet()) {
      checkPathValue(v.getKey(), v.getValue());
      resolved = resolved.replace("{" + v.getKey() + "}", v.getValue());
    }
    if (!(router.route(route.method(), resolved) instanceof RestRouter.Match.Found found)) {
      throw new IllegalStateException(rpc + ": no REST route for " + route);
    }
    RestRequest rest = RestRequest.of(route.method(), found.pathParams(), params.build(), body);
    WorkPool pool = pools.forRoute(route.method(), route.pattern());
    if (pool == null) {
      return handle(found, rest);
    }
    // Already on a blocking thread (GrpcTransport): admitted by the pool's rule, run here, one hop.
    return pool.runInline(() -> "[" + rpc + "]", body.length, () -> handle(found, rest));
  }

  private static RestResponse handle(RestRouter.Match.Found found, RestRequest rest) {
    try {
      return found.handler().handle(rest);
    } catch (StreamReadException e) {
      throw RestErrors.recognized(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A path variable's value: one path segment. */
  static void checkPathValue(String name, String value) {
    if (value.indexOf('/') >= 0) {
      throw DuetException.illegalArgument(
          "[" + name + "] must not contain '/', found: [" + value + "]");
    }
  }

  private static Route pick(String rpc, Route[] routes, Set<String> given) {
    for (Route r : routes) {
      if (r.variables().equals(given)) {
        return r;
      }
    }
    List<Set<String>> accepted = new ArrayList<>();
    for (Route r : routes) {
      accepted.add(r.variables());
    }
    throw DuetException.illegalArgument(
        rpc + " needs one of these sets of fields: " + accepted + ", found: " + given);
  }

  /** A scalar or repeated field as its URL parameter's text (enum values by json_value). */
  static String text(FieldDescriptor f, Object value) {
    if (f.isRepeated()) {
      List<String> items = new ArrayList<>();
      for (Object item : (List<?>) value) {
        items.add(scalar(item));
      }
      return String.join(",", items);
    }
    return scalar(value);
  }

  private static String scalar(Object value) {
    if (value instanceof EnumValueDescriptor e) {
      String rest = e.getOptions().getExtension(Options.jsonValue);
      return rest.isEmpty() ? e.getName() : rest;
    }
    return String.valueOf(value);
  }

  private static Message answer(RestResponse response, Message prototype) {
    byte[] body = response.body().array();
    if (response.status() >= 400) {
      throw failure(response.status(), body);
    }
    if (prototype instanceof Empty) {
      return prototype;
    }
    return ProtoBodies.read(body, prototype);
  }

  /** An error REST answers without an exception, in the form {@link GrpcErrors} gives one. */
  private static RuntimeException failure(int status, byte[] body) {
    String summary = HttpStatus.valueOf(status).reasonPhrase();
    String description =
        body.length == 0
            ? summary
            : summary + "; details=" + new String(body, StandardCharsets.UTF_8);
    if (GrpcErrors.encodedLength(description) > GrpcErrors.MAX_DESCRIPTION_BYTES) {
      description = summary;
    }
    return Status.fromCode(GrpcErrors.code(status))
        .withDescription(description)
        .asRuntimeException();
  }
}
