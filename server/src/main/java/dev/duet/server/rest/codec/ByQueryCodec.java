package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.ByQueryTask;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.Validation;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.Script;
import dev.duet.engine.search.Query;
import java.io.IOException;
import java.util.List;

/**
 * {@code _delete_by_query} / {@code _update_by_query} bodies ({@code query}, {@code max_docs},
 * {@code conflicts}) in, OpenSearch's {@code BulkByScrollResponse} out.
 */
public final class ByQueryCodec {
  private ByQueryCodec() {}

  /** The URL parameters a by-query request reads; null when absent. */
  public record UrlParams(Query q, String conflicts, Integer maxDocs, Integer scrollSize) {}

  public static ByQueryRequest decode(
      ByQueryRequest.Kind kind,
      List<String> indices,
      byte[] data,
      int offset,
      int length,
      UrlParams url,
      RefreshPolicy refresh)
      throws IOException {
    Query query = null;
    String conflicts = "abort";
    Long maxDocs = null;
    Script script = null;
    if (length > 0) {
      try (JsonParser p = Json.parser(data, offset, length)) {
        JsonToken t = p.nextToken();
        if (t != null) {
          if (t != JsonToken.START_OBJECT) {
            throw QueryErrors.error(
                p, "Unexpected token [" + Json.tokenName(t) + "], expected START_OBJECT");
          }
          String field = null;
          while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
            if (t == JsonToken.FIELD_NAME) {
              field = p.currentName();
              continue;
            }
            switch (field) {
              case "query" -> {
                if (t != JsonToken.START_OBJECT) {
                  throw unknownKey(p, t, field);
                }
                query = QueryDecoder.parse(p);
              }
              case "max_docs", "size" -> maxDocs = p.getValueAsLong();
              case "conflicts" -> conflicts = p.getText();
              case "script" -> {
                if (kind != ByQueryRequest.Kind.UPDATE) {
                  throw unknownKey(p, t, field);
                }
                script = ScriptDecoder.decode(p);
              }
              default -> throw unknownKey(p, t, field);
            }
          }
        }
      } catch (StreamReadException e) {
        throw Json.parseError(e);
      }
    }
    if (url.q() != null) {
      query = url.q();
    }
    if (url.conflicts() != null) {
      conflicts = url.conflicts();
    }
    if (!conflicts.equals("abort") && !conflicts.equals("proceed")) {
      throw DuetException.illegalArgument(
          "conflicts may only be \"proceed\" or \"abort\" but was [" + conflicts + "]");
    }
    if (url.maxDocs() != null) {
      maxDocs = url.maxDocs().longValue();
    }
    if (maxDocs != null && maxDocs < 0) {
      throw DuetException.illegalArgument(
          "[max_docs] parameter cannot be negative, found [" + maxDocs + "]");
    }
    if (query == null) {
      if (kind == ByQueryRequest.Kind.DELETE) {
        throw Validation.failed(List.of("query is missing"));
      }
      query = new Query.MatchAll(1f);
    }
    int batchSize = url.scrollSize() == null ? ByQueryRequest.DEFAULT_BATCH_SIZE : url.scrollSize();
    if (batchSize <= 0) {
      throw Validation.failed(List.of("[size] cannot be [" + batchSize + "] in a scroll context"));
    }
    return new ByQueryRequest(
            kind,
            indices,
            query,
            conflicts.equals("abort"),
            maxDocs == null ? -1 : maxDocs,
            batchSize,
            refresh)
        .withScript(script);
  }

  public static void encode(
      ByQueryRequest.Kind kind, ByQueryResponse r, ByQueryTask.Status status, JsonGenerator g)
      throws IOException {
    encode(kind, r, status, false, g);
  }

  /**
   * @param stored the form a finished task keeps ({@code GET _tasks/<id>}'s {@code response}):
   *     every counter, and the throttle times also in words, as OpenSearch stores it
   */
  public static void encode(
      ByQueryRequest.Kind kind,
      ByQueryResponse r,
      ByQueryTask.Status status,
      boolean stored,
      JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    g.writeNumberField("took", r.tookMillis());
    g.writeBooleanField("timed_out", false);
    g.writeNumberField("total", r.total());
    if (stored || kind == ByQueryRequest.Kind.UPDATE) {
      g.writeNumberField("updated", r.updated());
    }
    if (stored) {
      g.writeNumberField("created", 0);
    }
    g.writeNumberField("deleted", r.deleted());
    g.writeNumberField("batches", r.batches());
    g.writeNumberField("version_conflicts", r.versionConflicts());
    g.writeNumberField("noops", r.noops());
    encodeTail(r.failures(), status, stored, g);
    g.writeEndObject();
  }

  /**
   * The {@code status} of a running by-query or reindex task, as {@code GET _tasks} lists it
   * (OpenSearch's {@code BulkByScrollTask.Status}).
   */
  public static void encodeStatus(ByQueryTask.Status s, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeNumberField("total", s.total());
    g.writeNumberField("updated", s.updated());
    g.writeNumberField("created", s.created());
    g.writeNumberField("deleted", s.deleted());
    g.writeNumberField("batches", s.batches());
    g.writeNumberField("version_conflicts", s.versionConflicts());
    g.writeNumberField("noops", s.noops());
    g.writeObjectFieldStart("retries");
    g.writeNumberField("bulk", 0);
    g.writeNumberField("search", 0);
    g.writeEndObject();
    g.writeNumberField("throttled_millis", s.throttledMillis());
    g.writeNumberField("requests_per_second", s.requestsPerSecond());
    if (s.cancelled()) {
      g.writeStringField("canceled", "by user request");
    }
    g.writeNumberField("throttled_until_millis", s.throttledUntilMillis());
    g.writeEndObject();
  }

  /** {@code requests_per_second} as OpenSearch reads it: absent or -1 unthrottled, else > 0. */
  public static float requestsPerSecond(String value) {
    if (value == null || value.equals("-1")) {
      return ByQueryTask.UNTHROTTLED;
    }
    float rps;
    try {
      rps = Float.parseFloat(value);
    } catch (NumberFormatException e) {
      rps = 0;
    }
    return ByQueryTask.check(rps);
  }

  /**
   * What every by-query and reindex answer ends with: retries (Duet does not retry), throttling as
   * the run's task saw it, cancellation, and the failures.
   */
  static void encodeTail(
      List<ByQueryResponse.Failure> failures,
      ByQueryTask.Status status,
      boolean stored,
      JsonGenerator g)
      throws IOException {
    g.writeObjectFieldStart("retries");
    g.writeNumberField("bulk", 0);
    g.writeNumberField("search", 0);
    g.writeEndObject();
    if (stored) {
      g.writeStringField("throttled", timeValue(status.throttledMillis()));
    }
    g.writeNumberField("throttled_millis", status.throttledMillis());
    g.writeNumberField("requests_per_second", status.requestsPerSecond());
    if (status.cancelled()) {
      g.writeStringField("canceled", "by user request");
    }
    if (stored) {
      g.writeStringField("throttled_until", "0s");
    }
    g.writeNumberField("throttled_until_millis", 0);
    g.writeArrayFieldStart("failures");
    for (ByQueryResponse.Failure f : failures) {
      g.writeStartObject();
      g.writeStringField("index", f.index());
      g.writeStringField("id", f.id());
      g.writeFieldName("cause");
      ErrorEncoder.encodeObject(f.cause(), true, g);
      g.writeNumberField("status", f.cause().status());
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /** Milliseconds as OpenSearch's {@code TimeValue} prints them: {@code 0s}, {@code 1.9s}. */
  static String timeValue(long millis) {
    if (millis == 0) {
      return "0s";
    }
    String[] suffixes = {"d", "h", "m", "s", "ms"};
    long[] scale = {86_400_000L, 3_600_000L, 60_000L, 1_000L, 1L};
    for (int i = 0; i < suffixes.length; i++) {
      if (millis >= scale[i] || i == suffixes.length - 1) {
        double value = Math.floor(millis * 10.0 / scale[i]) / 10.0;
        String s = String.format(java.util.Locale.ROOT, "%.1f", value);
        if (s.endsWith(".0")) {
          s = s.substring(0, s.length() - 2);
        }
        return s + suffixes[i];
      }
    }
    throw new AssertionError();
  }

  /** OpenSearch's status for a run with failures: the highest failure status, else 200. */
  public static int status(List<ByQueryResponse.Failure> failures) {
    int status = 200;
    for (ByQueryResponse.Failure f : failures) {
      status = Math.max(status, f.cause().status());
    }
    return status;
  }

  private static DuetException unknownKey(JsonParser p, JsonToken t, String field) {
    return QueryErrors.error(p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
  }
}
