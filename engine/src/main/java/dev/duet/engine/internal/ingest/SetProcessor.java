package dev.duet.engine.internal.ingest;

/** {@code set}: a field to a value (templates rendered) or to a copy of another field. */
public final class SetProcessor extends BaseProcessor {
  private final ValueTemplate field;
  private final Object value;
  private final String copyFrom;
  private final boolean override;
  private final boolean ignoreEmptyValue;

  private SetProcessor(ProcessorConfig config) {
    super(config);
    this.field = ValueTemplate.of(config.string("field"));
    this.copyFrom = config.optionalString("copy_from");
    if (copyFrom != null && config.has("value")) {
      throw config.error(
          "copy_from", "cannot set both `copy_from` and `value` in the same processor");
    }
    this.value = copyFrom == null ? config.object("value") : null;
    if (copyFrom == null && value == null) {
      throw config.missing("value");
    }
    this.override = config.bool("override", true);
    this.ignoreEmptyValue = config.bool("ignore_empty_value", false);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new SetProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String path = field.render(doc);
    if (!override && doc.has(path) && doc.get(path) != null) {
      return doc;
    }
    Object newValue =
        copyFrom != null
            ? IngestDocument.deepCopy(doc.get(copyFrom))
            : ValueTemplate.renderDeep(value, doc);
    if (ignoreEmptyValue && (newValue == null || "".equals(newValue))) {
      return doc;
    }
    doc.set(path, newValue);
    return doc;
  }
}
