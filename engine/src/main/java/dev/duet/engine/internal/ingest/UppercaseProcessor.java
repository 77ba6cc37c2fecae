package dev.duet.engine.internal.ingest;

/** {@code uppercase}: OpenSearch's uppercase processor. */
public final class UppercaseProcessor extends StringFieldProcessor {
  private UppercaseProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new UppercaseProcessor(config);
  }

  @Override
  Object process(String value) {
    return value.toUpperCase(java.util.Locale.ROOT);
  }
}
