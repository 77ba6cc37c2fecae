/**
 * How a scenario is run: {@link dev.duet.bench.run.Scenario} (what is measured), {@link
 * dev.duet.bench.run.ScenarioRunner} (warm-up and interleaved rounds, REST and gRPC alternating)
 * and {@link dev.duet.bench.run.Workload} (indices, documents, queries).
 */
package dev.duet.bench.run;
