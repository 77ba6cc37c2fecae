package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.ScriptFailure;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Documents and errors as {@code _simulate} shows them. */
final class SimulateRenderer {

  Map<String, Object> doc(IngestDocument doc) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String key : IngestDocument.METADATA) {
      Object value = doc.metadata(key);
      if (value != null) {
        out.put(key, value);
      }
    }
    out.put("_source", doc.source());
    out.put("_ingest", new LinkedHashMap<>(doc.ingestMetadata()));
    return out;
  }

  Map<String, Object> error(Exception e) {
    DuetException d = IngestFailures.of(e);
    Map<String, Object> cause = cause(d);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("root_cause", List.of(cause));
    out.putAll(cause);
    if (d instanceof ScriptFailure && d.causedBy() != null) {
      out.put("caused_by", withCauses(d.causedBy()));
    }
    return out;
  }

  private static Map<String, Object> cause(DuetException d) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("type", d.type());
    c.put("reason", d.reason());
    c.putAll(d.metadata());
    if (d instanceof ScriptFailure s) {
      c.put("script_stack", s.scriptStack());
      c.put("script", s.script());
      c.put("lang", s.lang());
      int[] position = s.position();
      if (position != null) {
        Map<String, Object> at = new LinkedHashMap<>();
        at.put("offset", position[0]);
        at.put("start", position[1]);
        at.put("end", position[2]);
        c.put("position", at);
      }
    }
    return c;
  }

  private static Map<String, Object> withCauses(DuetException d) {
    Map<String, Object> c = cause(d);
    if (d.causedBy() != null) {
      c.put("caused_by", withCauses(d.causedBy()));
    }
    return c;
  }
}
