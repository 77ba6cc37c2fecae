package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code _simulate?verbose} reports: each processor's outcome in turn, with the document as it
 * left the processor.
 */
public final class ExecutionTrace {
  private final List<Map<String, Object>> results = new ArrayList<>();
  private final SimulateRenderer renderer;

  ExecutionTrace(SimulateRenderer renderer) {
    this.renderer = renderer;
  }

  public List<Map<String, Object>> results() {
    return results;
  }

  void skipped(ConfiguredProcessor p) {
    Map<String, Object> r = head(p, "skipped");
    r.put("if", condition(p, false));
    results.add(r);
  }

  void done(ConfiguredProcessor p, IngestDocument out) {
    Map<String, Object> r = head(p, out == null ? "dropped" : "success");
    if (p.condition() != null) {
      r.put("if", condition(p, true));
    }
    if (out != null) {
      r.put("doc", renderer.doc(out.copy()));
    }
    results.add(r);
  }

  void ignored(ConfiguredProcessor p, IngestDocument doc, Exception e) {
    Map<String, Object> r = head(p, "error_ignored");
    r.put("ignored_error", renderer.error(e));
    r.put("doc", renderer.doc(doc.copy()));
    results.add(r);
  }

  void failed(ConfiguredProcessor p, Exception e) {
    Map<String, Object> r = head(p, "error");
    r.put("error", renderer.error(e));
    results.add(r);
  }

  private static Map<String, Object> head(ConfiguredProcessor p, String status) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("processor_type", p.type());
    if (p.tag() != null) {
      r.put("tag", p.tag());
    }
    r.put("status", status);
    return r;
  }

  private static Map<String, Object> condition(ConfiguredProcessor p, boolean result) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("condition", p.condition().source());
    c.put("result", result);
    return c;
  }
}
