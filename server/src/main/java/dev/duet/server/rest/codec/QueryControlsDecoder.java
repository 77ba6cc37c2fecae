package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.TimeValues;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.QueryRescore;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.List;

/**
 * The search body's query-phase controls ({@code timeout}, {@code terminate_after}, {@code
 * collapse}, {@code rescore}, {@code profile}), collected while {@link SearchRequestDecoder}
 * streams the body.
 */
final class QueryControlsDecoder {
  private int terminateAfter;
  private long timeoutNanos;
  private Collapse collapse;
  private List<QueryRescore> rescore = List.of();
  private boolean profile;

  /** Reads the value of {@code field}; the parser is on its first token. */
  void parse(JsonParser p, String field) throws IOException {
    JsonToken t = p.currentToken();
    switch (field) {
      case "timeout" -> {
        scalar(p, t, field);
        timeoutNanos = TimeValues.parseNanos(p.getText(), "timeout");
      }
      case "terminate_after" -> {
        scalar(p, t, field);
        try {
          terminateAfter = Integer.parseInt(p.getText().trim());
        } catch (NumberFormatException e) {
          // OpenSearch lets the JDK's exception through: type number_format_exception.
          throw new DuetException(400, "number_format_exception", e.getMessage());
        }
      }
      case "collapse" -> collapse = CollapseDecoder.parse(p);
      case "rescore" -> rescore = RescoreDecoder.parse(p);
      case "profile" -> {
        scalar(p, t, field);
        profile = QueryErrors.booleanValue(p);
      }
      default -> throw new IllegalArgumentException(field);
    }
  }

  /** Applies the URL's {@code terminate_after} and {@code timeout} over the body's. */
  void url(SearchUrlOptions url) {
    if (url.terminateAfter() != null) {
      int value;
      try {
        value = Integer.parseInt(url.terminateAfter());
      } catch (NumberFormatException e) {
        throw new DuetException(
            400,
            "illegal_argument_exception",
            "Failed to parse int parameter [terminate_after] with value ["
                + url.terminateAfter()
                + "]",
            java.util.Map.of(),
            new DuetException(400, "number_format_exception", e.getMessage()));
      }
      if (value < 0) {
        throw DuetException.illegalArgument("terminateAfter must be > 0");
      }
      if (value > 0) {
        terminateAfter = value;
      }
    }
    if (url.timeout() != null) {
      timeoutNanos = TimeValues.parseNanos(url.timeout(), "timeout");
    }
  }

  SearchRequest applyTo(SearchRequest request) {
    QueryControls controls =
        QueryControls.of(terminateAfter, timeoutNanos, collapse, rescore, profile);
    return controls == QueryControls.NONE ? request : request.withControls(controls);
  }

  private static void scalar(JsonParser p, JsonToken t, String field) {
    if (!t.isScalarValue()) {
      throw QueryErrors.error(p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
    }
  }
}
