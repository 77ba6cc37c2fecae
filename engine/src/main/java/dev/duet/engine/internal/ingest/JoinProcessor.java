package dev.duet.engine.internal.ingest;

import java.util.List;
import java.util.stream.Collectors;

/** {@code join}: a list's elements joined by {@code separator} into one string. */
public final class JoinProcessor extends BaseProcessor {
  private final String field;
  private final String separator;
  private final String target;

  private JoinProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    this.separator = config.string("separator");
    this.target = config.string("target_field", field);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new JoinProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    List<?> list = doc.get(field, List.class, false);
    if (list == null) {
      throw new IllegalArgumentException("field [" + field + "] is null, cannot join.");
    }
    doc.set(target, list.stream().map(String::valueOf).collect(Collectors.joining(separator)));
    return doc;
  }
}
