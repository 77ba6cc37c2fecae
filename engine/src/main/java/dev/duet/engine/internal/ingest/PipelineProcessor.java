package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.List;

/** {@code pipeline}: runs another stored pipeline on the document; a cycle fails. */
public final class PipelineProcessor extends BaseProcessor {
  private static final ThreadLocal<List<String>> RUNNING = ThreadLocal.withInitial(ArrayList::new);

  private final ValueTemplate name;
  private final Processors registry;

  private PipelineProcessor(ProcessorConfig config, Processors registry) {
    super(config);
    this.name = ValueTemplate.of(config.string("name"));
    config.bool("ignore_missing_pipeline", false);
    this.registry = registry;
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new PipelineProcessor(config, registry);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) throws Exception {
    String id = name.render(doc);
    Pipeline pipeline = registry.pipeline(id);
    if (pipeline == null) {
      throw new IllegalStateException(
          "Pipeline processor configured for non-existent pipeline [" + id + "]");
    }
    List<String> running = RUNNING.get();
    Object outer = doc.ingestMetadata().get("pipeline");
    if (running.contains(id) || id.equals(outer)) {
      throw new IllegalStateException("Cycle detected for pipeline: " + id);
    }
    running.add(id);
    try {
      IngestDocument out = pipeline.execute(doc, null);
      if (out != null && outer != null) {
        out.ingestMetadata().put("pipeline", outer);
      }
      return out;
    } finally {
      running.remove(running.size() - 1);
    }
  }
}
