package dev.duet.engine.internal.ingest;

/** {@code drop}: the document is not indexed (its bulk item answers {@code noop}). */
public final class DropProcessor extends BaseProcessor {
  private DropProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new DropProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    return null;
  }
}
