package dev.duet.engine.internal.ingest;

/** {@code append}: values added to a field, which becomes a list. */
public final class AppendProcessor extends BaseProcessor {
  private final ValueTemplate field;
  private final Object value;
  private final boolean allowDuplicates;

  private AppendProcessor(ProcessorConfig config) {
    super(config);
    this.field = ValueTemplate.of(config.string("field"));
    this.value = config.object("value");
    if (value == null) {
      throw config.missing("value");
    }
    this.allowDuplicates = config.bool("allow_duplicates", true);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new AppendProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    doc.append(field.render(doc), ValueTemplate.renderDeep(value, doc), allowDuplicates);
    return doc;
  }
}
