package dev.duet.gateway.observe;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JSON line per call on the {@code dev.duet.gateway.access} logger: who (tenant, principal),
 * what (protocol, method, path, operation, indices), where (upstream), the outcome (status, and the
 * refusal's reason), bytes, duration and the trace id — enough to find a call in the upstream's
 * logs.
 */
public final class AccessLog {
  private static final Logger log = LoggerFactory.getLogger("dev.duet.gateway.access");
  private static final Logger slow = LoggerFactory.getLogger("dev.duet.gateway.slow");
  private static final JsonFactory JSON = new JsonFactory();

  // Written off the event loops (see LineWriter); 20 ms late is soon enough for a log line.
  private static final LineWriter<Entry> WRITER =
      new LineWriter<>("gateway-access-log", 1 << 16, 20_000_000L, AccessLog::emit);

  private AccessLog() {}

  /**
   * Queues the call's line; a call that took {@code slowThreshold} or longer (when not {@code
   * null}) is also written, at WARN, to the {@code dev.duet.gateway.slow} logger. Lines are built
   * and written by the access log's own thread.
   */
  public static void write(CallRecord call, String status, Duration slowThreshold) {
    boolean isSlow = slowThreshold != null && call.durationNanos() >= slowThreshold.toNanos();
    if (!log.isInfoEnabled() && !(isSlow && slow.isWarnEnabled())) {
      return;
    }
    WRITER.offer(new Entry(call, status, isSlow));
  }

  /** Lines not written because the queue was full (the log could not keep up with the calls). */
  public static long dropped() {
    return WRITER.dropped();
  }

  private static void emit(Entry e) {
    String line = line(e.call(), e.status());
    log.info(line);
    if (e.slow()) {
      slow.warn(line);
    }
  }

  static String line(CallRecord call, String status) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeStringField("time", Instant.ofEpochMilli(call.startMillis()).toString());
      g.writeStringField("protocol", call.protocol());
      g.writeStringField("method", call.method());
      g.writeStringField("path", call.path());
      g.writeStringField("tenant", call.tenant());
      if (call.identity() != null) {
        g.writeStringField("principal", call.identity().principal());
      }
      if (call.operation() != null) {
        g.writeStringField("operation", call.operation().name());
        g.writeArrayFieldStart("indices");
        for (String index : call.operation().indices()) {
          g.writeString(index);
        }
        g.writeEndArray();
      }
      if (call.upstream() != null) {
        g.writeStringField("upstream", call.upstream());
      }
      g.writeStringField("status", status);
      if (call.refusal() != null) {
        g.writeStringField("refused", call.refusal().reason());
      }
      g.writeNumberField("bytes_in", call.requestBytes());
      g.writeNumberField("bytes_out", call.responseBytes());
      g.writeNumberField("duration_ms", call.durationNanos() / 1_000_000.0);
      g.writeStringField("trace_id", call.trace().traceId());
      g.writeStringField("span_id", call.trace().spanId());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private record Entry(CallRecord call, String status, boolean slow) {}
}
