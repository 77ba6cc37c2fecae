package dev.duet.engine.internal.ingest.processor;

import dev.duet.engine.internal.ingest.Processor;
import dev.duet.engine.internal.ingest.ProcessorConfig;
import dev.duet.engine.internal.ingest.Processors;

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
