/**
 * {@code duet bench}: a REST-vs-gRPC load generator for Duet and OpenSearch 3.8. Start with {@link
 * dev.duet.bench.BenchCli}; the scenarios are in {@code run}, the per-protocol clients in {@code
 * client}, the probes in {@code measure}, the output in {@code report}.
 */
package dev.duet.bench;
