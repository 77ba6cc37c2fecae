package dev.duet.engine.internal.ingest;

/** {@code lowercase}: OpenSearch's lowercase processor. */
public final class LowercaseProcessor extends StringFieldProcessor {
  private LowercaseProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new LowercaseProcessor(config);
  }

  @Override
  Object process(String value) {
    return value.toLowerCase(java.util.Locale.ROOT);
  }
}
