package dev.duet.engine.internal.ingest;

/** {@code urldecode}: OpenSearch's urldecode processor. */
public final class UrlDecodeProcessor extends StringFieldProcessor {
  private UrlDecodeProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new UrlDecodeProcessor(config);
  }

  @Override
  Object process(String value) {
    return java.net.URLDecoder.decode(value, java.nio.charset.StandardCharsets.UTF_8);
  }
}
