/**
 * Results and how they are written: {@link dev.duet.bench.report.BenchReport} (the whole run),
 * {@link dev.duet.bench.report.MarkdownReport} and {@link dev.duet.bench.report.JsonReport}.
 */
package dev.duet.bench.report;
