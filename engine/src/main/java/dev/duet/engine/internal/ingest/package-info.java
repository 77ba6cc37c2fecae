/**
 * Ingest pipelines: stored, validated and run on the documents a write names them for, and search
 * pipelines' configurations. Starting points: {@code NodePipelines} (the engine's {@code
 * Pipelines}, and {@code run} for a bulk item), {@code Processors} (the registry: one class per
 * processor type, each built from its {@code ProcessorConfig}), {@code IngestDocument} (a document
 * as a pipeline sees it) and {@code Condition} (the {@code if} conditions Duet evaluates without
 * Painless).
 */
package dev.duet.engine.internal.ingest;
