package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.LibraryException;
import dev.duet.engine.script.ScriptFailure;
import dev.duet.server.action.SearchPhaseFailure;
import java.io.IOException;
import java.util.Map;
import java.util.Set;

/**
 * Writes a {@link DuetException} as OpenSearch's error JSON: the full {@code
 * {"error":{"root_cause":[..],"type","reason",<metadata>,"caused_by"},"status":N}} document, or one
 * error object as bulk items embed it.
 */
public final class ErrorEncoder {
  /**
   * Error types that are plain Java exceptions in OpenSearch: its root-cause search stops above
   * them, so they appear only as {@code caused_by}.
   */
  private static final Set<String> JAVA_EXCEPTION_TYPES =
      Set.of(
          "illegal_argument_exception",
          "rejected_execution_exception",
          "illegal_state_exception",
          "number_format_exception",
          "json_parse_exception",
          "json_e_o_f_exception",
          "stream_read_exception",
          "unexpected_end_of_input_exception",
          "named_object_not_found_exception",
          "x_content_parse_exception",
          "date_time_parse_exception",
          "arithmetic_exception",
          "unsupported_operation_exception",
          "validation_exception");

  /** Metadata OpenSearch renders as numbers (parse locations). */
  private static final Set<String> NUMERIC_METADATA = Set.of("line", "col", "max_buckets");

  /**
   * A search that failed while its shard results were reduced (too many buckets): no shard failed,
   * so OpenSearch lists no root cause and no failed shard.
   */
  private static final String REDUCE_FAILURE = "search_phase_execution_exception";

  private ErrorEncoder() {}

  public static void encodeDocument(DuetException e, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeFieldName("error");
    g.writeStartObject();
    g.writeArrayFieldStart("root_cause");
    if (!isReduceFailure(e)) {
      encodeObject(rootCause(e), false, g);
    }
    g.writeEndArray();
    writeFields(e, true, g);
    g.writeEndObject();
    g.writeNumberField("status", e.status());
    g.writeEndObject();
  }

  /** An error object with its {@code root_cause} list, as {@code _mget} items carry it. */
  public static void encodeWithRootCause(DuetException e, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("root_cause");
    encodeObject(rootCause(e), false, g);
    g.writeEndArray();
    writeFields(e, true, g);
    g.writeEndObject();
  }

  /** One error object: type, reason, metadata and, when asked, the {@code caused_by} chain. */
  public static void encodeObject(DuetException e, boolean withCauses, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    writeFields(e, withCauses, g);
    g.writeEndObject();
  }

  private static void writeFields(DuetException e, boolean withCauses, JsonGenerator g)
      throws IOException {
    if (e instanceof SearchPhaseFailure failure) {
      writeSearchPhaseFailure(failure, g);
      return;
    }
    g.writeStringField("type", e.type());
    g.writeStringField("reason", e.reason());
    for (Map.Entry<String, String> m : e.metadata().entrySet()) {
      if (NUMERIC_METADATA.contains(m.getKey()) && isInteger(m.getValue())) {
        g.writeFieldName(m.getKey());
        g.writeNumber(m.getValue());
      } else if (m.getKey().equals("grouped") && isReduceFailure(e)) {
        g.writeBooleanField("grouped", Boolean.parseBoolean(m.getValue()));
      } else {
        g.writeStringField(m.getKey(), m.getValue());
      }
    }
    if (e instanceof ScriptFailure script) {
      writeScriptFailure(script, g);
    }
    if (isReduceFailure(e)) {
      g.writeArrayFieldStart("failed_shards");
      g.writeEndArray();
    }
    DuetException cause = e.causedBy();
    if (withCauses && cause != null) {
      g.writeFieldName("caused_by");
      encodeObject(cause, true, g);
    }
  }

  /** A {@code script_exception}'s keys: the lines around the failure, the script, where. */
  private static void writeScriptFailure(ScriptFailure e, JsonGenerator g) throws IOException {
    g.writeArrayFieldStart("script_stack");
    for (String line : e.scriptStack()) {
      g.writeString(line);
    }
    g.writeEndArray();
    g.writeStringField("script", e.script());
    g.writeStringField("lang", e.lang());
    int[] position = e.position();
    if (position != null) {
      g.writeObjectFieldStart("position");
      g.writeNumberField("offset", position[0]);
      g.writeNumberField("start", position[1]);
      g.writeNumberField("end", position[2]);
      g.writeEndObject();
    }
  }

  /**
   * OpenSearch's shape for a search whose shard failed: {@code phase}, {@code grouped}, the {@code
   * failed_shards} list and the shard's failure as {@code caused_by}. A shard failure that is a
   * plain Java exception in OpenSearch arrives wrapped once more, so it nests in itself.
   */
  private static void writeSearchPhaseFailure(SearchPhaseFailure e, JsonGenerator g)
      throws IOException {
    DuetException shard = e.shardFailure();
    g.writeStringField("type", e.type());
    g.writeStringField("reason", e.reason());
    g.writeStringField("phase", e.phase());
    g.writeBooleanField("grouped", true);
    g.writeArrayFieldStart("failed_shards");
    g.writeStartObject();
    g.writeNumberField("shard", e.shard());
    if (e.shard() < 0) {
      g.writeNullField("index"); // a context gone belongs to no shard, and names neither
    } else {
      if (e.index() != null) {
        g.writeStringField("index", e.index());
      }
      g.writeStringField("node", e.nodeId());
    }
    g.writeFieldName("reason");
    encodeObject(shard, true, g);
    g.writeEndObject();
    g.writeEndArray();
    g.writeFieldName("caused_by");
    if (JAVA_EXCEPTION_TYPES.contains(shard.type()) && shard.causedBy() == null) {
      g.writeStartObject();
      writeFields(shard, true, g);
      g.writeFieldName("caused_by");
      encodeObject(shard, true, g);
      g.writeEndObject();
    } else {
      encodeObject(shard, true, g);
    }
  }

  private static boolean isReduceFailure(DuetException e) {
    return e.type().equals(REDUCE_FAILURE) && !(e instanceof SearchPhaseFailure);
  }

  private static DuetException rootCause(DuetException e) {
    // OpenSearch's root causes of a failed search phase are those of its shard failures.
    DuetException current = e instanceof SearchPhaseFailure f ? f.shardFailure() : e;
    // A plain Java exception is its own root cause in OpenSearch, except that a parser's failure
    // (x_content_parse_exception) unwraps to a cause that is another parser's or OpenSearch's own.
    while (current.type().equals("x_content_parse_exception")
        && current.causedBy() != null
        && (current.causedBy().type().equals("x_content_parse_exception")
            || !JAVA_EXCEPTION_TYPES.contains(current.causedBy().type())
                && !(current.causedBy() instanceof LibraryException))) {
      current = current.causedBy();
    }
    if (JAVA_EXCEPTION_TYPES.contains(current.type())) {
      return current;
    }
    while (current.causedBy() != null
        && !JAVA_EXCEPTION_TYPES.contains(current.causedBy().type())
        && !(current.causedBy() instanceof LibraryException)) {
      current = current.causedBy();
    }
    return current;
  }

  private static boolean isInteger(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
