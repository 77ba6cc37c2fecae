package dev.duet.bench.jmh;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.bench.SuppressForbidden;
import dev.duet.bench.workload.DocGenerator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.CollectorManager;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LeafCollector;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The in-process floor of the aggregation {@code terms} on {@code category} with {@code min} and
 * {@code max} of {@code price} per bucket (or {@code max} alone, the bench's {@code
 * agg-terms-max}), over the bench's documents ({@link DocGenerator}, seed 42) in one segment on
 * disk, as a good Lucene programmer would write it: a match-all search whose collector counts into
 * arrays by the segment's ordinal (the keyword is single-valued, so its {@link SortedDocValues})
 * and keeps each ordinal's min and max from the price's {@link NumericDocValues}; terms are looked
 * up only for the buckets, and the top ten by count kept, as {@code terms} returns them.
 *
 * <p>Run by JMH for latency ({@code org.openjdk.jmh.Main TermsMinMaxBaseline}), or by its {@link
 * #main} for the CPU time per aggregation on the calling thread, the figure that a loaded machine
 * moves least (arguments: rounds, calls per round, metrics).
 */
@SuppressForbidden(reason = "its main prints its figures")
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx1g", "--add-modules", "jdk.incubator.vector"})
public class TermsMinMaxBaseline {
  private static final int TOP = 10;

  @Param({"50000"})
  int docs;

  @Param({"minmax", "max"})
  String metrics;

  private Path folder;
  private Directory directory;
  private DirectoryReader reader;
  private IndexSearcher searcher;

  @Setup(Level.Trial)
  public void index() throws IOException {
    folder = Files.createTempDirectory("terms-min-max-baseline");
    directory = new MMapDirectory(folder);
    DocGenerator generator = new DocGenerator(42);
    JsonFactory json = new JsonFactory();
    try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      for (int n = 0; n < docs; n++) {
        writer.addDocument(fields(json, generator.doc(n).source()));
      }
      writer.forceMerge(1);
    }
    reader = DirectoryReader.open(directory);
    searcher = new IndexSearcher(reader);
    searcher.setQueryCache(null); // nothing cached between calls, as request_cache=false
  }

  @TearDown(Level.Trial)
  public void close() throws IOException {
    reader.close();
    directory.close();
    try (var files = Files.list(folder)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(folder);
  }

  @Benchmark
  public List<Bucket> aggregate() throws IOException {
    return searcher.search(MatchAllDocsQuery.INSTANCE, new TermsMinMax(metrics.equals("minmax")));
  }

  /** CPU time and wall p50 per aggregation, a round at a time, after a warm-up round. */
  public static void main(String[] args) throws IOException {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
    TermsMinMaxBaseline bench = new TermsMinMaxBaseline();
    bench.docs = 50_000;
    bench.metrics = args.length > 2 ? args[2] : "minmax";
    bench.index();
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try {
      System.out.println(bench.aggregate());
      for (int round = 0; round <= rounds; round++) {
        long[] wall = new long[calls];
        long cpu = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
          long start = System.nanoTime();
          bench.aggregate();
          wall[i] = System.nanoTime() - start;
        }
        cpu = threads.getCurrentThreadCpuTime() - cpu;
        Arrays.sort(wall);
        System.out.printf(
            Locale.ROOT,
            "%s %s: wall p50 %.3f ms, CPU %.1f us/call%n",
            round == 0 ? "warm-up" : "round " + round,
            bench.metrics,
            wall[calls / 2] / 1e6,
            cpu / 1000.0 / calls);
      }
    } finally {
      bench.close();
    }
  }

  /** The document's keyword and price, indexed as Duet's keyword and double types keep them. */
  private static Document fields(JsonFactory json, byte[] source) {
    Document doc = new Document();
    try (JsonParser p = json.createParser(source)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        switch (name) {
          case "category" ->
              doc.add(new SortedSetDocValuesField("category", new BytesRef(p.getText())));
          case "price" ->
              doc.add(
                  new SortedNumericDocValuesField(
                      "price", NumericUtils.doubleToSortableLong(p.getDoubleValue())));
          default -> {
            if (value.isStructStart()) {
              p.skipChildren();
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return doc;
  }

  /** One bucket of the answer. */
  public record Bucket(String key, long count, double min, double max) {}

  /** Per segment: count, min and max by ordinal; reduced by term over the segments. */
  private static final class TermsMinMax implements CollectorManager<SegmentCounts, List<Bucket>> {
    private final boolean min;

    TermsMinMax(boolean min) {
      this.min = min;
    }

    @Override
    public SegmentCounts newCollector() {
      return new SegmentCounts(min);
    }

    @Override
    public List<Bucket> reduce(Collection<SegmentCounts> collectors) throws IOException {
      Map<String, double[]> byTerm = new HashMap<>();
      for (SegmentCounts c : collectors) {
        c.into(byTerm);
      }
      List<Bucket> buckets = new ArrayList<>(byTerm.size());
      byTerm.forEach((k, v) -> buckets.add(new Bucket(k, (long) v[0], v[1], v[2])));
      buckets.sort(
          (a, b) -> a.count != b.count ? Long.compare(b.count, a.count) : a.key.compareTo(b.key));
      return buckets.subList(0, Math.min(TOP, buckets.size()));
    }
  }

  private static final class SegmentCounts implements Collector {
    private final boolean withMin;
    private final List<long[]> counts = new ArrayList<>();
    private final List<double[]> mins = new ArrayList<>();
    private final List<double[]> maxes = new ArrayList<>();
    private final List<SortedSetDocValues> terms = new ArrayList<>();

    SegmentCounts(boolean withMin) {
      this.withMin = withMin;
    }

    @Override
    public ScoreMode scoreMode() {
      return ScoreMode.COMPLETE_NO_SCORES;
    }

    @Override
    public LeafCollector getLeafCollector(LeafReaderContext context) throws IOException {
      SortedSetDocValues keywords = DocValues.getSortedSet(context.reader(), "category");
      SortedDocValues keyword = DocValues.unwrapSingleton(keywords);
      SortedNumericDocValues prices = DocValues.getSortedNumeric(context.reader(), "price");
      NumericDocValues price = DocValues.unwrapSingleton(prices);
      if (keyword == null || price == null) {
        throw new IllegalStateException("the bench's category and price are single-valued");
      }
      int ords = (int) keywords.getValueCount();
      long[] count = new long[ords];
      double[] min = new double[ords];
      double[] max = new double[ords];
      Arrays.fill(min, Double.POSITIVE_INFINITY);
      Arrays.fill(max, Double.NEGATIVE_INFINITY);
      counts.add(count);
      mins.add(min);
      maxes.add(max);
      terms.add(keywords);
      boolean withMin = this.withMin;
      return new LeafCollector() {
        @Override
        public void setScorer(Scorable scorer) {}

        @Override
        public void collect(int doc) throws IOException {
          if (!keyword.advanceExact(doc)) {
            return;
          }
          int ord = keyword.ordValue();
          count[ord]++;
          if (price.advanceExact(doc)) {
            double v = NumericUtils.sortableLongToDouble(price.longValue());
            if (withMin && v < min[ord]) {
              min[ord] = v;
            }
            if (v > max[ord]) {
              max[ord] = v;
            }
          }
        }
      };
    }

    void into(Map<String, double[]> byTerm) throws IOException {
      for (int s = 0; s < counts.size(); s++) {
        long[] count = counts.get(s);
        for (int ord = 0; ord < count.length; ord++) {
          if (count[ord] == 0) {
            continue;
          }
          String term = terms.get(s).lookupOrd(ord).utf8ToString();
          double[] b =
              byTerm.computeIfAbsent(
                  term, t -> new double[] {0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY});
          b[0] += count[ord];
          b[1] = Math.min(b[1], mins.get(s)[ord]);
          b[2] = Math.max(b[2], maxes.get(s)[ord]);
        }
      }
    }
  }
}
