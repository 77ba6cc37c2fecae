package dev.duet.engine.internal.ingest;

import java.util.List;

/**
 * A processor with the options every processor takes: {@code if}, {@code ignore_failure} and {@code
 * on_failure}. A failure with {@code on_failure} records OpenSearch's {@code _ingest.on_failure_*}
 * metadata and runs those processors instead of failing the document.
 */
public record ConfiguredProcessor(
    Processor processor,
    Condition condition,
    boolean ignoreFailure,
    List<ConfiguredProcessor> onFailure) {

  public String type() {
    return processor.type();
  }

  public String tag() {
    return processor.tag();
  }

  /** Runs the processor on {@code doc}; null when it dropped the document. */
  public IngestDocument execute(IngestDocument doc, String pipelineId, ExecutionTrace trace)
      throws Exception {
    if (condition != null && !condition.test(doc)) {
      if (trace != null) {
        trace.skipped(this);
      }
      return doc;
    }
    try {
      IngestDocument out = processor.execute(doc);
      if (trace != null) {
        trace.done(this, out);
      }
      return out;
    } catch (Exception e) {
      if (ignoreFailure) {
        if (trace != null) {
          trace.ignored(this, doc, e);
        }
        return doc;
      }
      if (trace != null) {
        trace.failed(this, e);
      }
      if (onFailure.isEmpty()) {
        throw e;
      }
      return runOnFailure(onFailure, doc, e, type(), tag(), pipelineId, trace);
    }
  }

  /** Runs {@code handlers} after {@code cause}, with the failure's metadata set meanwhile. */
  static IngestDocument runOnFailure(
      List<ConfiguredProcessor> handlers,
      IngestDocument doc,
      Exception cause,
      String type,
      String tag,
      String pipelineId,
      ExecutionTrace trace)
      throws Exception {
    var meta = doc.ingestMetadata();
    Object[] saved = {
      meta.get("on_failure_message"),
      meta.get("on_failure_processor_type"),
      meta.get("on_failure_processor_tag"),
      meta.get("on_failure_pipeline")
    };
    meta.put("on_failure_message", IngestFailures.of(cause).reason());
    meta.put("on_failure_processor_type", type);
    meta.put("on_failure_processor_tag", tag);
    meta.put("on_failure_pipeline", pipelineId);
    IngestDocument current = doc;
    for (ConfiguredProcessor handler : handlers) {
      current = handler.execute(current, pipelineId, trace);
      if (current == null) {
        return null;
      }
    }
    String[] keys = {
      "on_failure_message",
      "on_failure_processor_type",
      "on_failure_processor_tag",
      "on_failure_pipeline"
    };
    for (int i = 0; i < keys.length; i++) {
      if (saved[i] == null) {
        meta.remove(keys[i]);
      } else {
        meta.put(keys[i], saved[i]);
      }
    }
    return current;
  }
}
