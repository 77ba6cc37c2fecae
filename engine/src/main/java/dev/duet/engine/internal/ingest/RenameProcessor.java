package dev.duet.engine.internal.ingest;

/** {@code rename}: moves a field to {@code target_field}, which must not exist. */
public final class RenameProcessor extends BaseProcessor {
  private final ValueTemplate field;
  private final ValueTemplate target;
  private final boolean ignoreMissing;
  private final boolean overrideTarget;

  private RenameProcessor(ProcessorConfig config) {
    super(config);
    this.field = ValueTemplate.of(config.string("field"));
    this.target = ValueTemplate.of(config.string("target_field"));
    this.ignoreMissing = config.bool("ignore_missing", false);
    this.overrideTarget = config.bool("override_target", false);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new RenameProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String from = field.render(doc);
    String to = target.render(doc);
    if (!doc.has(from)) {
      if (ignoreMissing) {
        return doc;
      }
      throw new IllegalArgumentException("field [" + from + "] doesn't exist");
    }
    if (doc.has(to) && !overrideTarget) {
      throw new IllegalArgumentException("field [" + to + "] already exists");
    }
    Object value = doc.get(from);
    doc.remove(from);
    try {
      doc.set(to, value);
    } catch (RuntimeException e) {
      doc.set(from, value); // as OpenSearch: the rename is undone when the target cannot be set
      throw e;
    }
    return doc;
  }
}
