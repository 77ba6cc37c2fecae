package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.RestErrors;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The REST error body of a failure ({@code {"error":{"root_cause":[...],...},"status":N}}), which
 * OpenSearch's gRPC transport puts after {@code details=} in a status description. Rendered by
 * {@link RestErrors}, so both transports show one JSON; here reasons can be cut at {@code
 * maxReasonChars} so that the caller can bound the whole description.
 */
final class ErrorJson {
  private ErrorJson() {}

  static String render(DuetException e, int maxReasonChars) {
    return RestErrors.of(bounded(e, maxReasonChars), false).body().toStringUtf8();
  }

  static String truncate(String text, int maxChars) {
    if (text.length() <= maxChars) {
      return text;
    }
    return text.substring(0, Math.max(0, maxChars)) + "...[truncated]";
  }

  /** A copy whose reasons and metadata values are at most {@code maxChars} long. */
  private static DuetException bounded(DuetException e, int maxChars) {
    if (e == null) {
      return null;
    }
    if (!needsCut(e, maxChars)) {
      return e;
    }
    Map<String, String> metadata = new LinkedHashMap<>();
    e.metadata().forEach((key, value) -> metadata.put(key, truncate(value, maxChars)));
    return new DuetException(
        e.status(),
        e.type(),
        truncate(e.reason(), maxChars),
        metadata,
        bounded(e.causedBy(), maxChars));
  }

  private static boolean needsCut(DuetException e, int maxChars) {
    for (DuetException c = e; c != null; c = c.causedBy()) {
      if (c.reason().length() > maxChars) {
        return true;
      }
      for (String value : c.metadata().values()) {
        if (value.length() > maxChars) {
          return true;
        }
      }
    }
    return false;
  }
}
