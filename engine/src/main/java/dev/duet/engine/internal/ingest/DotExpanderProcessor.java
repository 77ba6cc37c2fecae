package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code dot_expander}: a field whose name has dots ({@code a.b}) turned into nested objects. */
public final class DotExpanderProcessor extends BaseProcessor {
  private final String field;
  private final String path;

  private DotExpanderProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    if (!field.equals("*")) {
      if (!field.contains(".")) {
        throw config.error("field", "field does not contain a dot");
      }
      if (field.startsWith(".") || field.endsWith(".") || field.contains("..")) {
        throw config.error("field", "Field [" + field + "] is invalid");
      }
    }
    this.path = config.optionalString("path");
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new DotExpanderProcessor(config);
  }

  @Override
  @SuppressWarnings("unchecked")
  public IngestDocument execute(IngestDocument doc) {
    Map<String, Object> map =
        path == null ? doc.sourceAndMetadata() : doc.get(path, Map.class, false);
    List<String> keys = new ArrayList<>();
    if (field.equals("*")) {
      for (String k : map.keySet()) {
        if (k.contains(".")) {
          keys.add(k);
        }
      }
    } else {
      keys.add(field);
    }
    for (String key : keys) {
      if (!map.containsKey(key)) {
        continue;
      }
      Object value = map.remove(key);
      String full = path == null ? key : path + "." + key;
      if (doc.has(full)) {
        doc.append(full, value, true);
      } else {
        doc.set(full, value);
      }
    }
    return doc;
  }
}
