package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.Arrays;

/** {@code split}: a string split by a regex {@code separator} into a list. */
public final class SplitProcessor extends BaseProcessor {
  private final String field;
  private final String separator;
  private final String target;
  private final boolean ignoreMissing;
  private final boolean preserveTrailing;

  private SplitProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    this.separator = config.string("separator");
    this.ignoreMissing = config.bool("ignore_missing", false);
    this.preserveTrailing = config.bool("preserve_trailing", false);
    this.target = config.string("target_field", field);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new SplitProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String value = doc.get(field, String.class, ignoreMissing);
    if (value == null && ignoreMissing) {
      return doc;
    }
    if (value == null) {
      throw new IllegalArgumentException("field [" + field + "] is null, cannot split.");
    }
    String[] parts = value.split(separator, preserveTrailing ? -1 : 0);
    doc.set(target, new ArrayList<Object>(Arrays.asList(parts)));
    return doc;
  }
}
