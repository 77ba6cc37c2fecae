package dev.duet.gateway.observe;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.common.SuppressForbidden;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JSON line per call: who (tenant, principal), what (protocol, method, path, operation,
 * indices), where (upstream), the outcome (status, and the refusal's reason), bytes, duration and
 * the trace id — enough to find a call in the upstream's logs.
 *
 * <p>The lines go to standard output (the default), standard error or a file (appended), bare — one
 * JSON document a line, nothing before it — so that a log shipper reads them as they are. They are
 * built and written by the access log's own thread, a batch at a time with one write each (see
 * {@link LineWriter}): a call's line costs the event loop that served it one queue offer. A call
 * that took the slow-log threshold or longer is also logged, at WARN, to the {@code
 * dev.duet.gateway.slow} logger.
 */
public final class AccessLog implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(AccessLog.class);
  private static final Logger slow = LoggerFactory.getLogger("dev.duet.gateway.slow");
  private static final JsonFactory JSON = new JsonFactory();

  private final OutputStream out; // null: lines are not written (access_log: off)
  private final boolean ownsOut; // a file, closed with the log; not standard output or error
  private final JsonGenerator lines;
  private final LineWriter<Entry> writer;
  private final AtomicLong failed = new AtomicLong();

  private AccessLog(OutputStream out, boolean ownsOut) throws IOException {
    this.out = out;
    this.ownsOut = ownsOut;
    if (out == null) {
      this.lines = null;
    } else {
      this.lines = JSON.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      this.lines.setRootValueSeparator(null);
    }
    // 20 ms late is soon enough for a log line.
    this.writer = new LineWriter<>("gateway-access-log", 1 << 16, 20_000_000L, this::writeBatch);
  }

  /**
   * The access log for the config's {@code access_log}: {@code stdout}, {@code stderr}, {@code off}
   * or a file's path (created if missing, appended to).
   */
  @SuppressForbidden(reason = "standard output or error is where the access log is asked to go")
  public static AccessLog open(String to) {
    try {
      return switch (to) {
        case "off" -> new AccessLog(null, false);
        case "stdout" -> new AccessLog(System.out, false);
        case "stderr" -> new AccessLog(System.err, false);
        default ->
            new AccessLog(
                Files.newOutputStream(
                    Path.of(to), StandardOpenOption.CREATE, StandardOpenOption.APPEND),
                true);
      };
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "access_log: cannot open [" + to + "] for writing: " + e.getMessage(), e);
    }
  }

  /** Queues the call's line, and its slow-log line when it took {@code slowThreshold} or longer. */
  public void write(CallRecord call, String status, Duration slowThreshold) {
    boolean isSlow =
        slowThreshold != null
            && call.durationNanos() >= slowThreshold.toNanos()
            && slow.isWarnEnabled();
    if (out == null && !isSlow) {
      return;
    }
    writer.offer(new Entry(call, status, isSlow));
  }

  /** Writes what is queued, then closes the file (not standard output or error). */
  @Override
  public void close() {
    writer.close();
    if (lines != null) {
      try {
        lines.close();
        if (ownsOut) {
          out.close();
        }
      } catch (IOException e) {
        log.warn("the access log did not close cleanly", e);
      }
    }
  }

  /** One batch of lines, in one write. */
  private void writeBatch(List<Entry> batch) {
    for (Entry e : batch) {
      if (e.slow()) {
        slow.warn(line(e.call(), e.status()));
      }
    }
    if (lines == null) {
      return;
    }
    try {
      for (Entry e : batch) {
        fields(lines, e.call(), e.status());
        lines.writeRaw('\n');
      }
      lines.flush();
    } catch (IOException | RuntimeException e) {
      // A full disk or a closed pipe must not stop the gateway: say so once, and go on.
      if (failed.getAndAdd(batch.size()) == 0) {
        log.warn("the access log cannot be written; lines are lost until it can", e);
      }
    }
  }

  /** A call's line as a string (the slow log's message). */
  static String line(CallRecord call, String status) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      fields(g, call, status);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void fields(JsonGenerator g, CallRecord call, String status) throws IOException {
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
  }

  private record Entry(CallRecord call, String status, boolean slow) {}
}
