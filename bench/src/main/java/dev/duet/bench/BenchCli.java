package dev.duet.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.BenchRequestException;
import dev.duet.bench.client.CallHeaders;
import dev.duet.bench.client.GrpcBenchClient;
import dev.duet.bench.client.JdkRestBenchClient;
import dev.duet.bench.client.Protocol;
import dev.duet.bench.client.RestBenchClient;
import dev.duet.bench.measure.ListeningProcess;
import dev.duet.bench.measure.ProcessCpu;
import dev.duet.bench.measure.WireBytes;
import dev.duet.bench.report.BenchReport;
import dev.duet.bench.report.JsonReport;
import dev.duet.bench.report.LatencyChart;
import dev.duet.bench.report.Machine;
import dev.duet.bench.report.MarkdownReport;
import dev.duet.bench.report.ScenarioResult;
import dev.duet.bench.run.Scenario;
import dev.duet.bench.run.ScenarioRunner;
import dev.duet.bench.run.Workload;
import dev.duet.bench.workload.DocGenerator;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code duet bench}: measures REST against gRPC on a running node (Duet or any OpenSearch 3.8 with
 * transport-grpc), with the same client code whatever the target, and writes JSON and Markdown.
 */
@Command(
    name = "duet bench",
    mixinStandardHelpOptions = true,
    subcommands = {
      CompareCommand.class,
      VectorCommand.class,
      HopCommand.class,
      OverloadCommand.class
    },
    description = {
      "Measures single-document writes, bulk ingest and text search over REST and gRPC against a"
          + " running Duet or OpenSearch 3.8 node, interleaving the two protocols round by round.",
      "Writes <out>/<label>.json and <out>/<label>.md."
    })
public final class BenchCli implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(BenchCli.class);

  @Option(
      names = "--rest-url",
      defaultValue = "http://127.0.0.1:9200",
      description = "REST endpoint of the node (default: ${DEFAULT-VALUE}).")
  String restUrl;

  @Option(
      names = "--grpc-target",
      defaultValue = "127.0.0.1:9400",
      description = "gRPC endpoint of the node, host:port, plaintext (default: ${DEFAULT-VALUE}).")
  String grpcTarget;

  @Option(
      names = "--api-key",
      description =
          "Sends Authorization: ApiKey <key> on every REST request and gRPC call, for a target"
              + " behind the Duet gateway (the tenant needs search, write and admin actions on the"
              + " bench indices).")
  String apiKey;

  @Option(
      names = {"-H", "--header"},
      description =
          "A header sent on every REST request and as metadata on every gRPC call, \"Name:"
              + " value\"; repeatable.")
  List<String> headers = new ArrayList<>();

  @Option(
      names = "--label",
      defaultValue = "duet",
      description =
          "Name of the target in reports and output file names (default: ${DEFAULT-VALUE}).")
  String label;

  @Option(
      names = "--scenarios",
      defaultValue = "writes,bulk,search",
      description =
          "Comma-separated: writes (= writes-seq and writes-c<clients>), writes-seq, writes-cN,"
              + " bulk, search (match), search-bool (match with term and range filters),"
              + " search-phrase (match_phrase), searches (all three), aggs (agg-terms-avg,"
              + " agg-date-histogram, agg-cardinality, agg-terms-max) (default: ${DEFAULT-VALUE}).")
  String scenarios;

  @Option(
      names = "--durability",
      defaultValue = "request",
      description =
          "Comma-separated translog durabilities of the write scenarios' indices: request (fsync"
              + " before each acknowledgement, the default) and/or async; each write scenario runs"
              + " once per value (default: ${DEFAULT-VALUE}).")
  String durability;

  @Option(
      names = "--protocols",
      defaultValue = "rest,grpc",
      description = "Comma-separated: rest, grpc (default: ${DEFAULT-VALUE}).")
  String protocols;

  @Option(
      names = "--rest-client",
      defaultValue = "apache",
      description =
          "REST client: apache (httpclient5 classic, the default) or jdk (java.net.http, HTTP/1.1).")
  String restClient;

  @Option(
      names = "--duration",
      defaultValue = "20s",
      converter = DurationConverter.class,
      description =
          "Measured time per scenario and protocol, split over the rounds (default: 20s).")
  Duration duration;

  @Option(
      names = "--warmup",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description = "Unmeasured warm-up per scenario and protocol (default: 5s).")
  Duration warmup;

  @Option(
      names = "--rounds",
      defaultValue = "4",
      description = "Interleaved rounds per scenario; the first protocol alternates (default: 4).")
  int rounds;

  @Option(
      names = "--rate",
      defaultValue = "0",
      description =
          "Requests per second per scenario, spread over its clients, latency measured from when"
              + " each request was due (no coordinated omission); 0 = closed loop (default).")
  double rate;

  @Option(
      names = "--clients",
      defaultValue = "4",
      description = "Concurrent clients of the concurrent-writes scenario (default: 4).")
  int clients;

  @Option(
      names = "--bulk-size",
      defaultValue = "500",
      description = "Documents per request in the bulk scenario (default: 500).")
  int bulkSize;

  @Option(
      names = {"--search-docs", "--docs"},
      defaultValue = "20000",
      description =
          "Documents pre-loaded for the search and aggregation scenarios, e.g. 1000000"
              + " (default: 20000).")
  int searchDocs;

  @Option(
      names = "--index-prefix",
      defaultValue = "bench-",
      description =
          "Prefix of the scenarios' index names instead of bench- (e.g. bench-aggs-), so runs on a"
              + " shared server keep to their own indices (default: ${DEFAULT-VALUE}).")
  String indexPrefix;

  @Option(
      names = "--request-cache",
      defaultValue = "default",
      description =
          "The request_cache flag of every search: default (left out: the server caches size-0"
              + " searches, as OpenSearch does), true or false (bypass the shard request cache)"
              + " (default: ${DEFAULT-VALUE}).")
  String requestCache;

  @Option(
      names = "--seed",
      defaultValue = "42",
      description = "Seed of the generated documents and queries (default: 42).")
  long seed;

  @Option(
      names = "--server-pid",
      description =
          "PID of the node's process, to measure server CPU per request (same machine), or auto:"
              + " the process listening on the REST port.")
  String serverPidOption;

  private Long serverPid;

  @Option(
      names = "--out",
      defaultValue = "target/bench",
      description = "Directory for the reports (default: ${DEFAULT-VALUE}).")
  Path out;

  @SuppressForbidden(reason = "command-line entry point")
  public static void main(String[] args) {
    System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
    System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss");
    System.exit(new CommandLine(new BenchCli()).execute(args));
  }

  @Override
  @SuppressForbidden(reason = "command-line entry point prints the Markdown report")
  public Integer call() throws IOException {
    List<Scenario> selected =
        Scenario.parse(scenarios, clients, bulkSize, Scenario.Durability.parseList(durability))
            .stream()
            .map(s -> s.withIndexPrefix(indexPrefix))
            .toList();
    Boolean cacheFlag = requestCacheFlag();
    String startedAt = Instant.now().toString();
    serverPid = resolveServerPid();
    ProcessCpu serverCpu = serverPid == null ? null : new ProcessCpu(serverPid);
    if (serverCpu != null && !serverCpu.available()) {
      log.error("--server-pid {}: /proc/{}/stat is not readable", serverPid, serverPid);
      return 2;
    }
    ProcessCpu clientCpu = ProcessCpu.self();
    Workload workload = new Workload(new DocGenerator(seed), 10_000);
    List<ScenarioResult> results = new ArrayList<>();
    Map<String, String> target = new LinkedHashMap<>();
    try (RestBenchClient admin = new RestBenchClient(restUrl, 1, callHeaders())) {
      target.putAll(describeTarget(admin));
      List<BenchClient> measured = openClients();
      measured.forEach(c -> c.requestCache(cacheFlag));
      try {
        ScenarioRunner runner =
            new ScenarioRunner(
                workload,
                clientCpu,
                serverCpu,
                new WireBytes(clientCpu.pid()),
                warmup,
                duration,
                rounds,
                rate);
        for (Scenario scenario : selected) {
          log.info("{}: {}", scenario.name(), scenario.title());
          workload.prepare(scenario, admin, searchDocs);
          ScenarioResult result = runner.run(scenario, clientsFor(scenario, measured));
          results.add(result);
          System.out.println(MarkdownReport.scenarioTable(result));
        }
      } finally {
        for (BenchClient client : measured) {
          client.close();
        }
      }
    } catch (BenchRequestException e) {
      log.error("cannot run the bench against {} / {}: {}", restUrl, grpcTarget, e.getMessage());
      return 1;
    }
    if (workload.emptySearches() > 0) {
      log.warn("{} searches matched no document", workload.emptySearches());
    }
    BenchReport report =
        new BenchReport(label, startedAt, target, Machine.describe(), settings(), results);
    Files.createDirectories(out);
    String name = label.replaceAll("[^A-Za-z0-9._-]", "_");
    Path json = out.resolve(name + ".json");
    Path markdown = out.resolve(name + ".md");
    Files.writeString(json, JsonReport.toJson(report), StandardCharsets.UTF_8);
    Files.writeString(markdown, MarkdownReport.render(report), StandardCharsets.UTF_8);
    Path chart = out.resolve(name + ".svg");
    Files.writeString(chart, LatencyChart.render(report), StandardCharsets.UTF_8);
    log.info("wrote {}, {} and {}", json, markdown, chart);
    return 0;
  }

  /** The clients a scenario runs on: gRPC only where its request exists in protobufs 1.6.0. */
  private static List<BenchClient> clientsFor(Scenario scenario, List<BenchClient> clients) {
    if (scenario.aggregation() == null || scenario.aggregation().grpc()) {
      return clients;
    }
    return clients.stream().filter(c -> c.protocol() != Protocol.GRPC).toList();
  }

  private List<BenchClient> openClients() {
    List<BenchClient> opened = new ArrayList<>();
    for (String raw : protocols.split(",")) {
      switch (raw.trim().toLowerCase(Locale.ROOT)) {
        case "rest" -> opened.add(restClient());
        case "grpc" -> opened.add(new GrpcBenchClient(grpcTarget, callHeaders()));
        default ->
            throw new CommandLine.ParameterException(
                new CommandLine(this), "protocol: " + raw + " (expected: rest, grpc)");
      }
    }
    return opened;
  }

  private BenchClient restClient() {
    return switch (restClient.toLowerCase(Locale.ROOT)) {
      case "apache" -> new RestBenchClient(restUrl, Math.max(clients, 1), callHeaders());
      case "jdk" -> new JdkRestBenchClient(restUrl, callHeaders());
      default ->
          throw new CommandLine.ParameterException(
              new CommandLine(this), "rest client: " + restClient + " (expected: apache, jdk)");
    };
  }

  private Boolean requestCacheFlag() {
    return switch (requestCache.toLowerCase(Locale.ROOT)) {
      case "default" -> null;
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default ->
          throw new CommandLine.ParameterException(
              new CommandLine(this),
              "--request-cache: " + requestCache + " (expected: default, true, false)");
    };
  }

  private CallHeaders callHeaders() {
    try {
      return CallHeaders.of(apiKey, headers);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(new CommandLine(this), e.getMessage());
    }
  }

  private Map<String, String> describeTarget(RestBenchClient admin) throws IOException {
    RestBenchClient.Response root = admin.send("GET", "/", null);
    if (!root.ok()) {
      throw new BenchRequestException("GET /: HTTP " + root.status() + " " + root.body());
    }
    JsonNode info = new ObjectMapper().readTree(root.body());
    Map<String, String> target = new LinkedHashMap<>();
    target.put("rest", restUrl);
    target.put("grpc", grpcTarget);
    target.put("distribution", info.path("version").path("distribution").asText("?"));
    target.put("version", info.path("version").path("number").asText("?"));
    if (info.has("duet")) {
      target.put("duet", info.get("duet").toString());
    }
    if (serverPid != null) {
      target.put("serverPid", serverPid.toString());
    }
    return target;
  }

  private Long resolveServerPid() {
    if (serverPidOption == null) {
      return null;
    }
    if (!serverPidOption.equals("auto")) {
      try {
        return Long.parseLong(serverPidOption);
      } catch (NumberFormatException e) {
        throw new CommandLine.ParameterException(
            new CommandLine(this),
            "--server-pid: " + serverPidOption + " (expected: a pid or auto)");
      }
    }
    int port = URI.create(restUrl).getPort();
    OptionalLong pid = ListeningProcess.find(port > 0 ? port : 80);
    if (pid.isEmpty()) {
      throw new CommandLine.ParameterException(
          new CommandLine(this), "--server-pid auto: no single process listens on port " + port);
    }
    log.info("server pid {} (listening on port {})", pid.getAsLong(), port);
    return pid.getAsLong();
  }

  private Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("restClient", restClient);
    settings.put("durability", durability);
    settings.put("duration", duration.toString());
    settings.put("warmup", warmup.toString());
    settings.put("rounds", Integer.toString(rounds));
    settings.put("rate", rate > 0 ? rate + "/s" : "closed loop");
    settings.put("clients", Integer.toString(clients));
    settings.put("bulkSize", Integer.toString(bulkSize));
    settings.put("searchDocs", Integer.toString(searchDocs));
    settings.put("seed", Long.toString(seed));
    settings.put("indexPrefix", indexPrefix);
    settings.put("requestCache", requestCache);
    CallHeaders sent = callHeaders();
    if (!sent.values().isEmpty()) {
      // Names only: a report must not carry credentials.
      settings.put("headers", String.join(",", sent.values().keySet()));
    }
    return settings;
  }
}
