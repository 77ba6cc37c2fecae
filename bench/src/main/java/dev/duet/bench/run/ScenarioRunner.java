package dev.duet.bench.run;

import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.Protocol;
import dev.duet.bench.measure.LatencySummary;
import dev.duet.bench.measure.ProcessCpu;
import dev.duet.bench.measure.WireBytes;
import dev.duet.bench.report.ProtocolResult;
import dev.duet.bench.report.ScenarioResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Measures one scenario on every protocol, interleaved: a warm-up per protocol, then {@code rounds}
 * rounds in which each protocol runs for {@code duration / rounds}, the protocol that goes first
 * alternating from round to round. Interleaving spreads slow drifts of the target (segment merges,
 * JIT, a growing index) over both protocols instead of charging them to whichever ran last.
 */
public final class ScenarioRunner {
  private static final Logger log = LoggerFactory.getLogger(ScenarioRunner.class);

  private final LoadPhase phase;
  private final ProcessCpu serverCpu;
  private final Duration warmup;
  private final Duration duration;
  private final int rounds;

  public ScenarioRunner(
      Workload workload,
      ProcessCpu clientCpu,
      ProcessCpu serverCpu,
      WireBytes wireBytes,
      Duration warmup,
      Duration duration,
      int rounds,
      double ratePerSecond) {
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds: " + rounds + " (expected: >= 1)");
    }
    this.phase = new LoadPhase(workload, clientCpu, serverCpu, wireBytes, ratePerSecond);
    this.serverCpu = serverCpu;
    this.warmup = warmup;
    this.duration = duration;
    this.rounds = rounds;
  }

  /** Runs {@code scenario} on each of {@code clients} (one per protocol). */
  public ScenarioResult run(Scenario scenario, List<BenchClient> clients) {
    if (!warmup.isZero()) {
      for (BenchClient client : clients) {
        log.info("{}: warming up {} for {}", scenario.name(), client.protocol(), warmup);
        PhaseResult warm = phase.run(scenario, client, warmup);
        if (warm.errors() > 0) {
          log.warn(
              "{}: {} errors during warm-up: {}",
              client.protocol(),
              warm.errors(),
              warm.firstError());
        }
      }
    }
    Map<Protocol, Totals> totals = new EnumMap<>(Protocol.class);
    Duration slice = duration.dividedBy(rounds);
    for (int round = 0; round < rounds; round++) {
      for (BenchClient client : orderFor(round, clients)) {
        PhaseResult result = phase.run(scenario, client, slice);
        log.info(
            "{}: round {}/{} {}: {} requests, p50 {} ms, {} errors",
            scenario.name(),
            round + 1,
            rounds,
            client.protocol(),
            result.requests(),
            String.format(
                Locale.ROOT, "%.3f", result.latencyNanos().getValueAtPercentile(50) / 1e6),
            result.errors());
        totals.computeIfAbsent(client.protocol(), p -> new Totals()).add(result);
      }
    }
    List<ProtocolResult> results = new ArrayList<>();
    for (BenchClient client : clients) {
      ProtocolResult result = totals.get(client.protocol()).toResult(client.protocol());
      Double serverMicros = result.serverCpuMicrosPerRequest();
      if (serverMicros != null && serverMicros == 0 && result.requests() > 0) {
        // Thousands of requests cost a server far more than one 10 ms tick.
        log.warn(
            "{} {}: process {} used no CPU; is --server-pid the node's JVM?",
            scenario.name(),
            client.protocol(),
            serverCpu.pid());
      }
      results.add(result);
    }
    return new ScenarioResult(
        scenario.name(), scenario.title(), scenario.clients(), scenario.docsPerRequest(), results);
  }

  /** Round 0 runs the protocols in the given order, round 1 reversed, and so on. */
  static <T> List<T> orderFor(int round, List<T> protocols) {
    List<T> order = new ArrayList<>(protocols);
    if (round % 2 == 1) {
      Collections.reverse(order);
    }
    return order;
  }

  /**
   * Sums of phase results. A per-request figure is averaged over the phases that could measure it
   * (bytes are unknown for a phase in which a connection closed), and is unknown if none could.
   */
  static final class Totals {
    private final Histogram latency = LatencySummary.newHistogram();
    private final List<Double> roundP50Ms = new ArrayList<>();
    private long requests;
    private long docs;
    private long errors;
    private String firstError;
    private long elapsedNanos;
    private final PerRequest clientCpuNanos = new PerRequest();
    private final PerRequest serverCpuNanos = new PerRequest();
    private final PerRequest bytesSent = new PerRequest();
    private final PerRequest bytesReceived = new PerRequest();

    void add(PhaseResult phase) {
      latency.add(phase.latencyNanos());
      roundP50Ms.add(LatencySummary.of(phase.latencyNanos()).p50());
      requests += phase.requests();
      docs += phase.docs();
      errors += phase.errors();
      if (firstError == null) {
        firstError = phase.firstError();
      }
      elapsedNanos += phase.elapsedNanos();
      clientCpuNanos.add(phase.clientCpuNanos(), phase.requests());
      serverCpuNanos.add(phase.serverCpuNanos(), phase.requests());
      bytesSent.add(phase.bytesSent(), phase.requests());
      bytesReceived.add(phase.bytesReceived(), phase.requests());
    }

    ProtocolResult toResult(Protocol protocol) {
      double seconds = elapsedNanos / 1e9;
      return new ProtocolResult(
          protocol.displayName(),
          requests,
          docs,
          errors,
          firstError,
          seconds,
          LatencySummary.of(latency),
          seconds > 0 ? requests / seconds : 0,
          seconds > 0 ? docs / seconds : 0,
          bytesSent.average(1),
          bytesReceived.average(1),
          clientCpuNanos.average(1_000),
          serverCpuNanos.average(1_000),
          List.copyOf(roundP50Ms));
    }
  }

  /** A quantity summed over the phases that measured it, with the requests of those phases. */
  private static final class PerRequest {
    private long total;
    private long requests;

    void add(long value, long phaseRequests) {
      if (value >= 0) {
        total += value;
        requests += phaseRequests;
      }
    }

    Double average(long unit) {
      return requests == 0 ? null : (double) total / unit / requests;
    }
  }
}
