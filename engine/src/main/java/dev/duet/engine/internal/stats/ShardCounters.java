package dev.duet.engine.internal.stats;

import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.StatsCounter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The running counters of one index (Duet's one shard of it): a {@link LongAdder} per {@link
 * StatsCounter}, so the write and search paths count without contention and without allocating, and
 * the search figures of each {@code stats} group a search named. Point-in-time figures (docs,
 * store, segments, translog) are not counted here: the index fills them in when it is asked.
 *
 * <p>The {@code completion} section ({@link StatsCounter#COMPLETION_BYTES} and the sizes by field)
 * is filled where the index builds its snapshot ({@code LuceneIndex.stats}), by the completion
 * field type's code.
 */
public final class ShardCounters {
  private static final StatsCounter[] ALL = StatsCounter.values();

  private final LongAdder[] adders = new LongAdder[ALL.length];
  private final LongAccumulator lastIndexRequest = new LongAccumulator(Math::max, 0);
  private final Map<String, ShardCounters> groups = new ConcurrentHashMap<>();

  public ShardCounters() {
    for (int i = 0; i < adders.length; i++) {
      adders[i] = new LongAdder();
    }
  }

  public void add(StatsCounter counter, long value) {
    adders[counter.ordinal()].add(value);
  }

  public void increment(StatsCounter counter) {
    adders[counter.ordinal()].increment();
  }

  public void decrement(StatsCounter counter) {
    adders[counter.ordinal()].decrement();
  }

  /** Marks an operation under way ({@code current}); returns its start for {@link #end}. */
  public long begin(StatsCounter current) {
    adders[current.ordinal()].increment();
    return System.nanoTime();
  }

  /** Ends an operation {@link #begin} started: one more {@code total}, its time to {@code time}. */
  public long end(StatsCounter current, StatsCounter total, StatsCounter time, long start) {
    long took = System.nanoTime() - start;
    adders[current.ordinal()].decrement();
    adders[total.ordinal()].increment();
    adders[time.ordinal()].add(took);
    return took;
  }

  /** An index request arrived now (epoch millis), for {@code max_last_index_request_timestamp}. */
  public void indexRequest(long epochMillis) {
    lastIndexRequest.accumulate(epochMillis);
  }

  /** The counters of a search {@code stats} group, created on first use. */
  public ShardCounters group(String name) {
    ShardCounters group = groups.get(name);
    return group != null ? group : groups.computeIfAbsent(name, n -> new ShardCounters());
  }

  /** The current values, in an array indexed by ordinal, for the index to complete. */
  public long[] snapshot() {
    long[] values = new long[ALL.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = adders[i].sum();
    }
    values[StatsCounter.MAX_LAST_INDEX_REQUEST_TIMESTAMP.ordinal()] = lastIndexRequest.get();
    return values;
  }

  /** The search groups' values by group name. */
  public Map<String, IndexStats.Values> groupSnapshots() {
    Map<String, IndexStats.Values> out = new TreeMap<>();
    groups.forEach((name, counters) -> out.put(name, IndexStats.Values.of(counters.snapshot())));
    return out;
  }
}
