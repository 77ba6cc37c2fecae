package dev.duet.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.duet.bench.client.Protocol;
import dev.duet.bench.measure.LatencySummary;
import dev.duet.bench.report.ProtocolResult;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ScenarioRunnerTest {
  @Test
  void protocolsAlternateWhichGoesFirst() {
    List<Protocol> both = List.of(Protocol.REST, Protocol.GRPC);

    assertThat(ScenarioRunner.orderFor(0, both)).containsExactly(Protocol.REST, Protocol.GRPC);
    assertThat(ScenarioRunner.orderFor(1, both)).containsExactly(Protocol.GRPC, Protocol.REST);
    assertThat(ScenarioRunner.orderFor(2, both)).containsExactly(Protocol.REST, Protocol.GRPC);
  }

  @Test
  void totalsSumRoundsAndDivideByRequests() {
    ScenarioRunner.Totals totals = new ScenarioRunner.Totals();
    totals.add(phase(100, 2_000_000L, 500, 50_000_000L, 30_000_000L, 40_000, 20_000, 1));
    totals.add(phase(300, 4_000_000L, 1500, 150_000_000L, 90_000_000L, 120_000, 60_000, 0));

    ProtocolResult result = totals.toResult(Protocol.GRPC);

    assertThat(result.protocol()).isEqualTo("gRPC/protobuf");
    assertThat(result.requests()).isEqualTo(400);
    assertThat(result.docs()).isEqualTo(2000);
    assertThat(result.errors()).isEqualTo(1);
    assertThat(result.firstError()).isEqualTo("boom");
    assertThat(result.measuredSeconds()).isCloseTo(0.2, within(1e-9));
    assertThat(result.requestsPerSecond()).isCloseTo(2000, within(1e-6));
    assertThat(result.docsPerSecond()).isCloseTo(10_000, within(1e-6));
    assertThat(result.requestBytesPerRequest()).isCloseTo(400, within(1e-9));
    assertThat(result.responseBytesPerRequest()).isCloseTo(200, within(1e-9));
    assertThat(result.clientCpuMicrosPerRequest()).isCloseTo(500, within(1e-9));
    assertThat(result.serverCpuMicrosPerRequest()).isCloseTo(300, within(1e-9));
    assertThat(result.latencyMs().count()).isEqualTo(400);
    assertThat(result.roundP50Ms()).hasSize(2);
    assertThat(result.roundP50Ms().get(1)).isCloseTo(4.0, within(0.01));
  }

  @Test
  void aFigureIsAveragedOverThePhasesThatMeasuredIt() {
    ScenarioRunner.Totals totals = new ScenarioRunner.Totals();
    totals.add(phase(100, 1_000_000L, 100, 1_000_000L, -1, -1, -1, 0));
    totals.add(phase(300, 1_000_000L, 300, 3_000_000L, -1, 600, 3000, 0));

    ProtocolResult result = totals.toResult(Protocol.REST);

    assertThat(result.clientCpuMicrosPerRequest()).isCloseTo(10, within(1e-9));
    assertThat(result.requestBytesPerRequest()).isCloseTo(2, within(1e-9));
    assertThat(result.responseBytesPerRequest()).isCloseTo(10, within(1e-9));
    assertThat(result.serverCpuMicrosPerRequest()).isNull();
  }

  private static PhaseResult phase(
      long requests,
      long latencyNanos,
      long docs,
      long clientCpuNanos,
      long serverCpuNanos,
      long sent,
      long received,
      long errors) {
    Histogram histogram = LatencySummary.newHistogram();
    histogram.recordValueWithCount(latencyNanos, requests);
    return new PhaseResult(
        histogram,
        requests,
        docs,
        errors,
        errors > 0 ? "boom" : null,
        requests * 1_000_000_000L / 2000,
        clientCpuNanos,
        serverCpuNanos,
        sent,
        received);
  }
}
