package dev.duet.engine.internal.ingest;

/** A processor's type and tag, which every processor reports. */
abstract class BaseProcessor implements Processor {
  private final String type;
  private final String tag;

  BaseProcessor(ProcessorConfig config) {
    this.type = config.type();
    this.tag = config.tag();
  }

  @Override
  public final String type() {
    return type;
  }

  @Override
  public final String tag() {
    return tag;
  }
}
