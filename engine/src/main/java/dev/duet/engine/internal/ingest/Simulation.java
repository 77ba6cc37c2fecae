package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code _simulate}: a pipeline run over the body's documents, nothing written. */
final class Simulation {
  private final Processors processors;
  private final String timestamp;
  private final SimulateRenderer renderer = new SimulateRenderer();

  Simulation(Processors processors, String timestamp) {
    this.processors = processors;
    this.timestamp = timestamp;
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> run(String id, Pipeline stored, Map<String, Object> body, boolean verbose) {
    Pipeline pipeline;
    if (id != null) {
      if (stored == null) {
        throw DuetException.illegalArgument("pipeline [" + id + "] does not exist");
      }
      pipeline = stored;
    } else {
      Object config = body.get("pipeline");
      if (!(config instanceof Map<?, ?>)) {
        throw ProcessorConfig.parseException(
            "[pipeline] required property is missing", null, null, "pipeline");
      }
      pipeline =
          PipelineParser.parse("_simulate_pipeline", (Map<String, Object>) config, processors);
    }
    Object docsValue = body.get("docs");
    if (docsValue == null) {
      throw ProcessorConfig.parseException(
          "[docs] required property is missing", null, null, "docs");
    }
    if (!(docsValue instanceof List<?> docs)) {
      throw ProcessorConfig.parseException(
          "[docs] property isn't a list, but of type [" + docsValue.getClass().getName() + "]",
          null,
          null,
          "docs");
    }
    if (docs.isEmpty()) {
      throw DuetException.illegalArgument("must specify at least one document in [docs]");
    }
    List<Object> results = new ArrayList<>(docs.size());
    for (Object d : docs) {
      IngestDocument doc = document(d);
      if (verbose) {
        ExecutionTrace trace = new ExecutionTrace(renderer);
        try {
          pipeline.execute(doc, trace);
        } catch (Exception e) {
          // recorded by the trace
        }
        results.add(Map.of("processor_results", trace.results()));
      } else {
        try {
          IngestDocument out = pipeline.execute(doc, null);
          if (out == null) {
            results.add(null);
          } else {
            out.ingestMetadata().remove("pipeline");
            results.add(Map.of("doc", renderer.doc(out)));
          }
        } catch (Exception e) {
          results.add(Map.of("error", renderer.error(e)));
        }
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("docs", results);
    return out;
  }

  @SuppressWarnings("unchecked")
  private IngestDocument document(Object value) {
    if (!(value instanceof Map<?, ?> raw)) {
      throw DuetException.illegalArgument("malformed document in [docs]");
    }
    Map<String, Object> d = (Map<String, Object>) raw;
    Object source = d.get("_source");
    if (!(source instanceof Map<?, ?>)) {
      throw ProcessorConfig.parseException(
          "[_source] required property is missing", null, null, "_source");
    }
    Map<String, Object> meta = new LinkedHashMap<>();
    meta.put("_index", d.getOrDefault("_index", "_index"));
    meta.put("_id", d.getOrDefault("_id", "_id"));
    for (String key :
        List.of("_routing", "_version", "_version_type", "_if_seq_no", "_if_primary_term")) {
      if (d.containsKey(key)) {
        meta.put(key, d.get(key));
      }
    }
    return new IngestDocument(
        IngestDocument.deepCopyMap((Map<String, Object>) source),
        meta,
        IngestDocument.ingestMetadata(timestamp));
  }
}
