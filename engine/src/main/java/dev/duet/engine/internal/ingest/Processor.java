package dev.duet.engine.internal.ingest;

/**
 * One step of a pipeline. {@link #execute} changes the document in place and returns it, or returns
 * null to drop it; a failure is an exception whose message is OpenSearch's.
 */
public interface Processor {

  /** The processor's type, as a configuration names it ({@code set}, {@code grok}, ...). */
  String type();

  /** The configuration's {@code tag}, or null. */
  String tag();

  IngestDocument execute(IngestDocument document) throws Exception;

  /**
   * Builds a processor from its configuration; {@code registry} for processors that nest others.
   */
  @FunctionalInterface
  interface Factory {
    Processor create(ProcessorConfig config, Processors registry);
  }
}
