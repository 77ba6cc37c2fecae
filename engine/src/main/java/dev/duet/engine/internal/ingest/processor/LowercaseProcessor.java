package dev.duet.engine.internal.ingest.processor;

import dev.duet.engine.internal.ingest.Processor;
import dev.duet.engine.internal.ingest.ProcessorConfig;
import dev.duet.engine.internal.ingest.Processors;

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
