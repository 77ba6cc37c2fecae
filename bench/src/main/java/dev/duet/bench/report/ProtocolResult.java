package dev.duet.bench.report;

import dev.duet.bench.measure.LatencySummary;
import java.util.List;

/**
 * One protocol's figures in one scenario, summed over all measured rounds; {@code roundP50Ms} shows
 * how much the median moved from round to round (how noisy the run was). Per-request CPU and byte
 * figures are null when they could not be measured (no {@code --server-pid}, no {@code ss}).
 */
public record ProtocolResult(
    String protocol,
    long requests,
    long docs,
    long errors,
    String firstError,
    double measuredSeconds,
    LatencySummary latencyMs,
    double requestsPerSecond,
    double docsPerSecond,
    Double requestBytesPerRequest,
    Double responseBytesPerRequest,
    Double clientCpuMicrosPerRequest,
    Double serverCpuMicrosPerRequest,
    List<Double> roundP50Ms) {}
