/**
 * Ingest and search pipelines, as OpenSearch's {@code _ingest} and {@code _search/pipeline} APIs
 * ask for them. Starting point: {@link dev.duet.engine.ingest.Pipelines} (every operation, on
 * configurations and answers as neutral maps, the JSON OpenSearch reads and writes).
 */
package dev.duet.engine.ingest;
