package dev.duet.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.BenchRequestException;
import dev.duet.bench.client.CallHeaders;
import dev.duet.bench.client.GrpcBenchClient;
import dev.duet.bench.client.RestBenchClient;
import dev.duet.bench.measure.LatencySummary;
import dev.duet.bench.measure.PairedLatencies;
import dev.duet.bench.measure.PairedLatencies.AddedLatency;
import dev.duet.bench.measure.PairedLatencies.Verdict;
import dev.duet.bench.run.Scenario;
import dev.duet.bench.run.Workload;
import dev.duet.bench.workload.DocGenerator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duet bench hop}: what one hop in front of a node (the gateway, a proxy) adds to each call.
 * One client thread sends every request twice, straight to the node and through the hop, the order
 * swapping from one pair to the next, so both paths see the same moment of the machine: the same
 * JIT state, the same background merges, the same neighbours. Runs compared one after the other
 * drift by more than the hop costs on a busy two-core machine; pairs do not. What the hop adds at
 * p50 and p99 is reported with a 95% interval ({@link PairedLatencies}) and held against the
 * gateway's targets: met, missed, or unsettled when the interval straddles the target.
 */
@Command(
    name = "hop",
    mixinStandardHelpOptions = true,
    description = {
      "Measures what a hop (the gateway) adds: each request is sent straight to the node and"
          + " through the hop, alternately, from one client.",
      "Writes <out>/<label>.json and <out>/<label>.md."
    })
final class HopCommand implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(HopCommand.class);

  @Option(
      names = "--rest-url",
      defaultValue = "http://127.0.0.1:9200",
      description = "REST endpoint of the node itself (default: ${DEFAULT-VALUE}).")
  String restUrl;

  @Option(
      names = "--grpc-target",
      defaultValue = "127.0.0.1:9400",
      description = "gRPC endpoint of the node itself (default: ${DEFAULT-VALUE}).")
  String grpcTarget;

  @Option(
      names = "--via-rest-url",
      required = true,
      description = "REST endpoint of the hop in front of that node, e.g. http://127.0.0.1:9280.")
  String viaRestUrl;

  @Option(
      names = "--via-grpc-target",
      required = true,
      description = "gRPC endpoint of the hop in front of that node, e.g. 127.0.0.1:9480.")
  String viaGrpcTarget;

  @Option(
      names = "--api-key",
      description = "Sends Authorization: ApiKey <key> on every call through the hop.")
  String apiKey;

  @Option(
      names = {"-H", "--header"},
      description = "A header on every call through the hop, \"Name: value\"; repeatable.")
  List<String> headers = new ArrayList<>();

  @Option(
      names = "--scenarios",
      defaultValue = "writes-seq,search",
      description =
          "Comma-separated one-client scenarios of duet bench: writes-seq, bulk, search,"
              + " search-bool, search-phrase, aggs... (default: ${DEFAULT-VALUE}).")
  String scenarios;

  @Option(
      names = "--durability",
      defaultValue = "request",
      description =
          "Comma-separated translog durabilities of the writes' index: request (fsync before each"
              + " acknowledgement; the fsync's tail is the node's, common to both paths) and/or"
              + " async (default: ${DEFAULT-VALUE}).")
  String durability;

  @Option(
      names = "--target-p50",
      defaultValue = "0.3",
      description = "Most the hop may add at p50, in ms (default: ${DEFAULT-VALUE}).")
  double targetP50;

  @Option(
      names = "--target-p99",
      defaultValue = "1.0",
      description = "Most the hop may add at p99, in ms (default: ${DEFAULT-VALUE}).")
  double targetP99;

  @Option(
      names = "--protocols",
      defaultValue = "rest,grpc",
      description = "Comma-separated: rest, grpc (default: ${DEFAULT-VALUE}).")
  String protocols;

  @Option(
      names = "--duration",
      defaultValue = "20s",
      converter = DurationConverter.class,
      description = "Measured time per scenario and protocol, both paths (default: 20s).")
  Duration duration;

  @Option(
      names = "--warmup",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description = "Unmeasured pairs first, per scenario and protocol (default: 5s).")
  Duration warmup;

  @Option(
      names = {"--search-docs", "--docs"},
      defaultValue = "5000",
      description = "Documents pre-loaded for the read scenarios (default: ${DEFAULT-VALUE}).")
  int searchDocs;

  @Option(
      names = "--bulk-size",
      defaultValue = "500",
      description = "Documents per request in the bulk scenario (default: ${DEFAULT-VALUE}).")
  int bulkSize;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Seed of the documents and queries (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--label",
      defaultValue = "hop",
      description = "Name of the report files (default: ${DEFAULT-VALUE}).")
  String label;

  @Option(
      names = "--out",
      defaultValue = "target/bench",
      description = "Directory for the reports (default: ${DEFAULT-VALUE}).")
  Path out;

  /**
   * One scenario on one protocol: the two paths' latencies over the same pairs of calls, and what
   * the hop adds at p50 and p99 (null when no pair succeeded), each against its target.
   */
  record Pairs(
      String scenario,
      String protocol,
      long pairs,
      long errors,
      String firstError,
      LatencySummary direct,
      LatencySummary via,
      AddedLatency addedP50,
      Verdict p50,
      AddedLatency addedP99,
      Verdict p99) {}

  /** What the hop may add, in ms. */
  record Targets(double p50, double p99) {}

  record HopReport(
      String label,
      String startedAt,
      String direct,
      String via,
      String duration,
      String warmup,
      Targets targets,
      List<Pairs> results) {}

  @Override
  @SuppressForbidden(reason = "command-line entry point prints the Markdown report")
  public Integer call() throws IOException {
    List<Scenario> selected;
    try {
      selected = Scenario.parse(scenarios, 1, bulkSize, Scenario.Durability.parseList(durability));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
    }
    for (Scenario s : selected) {
      if (s.clients() != 1) {
        throw new CommandLine.ParameterException(
            new CommandLine(this),
            "--scenarios: " + s.name() + " has " + s.clients() + " clients (expected: one)");
      }
    }
    List<String> protocolNames = protocolList();
    if (!(targetP50 >= 0) || !(targetP99 >= 0)) {
      throw new CommandLine.ParameterException(
          new CommandLine(this),
          "--target-p50/--target-p99: " + targetP50 + "/" + targetP99 + " (expected: >= 0 ms)");
    }
    Targets targets = new Targets(targetP50, targetP99);
    CallHeaders viaHeaders;
    try {
      viaHeaders = CallHeaders.of(apiKey, headers);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
    }
    String startedAt = Instant.now().toString();
    Workload workload = new Workload(new DocGenerator(seed), 10_000);
    List<Pairs> results = new ArrayList<>();
    try (RestBenchClient admin = new RestBenchClient(restUrl, 1, CallHeaders.NONE)) {
      for (Scenario scenario : selected) {
        workload.prepare(scenario, admin, searchDocs);
        for (String protocol : protocolNames) {
          if (protocol.equals("grpc")
              && scenario.aggregation() != null
              && !scenario.aggregation().grpc()) {
            continue; // no such request in protobufs 1.6.0
          }
          try (BenchClient direct = open(protocol, restUrl, grpcTarget, CallHeaders.NONE);
              BenchClient via = open(protocol, viaRestUrl, viaGrpcTarget, viaHeaders)) {
            measure(workload, scenario, direct, via, warmup, targets, seed);
            Pairs pairs = measure(workload, scenario, direct, via, duration, targets, seed);
            log.info(
                "{} {}: {} pairs, p50 {} → {} ms, p99 {} → {} ms",
                scenario.name(),
                direct.protocol().displayName(),
                pairs.pairs(),
                ms(pairs.direct().p50()),
                ms(pairs.via().p50()),
                ms(pairs.direct().p99()),
                ms(pairs.via().p99()));
            results.add(pairs);
          }
        }
      }
    } catch (BenchRequestException e) {
      log.error("cannot run: {}", e.getMessage());
      return 1;
    }
    HopReport report =
        new HopReport(
            label,
            startedAt,
            restUrl + " " + grpcTarget,
            viaRestUrl + " " + viaGrpcTarget,
            duration.toString(),
            warmup.toString(),
            targets,
            results);
    Files.createDirectories(out);
    String name = label.replaceAll("[^A-Za-z0-9._-]", "_");
    Files.writeString(
        out.resolve(name + ".json"),
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report),
        StandardCharsets.UTF_8);
    String markdown = markdown(report);
    Files.writeString(out.resolve(name + ".md"), markdown, StandardCharsets.UTF_8);
    System.out.println(markdown);
    return results.stream().anyMatch(r -> r.errors() > 0) ? 1 : 0;
  }

  /**
   * Sends pairs of the scenario's request for {@code time}, swapping which path goes first from
   * pair to pair. A pair with a failed call is not counted, so both histograms hold the same pairs.
   * The intervals' resamples are drawn in blocks of one second of pairs, with {@code seed}, so a
   * report can be recomputed.
   */
  static Pairs measure(
      Workload workload,
      Scenario scenario,
      BenchClient direct,
      BenchClient via,
      Duration time,
      Targets targets,
      long seed) {
    Histogram straight = LatencySummary.newHistogram();
    Histogram through = LatencySummary.newHistogram();
    PairedLatencies paired = new PairedLatencies();
    long pairs = 0;
    long errors = 0;
    String firstError = null;
    long began = System.nanoTime();
    long end = began + time.toNanos();
    for (long n = 0; System.nanoTime() < end && errors < 100; n++) {
      try {
        long a;
        long b;
        if (n % 2 == 0) {
          a = timed(workload, scenario, direct);
          b = timed(workload, scenario, via);
        } else {
          b = timed(workload, scenario, via);
          a = timed(workload, scenario, direct);
        }
        straight.recordValue(a);
        through.recordValue(b);
        paired.add(a, b);
        pairs++;
      } catch (BenchRequestException e) {
        errors++;
        if (firstError == null) {
          firstError = e.getMessage();
        }
      }
    }
    long pairsPerSecond = pairs * 1_000_000_000L / Math.max(1, System.nanoTime() - began);
    List<AddedLatency> added =
        pairs == 0
            ? null
            : paired.added(new double[] {50, 99}, (int) Math.max(1, pairsPerSecond), seed);
    return new Pairs(
        scenario.name(),
        direct.protocol().displayName(),
        pairs,
        errors,
        firstError,
        LatencySummary.of(straight),
        LatencySummary.of(through),
        added == null ? null : added.get(0),
        added == null ? null : added.get(0).against(targets.p50()),
        added == null ? null : added.get(1),
        added == null ? null : added.get(1).against(targets.p99()));
  }

  private static long timed(Workload workload, Scenario scenario, BenchClient client) {
    long start = System.nanoTime();
    workload.execute(scenario, client);
    return System.nanoTime() - start;
  }

  static String markdown(HopReport report) {
    StringBuilder md = new StringBuilder();
    md.append("# duet bench hop: ").append(report.label()).append("\n\n");
    md.append("Started ").append(report.startedAt()).append(". Direct: `").append(report.direct());
    md.append("`; via: `").append(report.via()).append("`; ").append(report.duration());
    md.append(" per scenario and protocol after ").append(report.warmup()).append(" of warm-up.");
    md.append(" Each pair sends one request each way, the order swapping pair by pair.\n\n");
    md.append("| scenario | protocol | pairs | direct p50 / p90 / p99 / p99.9 ms |");
    md.append(" via p50 / p90 / p99 / p99.9 ms | added p50 ms (95% interval) |");
    md.append(" added p99 ms (95% interval) | errors |\n");
    md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (Pairs r : report.results()) {
      md.append("| ").append(r.scenario()).append(" | ").append(r.protocol()).append(" | ");
      md.append(r.pairs()).append(" | ").append(percentiles(r.direct())).append(" | ");
      md.append(percentiles(r.via())).append(" | ");
      md.append(added(r.addedP50(), r.p50())).append(" | ");
      md.append(added(r.addedP99(), r.p99())).append(" | ");
      md.append(r.errors()).append(" |\n");
    }
    md.append("\nTargets: the hop adds at most ").append(signed(report.targets().p50()));
    md.append(" ms at p50 and ").append(signed(report.targets().p99())).append(" ms at p99.");
    md.append(" The intervals resample the pairs in one-second blocks (moving-block bootstrap, ");
    md.append(PairedLatencies.RESAMPLES).append(" resamples): a target is met");
    md.append(" when the whole interval is at or under it, missed when all of it is over, and");
    md.append(" unsettled when this run cannot tell.\n");
    return md.toString();
  }

  private static String added(AddedLatency added, Verdict verdict) {
    if (added == null) {
      return "—";
    }
    return signed(added.estimate())
        + " ("
        + signed(added.low())
        + " … "
        + signed(added.high())
        + ") "
        + verdict.name().toLowerCase(Locale.ROOT);
  }

  private static String percentiles(LatencySummary s) {
    return ms(s.p50()) + " / " + ms(s.p90()) + " / " + ms(s.p99()) + " / " + ms(s.p999());
  }

  private static String ms(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static String signed(double v) {
    return String.format(Locale.ROOT, "%+.3f", v);
  }

  private static BenchClient open(String protocol, String rest, String grpc, CallHeaders headers) {
    return protocol.equals("rest")
        ? new RestBenchClient(rest, 1, headers)
        : new GrpcBenchClient(grpc, headers);
  }

  /** The protocols asked for, lower case, each checked. */
  private List<String> protocolList() {
    List<String> list = new ArrayList<>();
    for (String raw : protocols.split(",")) {
      String p = raw.trim().toLowerCase(Locale.ROOT);
      if (!p.equals("rest") && !p.equals("grpc")) {
        throw new CommandLine.ParameterException(
            new CommandLine(this), "--protocols: " + raw + " (expected: rest, grpc)");
      }
      list.add(p);
    }
    return list;
  }
}
