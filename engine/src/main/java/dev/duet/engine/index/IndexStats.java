package dev.duet.engine.index;

import java.util.Map;
import java.util.TreeMap;

/**
 * One index's figures for {@code _stats}: its identity ({@code info}), the values of every {@link
 * StatsCounter}, the search figures of each {@code stats} group a search named, the sizes of its
 * Lucene files by extension, the loaded field data by field, the completion suggesters' sizes by
 * field, and its last Lucene commit. On one node the index is one shard, so these are also its
 * shard's figures. A closed index has only its identity and zeros.
 */
public record IndexStats(
    IndexInfo info,
    Values values,
    Map<String, Values> searchGroups,
    Map<String, Long> fileSizes,
    Map<String, Long> fielddataFields,
    Map<String, Long> completionFields,
    Commit commit) {

  public IndexStats {
    searchGroups = Map.copyOf(searchGroups);
    fileSizes = Map.copyOf(fileSizes);
    fielddataFields = Map.copyOf(fielddataFields);
    completionFields = Map.copyOf(completionFields);
  }

  /** A closed index's figures: none. */
  public static IndexStats closed(IndexInfo info) {
    return new IndexStats(info, Values.ZERO, Map.of(), Map.of(), Map.of(), Map.of(), null);
  }

  /**
   * The index's last Lucene commit as {@code level=shards} shows it: id (base64), generation, user
   * data and the documents it holds.
   */
  public record Commit(String id, long generation, Map<String, String> userData, long numDocs) {
    public Commit {
      userData = java.util.Collections.unmodifiableMap(new TreeMap<>(userData));
    }
  }

  /** An immutable value per {@link StatsCounter}. */
  public static final class Values {
    public static final Values ZERO = new Values(new long[StatsCounter.all().length]);

    private final long[] values;

    private Values(long[] values) {
      this.values = values;
    }

    /** Values from an array indexed by {@link StatsCounter#ordinal()}, copied. */
    public static Values of(long[] values) {
      if (values.length != StatsCounter.all().length) {
        throw new IllegalArgumentException(
            "values: " + values.length + " (expected: " + StatsCounter.all().length + ")");
      }
      return new Values(values.clone());
    }

    public long get(StatsCounter counter) {
      return values[counter.ordinal()];
    }

    /** These values and {@code other}'s, combined figure by figure. */
    public Values plus(Values other) {
      long[] sum = new long[values.length];
      for (StatsCounter c : StatsCounter.all()) {
        sum[c.ordinal()] = c.combine(values[c.ordinal()], other.values[c.ordinal()]);
      }
      return new Values(sum);
    }
  }

  /** Sums of several indices' maps by key (file sizes, fields). */
  public static Map<String, Long> sum(Map<String, Long> a, Map<String, Long> b) {
    Map<String, Long> out = new TreeMap<>(a);
    b.forEach((k, v) -> out.merge(k, v, Long::sum));
    return out;
  }
}
