package dev.duet.bench.run;

import org.HdrHistogram.Histogram;

/**
 * What one timed phase (one protocol, one round) measured. CPU and byte figures are -1 when they
 * could not be measured.
 */
record PhaseResult(
    Histogram latencyNanos,
    long requests,
    long docs,
    long errors,
    String firstError,
    long elapsedNanos,
    long clientCpuNanos,
    long serverCpuNanos,
    long bytesSent,
    long bytesReceived) {}
