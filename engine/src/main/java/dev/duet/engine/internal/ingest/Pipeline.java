package dev.duet.engine.internal.ingest;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * A stored ingest pipeline: its processors in order, its own {@code on_failure} processors, and the
 * counters {@code _nodes/stats} reports for it.
 */
public final class Pipeline {
  private final String id;
  private final String description;
  private final Integer version;
  private final List<ConfiguredProcessor> processors;
  private final List<ConfiguredProcessor> onFailure;
  final LongAdder count = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder nanos = new LongAdder();
  final LongAdder inFlight = new LongAdder();

  public Pipeline(
      String id,
      String description,
      Integer version,
      List<ConfiguredProcessor> processors,
      List<ConfiguredProcessor> onFailure) {
    this.id = id;
    this.description = description;
    this.version = version;
    this.processors = List.copyOf(processors);
    this.onFailure = List.copyOf(onFailure);
  }

  public String id() {
    return id;
  }

  public String description() {
    return description;
  }

  public Integer version() {
    return version;
  }

  public List<ConfiguredProcessor> processors() {
    return processors;
  }

  /** Runs the pipeline over {@code doc}; null when a processor dropped it. */
  public IngestDocument execute(IngestDocument doc, ExecutionTrace trace) throws Exception {
    long start = System.nanoTime();
    count.increment();
    inFlight.increment();
    try {
      doc.ingestMetadata().put("pipeline", id);
      IngestDocument current = doc;
      for (ConfiguredProcessor p : processors) {
        try {
          current = p.execute(current, id, trace);
        } catch (Exception e) {
          if (onFailure.isEmpty()) {
            throw e;
          }
          return ConfiguredProcessor.runOnFailure(
              onFailure, current, e, p.type(), p.tag(), id, trace);
        }
        if (current == null) {
          return null;
        }
      }
      return current;
    } catch (Exception e) {
      failed.increment();
      throw e;
    } finally {
      inFlight.decrement();
      nanos.add(System.nanoTime() - start);
    }
  }
}
