/**
 * What the bench sends: deterministic documents and query texts. Start with {@link
 * dev.duet.bench.workload.DocGenerator}.
 */
package dev.duet.bench.workload;
