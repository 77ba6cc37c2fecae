package dev.duet.engine.internal.ingest;

/** {@code trim}: OpenSearch's trim processor. */
public final class TrimProcessor extends StringFieldProcessor {
  private TrimProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new TrimProcessor(config);
  }

  @Override
  Object process(String value) {
    return value.trim();
  }
}
