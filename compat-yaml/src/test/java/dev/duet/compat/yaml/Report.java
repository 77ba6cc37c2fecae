package dev.duet.compat.yaml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The suite's report and CI gate, from the results of the runs in {@code target/yaml-results/}
 * and the passing lists kept in the repo ({@code src/test/resources/reference/}).
 *
 * <ul>
 *   <li>{@code target/yaml-report.md}: per folder, tests, skipped, passing on OpenSearch 3.8.0 and
 *       on Duet; the totals; Duet's failures (of the tests OpenSearch passes) by the cause of their
 *       first failing step.
 *   <li>{@code target/yaml-failures.md}: each of those failures with its cause and message.
 *   <li>{@code target/yaml-regressions.txt}: tests in the run target's passing list that did not
 *       pass this time (the CI gate fails when it is not empty); {@code
 *       target/yaml-newly-passing.txt}: tests that passed and are not in the list.
 *   <li>With {@code -Dyaml.update=true}, the run target's passing list is rewritten (for the
 *       folders that ran).
 * </ul>
 *
 * Also runs on its own ({@code main}) over results already written.
 */
public final class Report {

  static final String OPENSEARCH = "opensearch-3.8.0";
  static final String DUET = "duet";

  private Report() {}

  public static void main(String[] args) throws IOException {
    Path out = Path.of(System.getProperty("yaml.out", "target"));
    Path reference =
        Path.of(System.getProperty("yaml.reference", "src/test/resources/reference"));
    String target = System.getProperty("yaml.target", OPENSEARCH);
    boolean update = Boolean.getBoolean("yaml.update");

    Map<String, Map<String, Result>> runs = new TreeMap<>();
    Path resultsDir = out.resolve("yaml-results");
    if (Files.isDirectory(resultsDir)) {
      try (Stream<Path> files = Files.list(resultsDir)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".tsv")).sorted().toList()) {
          String name = file.getFileName().toString().replaceFirst("\\.tsv$", "");
          runs.put(name, readResults(file));
        }
      }
    }
    Map<String, Result> run = runs.getOrDefault(target, Map.of());

    // The gate: this run against the target's passing list.
    Path listFile = reference.resolve(target + ".txt");
    Set<String> list = readList(listFile);
    List<String> regressions = new ArrayList<>();
    List<String> newlyPassing = new ArrayList<>();
    for (Result result : run.values()) {
      boolean listed = list.contains(result.id());
      if (listed && result.status() != Status.PASS) {
        regressions.add(result.id() + "\t" + firstLine(result.message()));
      } else if (!listed && result.status() == Status.PASS) {
        newlyPassing.add(result.id());
      }
    }
    Files.createDirectories(out);
    Files.write(out.resolve("yaml-regressions.txt"), regressions, StandardCharsets.UTF_8);
    Files.write(out.resolve("yaml-newly-passing.txt"), newlyPassing, StandardCharsets.UTF_8);
    if (update && !run.isEmpty()) {
      Set<String> updated = new TreeSet<>(list);
      updated.removeAll(run.keySet());
      run.values().stream().filter(r -> r.status() == Status.PASS).forEach(r -> updated.add(r.id()));
      Files.createDirectories(listFile.getParent());
      Files.write(listFile, updated, StandardCharsets.UTF_8);
      list = updated;
    }

    // The report: each target from its run here if there is one, else from its passing list.
    Map<String, Set<String>> passing = new LinkedHashMap<>();
    for (String name : List.of(OPENSEARCH, DUET)) {
      Map<String, Result> results = runs.get(name);
      passing.put(
          name,
          results != null
              ? passingIds(results)
              : name.equals(target) ? list : readList(reference.resolve(name + ".txt")));
    }
    Map<String, Result> universe = new TreeMap<>();
    runs.values().forEach(universe::putAll);
    run.values().forEach(r -> universe.put(r.id(), r)); // the target's skips are authoritative
    String report = report(universe, passing, runs.get(DUET), runs.get(OPENSEARCH));
    Files.writeString(out.resolve("yaml-report.md"), report, StandardCharsets.UTF_8);
    Map<String, Result> duet = runs.get(DUET);
    if (duet != null) {
      Files.writeString(
          out.resolve("yaml-failures.md"),
          failures(duet, passing.get(OPENSEARCH)),
          StandardCharsets.UTF_8);
    }
  }

  private static String report(
      Map<String, Result> universe,
      Map<String, Set<String>> passing,
      Map<String, Result> duet,
      Map<String, Result> openSearchRun) {
    boolean openSearchRan = openSearchRun != null;
    Set<String> os = passing.get(OPENSEARCH);
    Set<String> du = passing.get(DUET);
    Map<String, int[]> folders = new TreeMap<>();
    int[] total = new int[5];
    for (Result result : universe.values()) {
      int[] row = folders.computeIfAbsent(result.folder(), f -> new int[5]);
      int[] counts = {
        1,
        result.status() == Status.SKIP ? 1 : 0,
        os.contains(result.id()) ? 1 : 0,
        du.contains(result.id()) ? 1 : 0,
        os.contains(result.id()) && du.contains(result.id()) ? 1 : 0
      };
      for (int i = 0; i < 5; i++) {
        row[i] += counts[i];
        total[i] += counts[i];
      }
    }
    StringBuilder md = new StringBuilder();
    md.append("# OpenSearch's REST test suite: OpenSearch 3.8.0 and Duet\n\n");
    md.append(
        "Written by the suite run (`compat-yaml/`, see the README's compatibility section) on ")
        .append(LocalDate.now(ZoneOffset.UTC))
        .append(
            ". The suite is `org.opensearch:rest-api-spec:2.19.0`, run by OpenSearch's own YAML"
                + " runner (`org.opensearch.test:framework:2.19.0`) against a node over HTTP, with"
                + " the server version fixed at 3.8.0 for the suite's version skips. The OpenSearch"
                + " column is ")
        .append(openSearchRan ? "this run's" : "the kept reference list's")
        .append(" (`compat-yaml/src/test/resources/reference/opensearch-3.8.0.txt`), the Duet column ")
        .append(duet != null ? "this run's" : "the kept list's")
        .append(" (`…/reference/duet.txt`).\n\n")
        .append(
            "How it runs: `compat-yaml/` is a Maven project outside Duet's reactor (the runner"
                + " brings OpenSearch's server and Lucene 9, which never share a classpath with"
                + " Duet's); it is OpenSearch's `OpenSearchClientYamlSuiteTestCase` of the suite's"
                + " release, pointed at the node by `tests.rest.cluster`, with: the server version"
                + " fixed at 3.8.0 (the runner's `_cat/nodes`/`_nodes/plugins` version look-ups are"
                + " answered by the runner itself, so a node without them can be measured; the 3.x"
                + " runner cannot read the suite's Elasticsearch-era version ranges such as"
                + " `- 6.99.99`, so the 2.19 one is used, with the suite's open ranges such as"
                + " `3.0.0 - ` ended at 3.99.99 instead of at its own 2.19.0); a fixed seed"
                + " (`yaml.seed`) for the runner's random choices; JSON requests only and no random"
                + " two-shard `_template/global`; and the framework's wipe between tests done step"
                + " by step, each step for an API the node lacks (snapshots, data streams,"
                + " templates, cluster settings) forgiven, the indices wipe required. The"
                + " OpenSearch node has `path.repo` and `node.attr.testattr` as OpenSearch's own"
                + " REST test clusters (`build/opensearch.sh`). Commands:"
                + " `compat-yaml/run.sh duet|opensearch [--update]` (README).\n\n");
    int runnable = total[0] - total[1];
    md.append("## Totals\n\n");
    md.append("| | tests |\n|---|---:|\n");
    md.append("| in the suite | ").append(total[0]).append(" |\n");
    md.append("| skipped by the suite (version or runner features) | ").append(total[1]).append(" |\n");
    md.append("| run | ").append(runnable).append(" |\n");
    md.append("| passing on OpenSearch 3.8.0 | ")
        .append(total[2])
        .append(" (")
        .append(percent(total[2], runnable))
        .append(" of those run) |\n");
    md.append("| passing on Duet | ").append(total[3]).append(" |\n");
    md.append("| passing on Duet, of those OpenSearch passes | ")
        .append(total[4])
        .append(" (")
        .append(percent(total[4], total[2]))
        .append(") |\n\n");

    // By the issue that owns the folder (25: documents, mappings, field types; 26: search; 27:
    // administration).
    Map<String, int[]> owners = new TreeMap<>();
    for (Map.Entry<String, int[]> entry : folders.entrySet()) {
      int[] sum = owners.computeIfAbsent(owner(entry.getKey()), o -> new int[5]);
      for (int i = 0; i < 5; i++) {
        sum[i] += entry.getValue()[i];
      }
    }
    md.append("## By owning issue\n\n");
    md.append(
        "| folders | tests | skipped | passing on OpenSearch 3.8.0 | passing on Duet | Duet of"
            + " OpenSearch's |\n|---|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<String, int[]> entry : owners.entrySet()) {
      int[] row = entry.getValue();
      md.append("| ")
          .append(entry.getKey())
          .append(" | ")
          .append(row[0])
          .append(" | ")
          .append(row[1])
          .append(" | ")
          .append(row[2])
          .append(" | ")
          .append(row[3])
          .append(" | ")
          .append(percent(row[4], row[2]))
          .append(" |\n");
    }
    md.append('\n');

    if (duet != null) {
      md.append("## Why Duet fails: the first failing step, by cause\n\n");
      md.append(
          "Of the tests OpenSearch 3.8.0 passes and Duet does not. Each test once, by the first"
              + " step that fails; a test that passes that step may still fail at a later one."
              + " Every failure with its message: `target/yaml-failures.md`"
              + " (`docs/compatibility-suite-failures.md`).\n\n");
      Map<String, Map<String, Integer>> causes = new TreeMap<>();
      Map<String, Integer> categoryTotals = new TreeMap<>();
      for (Result result : duet.values()) {
        if (!os.contains(result.id()) || result.status() == Status.PASS) {
          continue;
        }
        Cause cause = Cause.of(result);
        causes.computeIfAbsent(cause.category(), c -> new TreeMap<>()).merge(cause.detail(), 1, Integer::sum);
        categoryTotals.merge(cause.category(), 1, Integer::sum);
      }
      List<String> categories = new ArrayList<>(categoryTotals.keySet());
      categories.sort(Comparator.comparing((String c) -> -categoryTotals.get(c)));
      md.append("| cause | tests | detail (tests) |\n|---|---:|---|\n");
      for (String category : categories) {
        List<Map.Entry<String, Integer>> details = new ArrayList<>(causes.get(category).entrySet());
        details.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        StringBuilder detail = new StringBuilder();
        int shown = 0;
        for (Map.Entry<String, Integer> entry : details) {
          if (entry.getKey().isEmpty()) {
            continue;
          }
          if (shown++ == 25) {
            detail.append(", … (").append(details.size() - 25).append(" more)");
            break;
          }
          if (detail.length() > 0) {
            detail.append(", ");
          }
          detail.append('`').append(entry.getKey().replace("|", "\\|")).append("` ").append(entry.getValue());
        }
        md.append("| ")
            .append(category)
            .append(" | ")
            .append(categoryTotals.get(category))
            .append(" | ")
            .append(detail)
            .append(" |\n");
      }
      md.append('\n');
    }

    Map<String, Result> openSearch = openSearchRun;
    if (openSearch != null) {
      md.append("## What OpenSearch 3.8.0 fails\n\n");
      md.append(
          "Tests the suite runs and OpenSearch 3.8.0 fails: behaviour 3.x changed on purpose"
              + " since 2.19 (t-digest percentiles, profiler debug output, flat_object queries,"
              + " `_validate/query` explanations, `_cat` columns), or a test that names a"
              + " 2.x-only node. Not counted against Duet.\n\n");
      md.append("| test | first failing step |\n|---|---|\n");
      for (Result result : openSearch.values()) {
        if (result.status() == Status.FAIL) {
          String message = firstLine(result.message());
          if (message.length() > 160) {
            message = message.substring(0, 160) + "…";
          }
          md.append("| ")
              .append(result.id().replace("|", "\\|"))
              .append(" | ")
              .append(message.replace("|", "\\|").replace("`", "'"))
              .append(" |\n");
        }
      }
      md.append('\n');
    }

    md.append("## Per folder\n\n");
    md.append(
        "| folder | tests | skipped | passing on OpenSearch 3.8.0 | passing on Duet | Duet of"
            + " OpenSearch's |\n|---|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<String, int[]> entry : folders.entrySet()) {
      int[] row = entry.getValue();
      md.append("| ")
          .append(entry.getKey())
          .append(" | ")
          .append(row[0])
          .append(" | ")
          .append(row[1])
          .append(" | ")
          .append(row[2])
          .append(" | ")
          .append(row[3])
          .append(" | ")
          .append(row[2] == 0 ? "–" : percent(row[4], row[2]))
          .append(" |\n");
    }
    md.append("| **total** | ")
        .append(total[0])
        .append(" | ")
        .append(total[1])
        .append(" | ")
        .append(total[2])
        .append(" | ")
        .append(total[3])
        .append(" | ")
        .append(percent(total[4], total[2]))
        .append(" |\n");
    return md.toString();
  }

  private static String failures(Map<String, Result> duet, Set<String> os) {
    StringBuilder md = new StringBuilder();
    md.append("# Duet's failures in OpenSearch's REST test suite\n\n");
    md.append(
        "Every test OpenSearch 3.8.0 passes and Duet does not, by folder, with the cause of its"
            + " first failing step and the step's message (cut). Written by the suite run.\n");
    String folder = null;
    for (Result result : new TreeMap<>(duet).values()) {
      if (!os.contains(result.id()) || result.status() == Status.PASS) {
        continue;
      }
      if (!result.folder().equals(folder)) {
        folder = result.folder();
        md.append("\n## ").append(folder).append("\n\n| test | cause | message |\n|---|---|---|\n");
      }
      Cause cause = Cause.of(result);
      String message = firstLine(result.message());
      if (message.length() > 300) {
        message = message.substring(0, 300) + "…";
      }
      md.append("| ")
          .append(result.id().substring(folder.length() + 1).replace("|", "\\|"))
          .append(" | ")
          .append(cause.category())
          .append(cause.detail().isEmpty() ? "" : ": `" + cause.detail().replace("|", "\\|") + "`")
          .append(" | ")
          .append(message.replace("|", "\\|").replace("`", "'"))
          .append(" |\n");
    }
    return md.toString();
  }

  private static final Set<String> DOCUMENTS =
      Set.of(
          "index", "create", "delete", "get", "get_source", "exists", "update", "bulk", "mget",
          "indices.create", "indices.get_mapping", "indices.put_mapping",
          "indices.get_field_mapping", "range", "field_caps");
  private static final Set<String> SEARCH =
      Set.of(
          "search", "search.aggregation", "search.highlight", "search.inner_hits", "suggest",
          "msearch", "scroll", "count", "explain", "termvectors", "mtermvectors", "mlt", "pit",
          "search_shards", "indices.validate_query", "search.backpressure", "search_pipeline",
          "scripts");

  /** The issue whose target counts the folder. */
  static String owner(String folder) {
    if (DOCUMENTS.contains(folder)) {
      return "issue 25: documents, mappings, field types";
    }
    if (SEARCH.contains(folder)) {
      return "issue 26: search, aggregations, scripts";
    }
    if (folder.startsWith("cat.")
        || folder.startsWith("cluster.")
        || folder.startsWith("nodes.")
        || folder.startsWith("snapshot.")
        || folder.startsWith("tasks.")
        || folder.startsWith("indices.")
        || folder.equals("ingest")) {
      return "issue 27: administration";
    }
    return "other (" + folder + ")";
  }

  private static String percent(int part, int whole) {
    return whole == 0 ? "–" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }

  static String firstLine(String message) {
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }

  private static Set<String> passingIds(Map<String, Result> results) {
    Set<String> ids = new TreeSet<>();
    results.values().stream().filter(r -> r.status() == Status.PASS).forEach(r -> ids.add(r.id()));
    return ids;
  }

  static Map<String, Result> readResults(Path file) throws IOException {
    Map<String, Result> results = new TreeMap<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        Result result = Result.parse(line);
        results.put(result.id(), result);
      }
    }
    return results;
  }

  static Set<String> readList(Path file) throws IOException {
    Set<String> ids = new TreeSet<>();
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank() && !line.startsWith("#")) {
          ids.add(line);
        }
      }
    }
    return ids;
  }
}
