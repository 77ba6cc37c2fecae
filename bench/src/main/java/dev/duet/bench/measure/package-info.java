/**
 * What the bench measures besides latency: {@link dev.duet.bench.measure.ProcessCpu} (client and
 * server CPU), {@link dev.duet.bench.measure.WireBytes} (bytes on the wire) and {@link
 * dev.duet.bench.measure.LatencySummary} (percentiles from HdrHistogram).
 */
package dev.duet.bench.measure;
