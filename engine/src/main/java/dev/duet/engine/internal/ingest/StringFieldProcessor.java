package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.List;

/**
 * OpenSearch's {@code AbstractStringProcessor}: a string field (or a list of strings) transformed
 * value by value into {@code target_field} (the field itself by default).
 */
abstract class StringFieldProcessor implements Processor {
  private final String type;
  private final String tag;
  private final String field;
  private final String targetField;
  private final boolean ignoreMissing;

  StringFieldProcessor(ProcessorConfig config) {
    this.type = config.type();
    this.tag = config.tag();
    this.field = config.string("field");
    this.ignoreMissing = config.bool("ignore_missing", false);
    this.targetField = config.string("target_field", field);
  }

  abstract Object process(String value);

  @Override
  public String type() {
    return type;
  }

  @Override
  public String tag() {
    return tag;
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    Object value = doc.get(field, ignoreMissing);
    if (value == null && ignoreMissing) {
      return doc;
    }
    if (value == null) {
      throw new IllegalArgumentException("field [" + field + "] is null, cannot process it.");
    }
    Object out;
    if (value instanceof List<?> list) {
      List<Object> values = new ArrayList<>(list.size());
      for (Object v : list) {
        if (!(v instanceof String s)) {
          throw new IllegalArgumentException(
              "value ["
                  + v
                  + "] of type ["
                  + (v == null ? "null" : v.getClass().getName())
                  + "] in list field ["
                  + field
                  + "] cannot be cast to [java.lang.String]");
        }
        values.add(process(s));
      }
      out = values;
    } else if (value instanceof String s) {
      out = process(s);
    } else {
      throw new IllegalArgumentException(
          "field ["
              + field
              + "] of type ["
              + value.getClass().getName()
              + "] cannot be cast to [java.lang.String]");
    }
    doc.set(targetField, out);
    return doc;
  }
}
