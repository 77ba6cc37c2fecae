package dev.duet.engine.internal.ingest.processor;

import dev.duet.engine.internal.ingest.Processor;
import dev.duet.engine.internal.ingest.ProcessorConfig;
import dev.duet.engine.internal.ingest.Processors;

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
