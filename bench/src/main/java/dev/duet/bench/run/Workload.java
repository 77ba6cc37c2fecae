package dev.duet.bench.run;

import dev.duet.bench.client.BenchClient;
import dev.duet.bench.client.BenchRequestException;
import dev.duet.bench.client.IndexOp;
import dev.duet.bench.client.RestBenchClient;
import dev.duet.bench.client.TextQuery;
import dev.duet.bench.load.ProgressBars;
import dev.duet.bench.workload.BenchDoc;
import dev.duet.bench.workload.DocGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ProgressBar;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The data side of the scenarios: creates their indices, pre-loads the search index, and turns a
 * request number into the request's documents or query. Documents come from a pool generated once,
 * so that the measured loop spends no client CPU on generating them; ids are unique per run.
 */
public final class Workload {
  private static final Logger log = LoggerFactory.getLogger(Workload.class);
  private static final int SEARCH_SIZE = 10;
  private static final int PRELOAD_BATCH = 1000;

  private final DocGenerator generator;
  private final BenchDoc[] pool;
  private final AtomicLong nextId = new AtomicLong();
  private final AtomicLong nextQuery = new AtomicLong();
  private final AtomicLong emptySearches = new AtomicLong();
  private volatile int searchDocs = 1;

  public Workload(DocGenerator generator, int poolSize) {
    this.generator = generator;
    this.pool = new BenchDoc[poolSize];
    for (int i = 0; i < poolSize; i++) {
      pool[i] = generator.doc(i);
    }
  }

  /** (Re)creates the scenario's index; for search, loads {@code searchDocs} documents into it. */
  public void prepare(Scenario scenario, RestBenchClient admin, int searchDocs) {
    this.searchDocs = searchDocs;
    if ((scenario.kind() == Scenario.Kind.AGGREGATE || scenario.kind() == Scenario.Kind.SEARCH)
        && holds(admin, scenario.index(), searchDocs)) {
      return; // the read scenarios of one kind share their index: load it once
    }
    admin.send("DELETE", "/" + scenario.index(), null);
    RestBenchClient.Response created =
        admin.send(
            "PUT",
            "/" + scenario.index(),
            "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0"
                + durabilitySetting(scenario)
                + "},\"mappings\":"
                + DocGenerator.MAPPING_JSON
                + "}");
    if (!created.ok()) {
      throw new BenchRequestException(
          "create index " + scenario.index() + ": HTTP " + created.status() + " " + created.body());
    }
    if (scenario.kind() == Scenario.Kind.SEARCH || scenario.kind() == Scenario.Kind.AGGREGATE) {
      log.info("loading {} documents into {}", searchDocs, scenario.index());
      try (ProgressBar bar = ProgressBars.documents("preload " + scenario.index(), searchDocs)) {
        for (int from = 0; from < searchDocs; from += PRELOAD_BATCH) {
          List<IndexOp> ops = new ArrayList<>(PRELOAD_BATCH);
          for (int n = from; n < Math.min(searchDocs, from + PRELOAD_BATCH); n++) {
            ops.add(new IndexOp("s" + n, generator.doc(n).source()));
          }
          admin.bulk(scenario.index(), ops);
          bar.stepTo(Math.min(searchDocs, from + PRELOAD_BATCH));
        }
      }
      RestBenchClient.Response refreshed =
          admin.send("POST", "/" + scenario.index() + "/_refresh", null);
      if (!refreshed.ok()) {
        throw new BenchRequestException(
            "refresh "
                + scenario.index()
                + ": HTTP "
                + refreshed.status()
                + " "
                + refreshed.body());
      }
    }
  }

  private static boolean holds(RestBenchClient admin, String index, int docs) {
    RestBenchClient.Response count = admin.send("GET", "/" + index + "/_count", null);
    return count.ok() && count.body().contains("\"count\":" + docs + ",");
  }

  private static String durabilitySetting(Scenario scenario) {
    return scenario.durability() == null
        ? ""
        : ",\"index.translog.durability\":\"" + scenario.durability().setting() + "\"";
  }

  /** Sends one request of the scenario; returns the number of documents it indexed. */
  public int execute(Scenario scenario, BenchClient client) {
    return switch (scenario.kind()) {
      case BULK -> {
        client.bulk(scenario.index(), nextOps(scenario.docsPerRequest()));
        yield scenario.docsPerRequest();
      }
      case AGGREGATE -> {
        client.aggregate(scenario.index(), scenario.aggregation());
        yield 0;
      }
      case SEARCH -> {
        long n = nextQuery.getAndIncrement();
        TextQuery query = scenario.textQuery();
        String text =
            query == TextQuery.PHRASE
                ? generator.phraseText(n, searchDocs)
                : generator.queryText(n);
        int hits =
            client.search(scenario.index(), query, DocGenerator.SEARCH_FIELD, text, SEARCH_SIZE);
        if (hits == 0) {
          emptySearches.incrementAndGet();
        }
        yield 0;
      }
    };
  }

  /** Searches so far that matched nothing (a sign the target did not index the data). */
  public long emptySearches() {
    return emptySearches.get();
  }

  /** The next {@code count} documents, with ids never used before in this run. */
  List<IndexOp> nextOps(int count) {
    long first = nextId.getAndAdd(count);
    List<IndexOp> ops = new ArrayList<>(count);
    for (long id = first; id < first + count; id++) {
      ops.add(new IndexOp(Long.toString(id), pool[(int) (id % pool.length)].source()));
    }
    return ops;
  }
}
