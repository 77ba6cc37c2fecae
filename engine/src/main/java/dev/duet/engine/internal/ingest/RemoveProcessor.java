package dev.duet.engine.internal.ingest;

import java.util.List;

/** {@code remove}: one field or a list of them. */
public final class RemoveProcessor extends BaseProcessor {
  private final List<ValueTemplate> fields;
  private final boolean ignoreMissing;

  private RemoveProcessor(ProcessorConfig config) {
    super(config);
    List<String> names = config.optionalStrings("field", true);
    if (names == null) {
      throw config.missing("field");
    }
    this.fields = names.stream().map(ValueTemplate::of).toList();
    this.ignoreMissing = config.bool("ignore_missing", false);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new RemoveProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    for (ValueTemplate t : fields) {
      String path = t.render(doc);
      if (ignoreMissing && !doc.has(path)) {
        continue;
      }
      if (IngestDocument.METADATA.subList(0, 2).contains(path)) {
        throw new IllegalArgumentException("cannot remove metadata field [" + path + "]");
      }
      doc.remove(path);
    }
    return doc;
  }
}
