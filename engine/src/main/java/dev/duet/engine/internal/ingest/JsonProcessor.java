package dev.duet.engine.internal.ingest;

import dev.duet.engine.internal.source.JsonMaps;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** {@code json}: a string field parsed as JSON into {@code target_field} or the document's root. */
public final class JsonProcessor extends BaseProcessor {
  private final String field;
  private final String target;
  private final boolean addToRoot;

  private JsonProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    String targetField = config.optionalString("target_field");
    this.addToRoot = config.bool("add_to_root", false);
    if (addToRoot && targetField != null) {
      throw config.error(
          "target_field", "Cannot set a target field while also setting `add_to_root` to true");
    }
    this.target = targetField == null ? field : targetField;
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new JsonProcessor(config);
  }

  @Override
  @SuppressWarnings("unchecked")
  public IngestDocument execute(IngestDocument doc) {
    Object value = doc.get(field);
    Object parsed;
    try {
      parsed = JsonMaps.read(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "com.fasterxml.jackson.core.JsonParseException: " + e.getMessage(), e);
    }
    if (addToRoot) {
      if (!(parsed instanceof Map<?, ?> map)) {
        throw new IllegalArgumentException("cannot add non-map fields to root of document");
      }
      doc.sourceAndMetadata().putAll((Map<String, Object>) map);
    } else {
      doc.set(target, parsed);
    }
    return doc;
  }
}
