package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code foreach}: one processor run on each element of a list (or value of a map) as {@code
 * _ingest._value}.
 */
public final class ForEachProcessor extends BaseProcessor {
  private final String field;
  private final ConfiguredProcessor inner;
  private final boolean ignoreMissing;

  private ForEachProcessor(ProcessorConfig config, Processors registry) {
    super(config);
    this.field = config.string("field");
    this.ignoreMissing = config.bool("ignore_missing", false);
    Map<String, Object> processor = config.map("processor");
    if (processor.size() != 1) {
      throw config.error("processor", "Must specify exactly one processor type");
    }
    Map.Entry<String, Object> e = processor.entrySet().iterator().next();
    this.inner = registry.parse(e.getKey(), e.getValue());
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new ForEachProcessor(config, registry);
  }

  @Override
  @SuppressWarnings("unchecked")
  public IngestDocument execute(IngestDocument doc) throws Exception {
    Object value = doc.get(field, ignoreMissing);
    if (value == null) {
      if (ignoreMissing) {
        return doc;
      }
      throw new IllegalArgumentException(
          "field [" + field + "] is null, cannot loop over its elements.");
    }
    Map<String, Object> meta = doc.ingestMetadata();
    Object previous = meta.get("_value");
    try {
      if (value instanceof List<?> list) {
        List<Object> out = new ArrayList<>(list.size());
        for (Object element : list) {
          meta.put("_value", element);
          if (inner.execute(doc, null, null) == null) {
            return null;
          }
          out.add(meta.get("_value"));
        }
        doc.set(field, out);
      } else if (value instanceof Map<?, ?> map) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          meta.put("_key", entry.getKey());
          meta.put("_value", entry.getValue());
          if (inner.execute(doc, null, null) == null) {
            return null;
          }
          out.put(String.valueOf(meta.get("_key")), meta.get("_value"));
        }
        doc.set(field, out);
      } else {
        throw new IllegalArgumentException(
            "field ["
                + field
                + "] of type ["
                + value.getClass().getName()
                + "] cannot be cast to [java.util.List]");
      }
    } finally {
      meta.remove("_key");
      if (previous == null) {
        meta.remove("_value");
      } else {
        meta.put("_value", previous);
      }
    }
    return doc;
  }
}
