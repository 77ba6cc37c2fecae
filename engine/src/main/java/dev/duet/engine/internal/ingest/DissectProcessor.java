package dev.duet.engine.internal.ingest;

import java.util.Map;
import org.opensearch.dissect.DissectException;
import org.opensearch.dissect.DissectParser;

/**
 * {@code dissect}: a string split by a pattern of delimiters, with OpenSearch's own dissect parser.
 */
public final class DissectProcessor extends BaseProcessor {
  private final String field;
  private final boolean ignoreMissing;
  private final DissectParser parser;

  private DissectProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    String pattern = config.string("pattern");
    String appendSeparator = config.string("append_separator", "");
    this.ignoreMissing = config.bool("ignore_missing", false);
    try {
      this.parser = new DissectParser(pattern, appendSeparator);
    } catch (DissectException e) {
      throw config.error("pattern", e.getMessage());
    }
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new DissectProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String value = doc.get(field, String.class, ignoreMissing);
    if (value == null && ignoreMissing) {
      return doc;
    }
    if (value == null) {
      throw new IllegalArgumentException("field [" + field + "] is null, cannot process it.");
    }
    Map<String, String> parsed;
    try {
      parsed = parser.parse(value);
    } catch (DissectException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    parsed.forEach(doc::set);
    return doc;
  }
}
