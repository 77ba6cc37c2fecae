package dev.duet.server.rest;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.linecorp.armeria.common.HttpMethod;
import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.codec.ErrorEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Renders failures the way OpenSearch's REST layer does: {@code
 * {"error":{"root_cause":[...],"type":...,"reason":...,<metadata>,"caused_by":{...}},"status":N}},
 * plus its two routing answers (no handler, wrong method) and the body-too-large answer.
 */
public final class RestErrors {
  private RestErrors() {}

  public static RestResponse of(DuetException e, boolean pretty) {
    JsonOutput out = new JsonOutput(pretty);
    try {
      ErrorEncoder.encodeDocument(e, out.generator());
    } catch (IOException ioe) {
      throw new java.io.UncheckedIOException(ioe);
    }
    return RestResponse.json(e.status(), out);
  }

  /**
   * The answer for a failure that reached the transport's edge, when it is one Duet knows: a {@link
   * DuetException} anywhere in its causes, or a client's mistake no decoder caught, as a 400 —
   * Jackson's limits on a body (nesting depth, name, number and string lengths: OpenSearch 3.8
   * answers them with a 500, but they are the client's doing), a malformed body, and recursion too
   * deep for the stack, which only a request's nesting can cause. Null for anything else (a bug).
   */
  public static DuetException recognized(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      switch (c) {
        case DuetException e -> {
          return e;
        }
        case StreamConstraintsException e -> {
          return Json.constraintError(e);
        }
        case StreamReadException e -> {
          return Json.parseError(e);
        }
        case StackOverflowError e -> {
          return tooDeep();
        }
        default -> {}
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return null;
  }

  /** A request whose nesting ran the stack out. */
  public static DuetException tooDeep() {
    return DuetException.illegalArgument(
        "The request is nested too deeply to be processed (it ran out of stack)");
  }

  /** An unexpected failure: 500, typed by the exception's class as OpenSearch does. */
  public static DuetException internal(Throwable t) {
    String reason = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
    return new DuetException(500, snakeCase(t.getClass().getSimpleName()), reason);
  }

  /** OpenSearch's answer for a path no route matches: 400 with a bare string error. */
  public static RestResponse noHandler(String uri, HttpMethod method) {
    String json =
        "{\"error\":"
            + quote("no handler found for uri [" + uri + "] and method [" + method + "]")
            + "}";
    return RestResponse.json(400, json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** OpenSearch's simple error form: {@code {"error":"message","status":N}}. */
  public static RestResponse simple(int status, String message) {
    String json = "{\"error\":" + quote(message) + ",\"status\":" + status + "}";
    return RestResponse.json(status, json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** A path that exists with other methods: 405, naming them. */
  public static RestResponse methodNotAllowed(
      String uri, HttpMethod method, List<HttpMethod> allowed) {
    String list = allowed.stream().map(HttpMethod::name).collect(Collectors.joining(", "));
    String msg =
        "Incorrect HTTP method for uri ["
            + uri
            + "] and method ["
            + method
            + "], allowed: ["
            + list
            + "]";
    return simple(405, msg).withAllow(list.replace(" ", ""));
  }

  /** A body above {@code http.max_content_length}: 413, naming the setting. */
  public static DuetException contentTooLong(long maxContentLength) {
    return new DuetException(
        413,
        "content_too_long_exception",
        "request body is too large, exceeds the limit of ["
            + maxContentLength
            + "] bytes set by [http.max_content_length]");
  }

  private static String snakeCase(String className) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < className.length(); i++) {
      char c = className.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0) {
          sb.append('_');
        }
        sb.append(Character.toLowerCase(c));
      } else {
        sb.append(c);
      }
    }
    return sb.toString().toLowerCase(Locale.ROOT);
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(s, sb);
    return sb.append('"').toString();
  }
}
