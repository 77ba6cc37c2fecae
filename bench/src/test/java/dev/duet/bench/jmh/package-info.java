/**
 * JMH benchmarks of in-process Lucene baselines: what a request costs Lucene alone, the floor that
 * Duet's figures over REST and gRPC are held against. Run by hand (docs/benchmarks.md), never by
 * the build's tests. Starting point: {@link dev.duet.bench.jmh.TermsMinMaxBaseline}.
 */
package dev.duet.bench.jmh;
