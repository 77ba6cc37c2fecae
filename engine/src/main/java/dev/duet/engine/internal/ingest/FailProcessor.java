package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;

/** {@code fail}: fails the document with its (templated) message. */
public final class FailProcessor extends BaseProcessor {
  private final ValueTemplate message;

  private FailProcessor(ProcessorConfig config) {
    super(config);
    this.message = ValueTemplate.of(config.string("message"));
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new FailProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    throw new DuetException(400, "fail_processor_exception", message.render(doc));
  }
}
