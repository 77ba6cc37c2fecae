package dev.duet.bench.report;

import java.util.List;
import java.util.Map;

/**
 * Everything one {@code duet bench} run produced: what was measured, where, how, and the results.
 *
 * @param target what the node said about itself ({@code GET /}) and how it was reached
 * @param machine cores, OS, JVM of the machine the bench ran on
 * @param settings the run's parameters (durations, rounds, seed, ...)
 */
public record BenchReport(
    String label,
    String startedAt,
    Map<String, String> target,
    Map<String, String> machine,
    Map<String, String> settings,
    List<ScenarioResult> scenarios) {}
