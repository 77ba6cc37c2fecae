package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.SearchHit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.internal.hppc.LongObjectHashMap;
import org.apache.lucene.search.Collector;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.Scorable;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopDocsCollector;
import org.apache.lucene.search.TopFieldCollectorManager;
import org.apache.lucene.search.TopFieldDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;

/**
 * {@code top_hits}: one Lucene top-docs collector per bucket and index (by score unless sorted),
 * merged across indices and fetched when the result is built.
 */
final class TopHitsAggregator extends Aggregator {
  private final Aggregation.TopHits spec;
  private final Map<AggregationTarget, LongObjectHashMap<TopDocsCollector<?>>> collectors =
      new LinkedHashMap<>();
  private final Map<AggregationTarget, Sort> sorts = new LinkedHashMap<>();

  // The nested path whose documents this aggregator collects; null for whole documents.
  private final String nestedPath;

  TopHitsAggregator(Aggregation.TopHits spec, String nestedPath) {
    super(spec.name());
    this.spec = spec;
    this.nestedPath = nestedPath;
  }

  @Override
  boolean needsScores() {
    return true;
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    AggregationTarget target = segment.target;
    Sort sort = sorts.computeIfAbsent(target, t -> t.sorts().apply(spec.sort()));
    LongObjectHashMap<TopDocsCollector<?>> byBucket =
        collectors.computeIfAbsent(target, t -> new LongObjectHashMap<>());
    LongObjectHashMap<org.apache.lucene.search.LeafCollector> leaves = new LongObjectHashMap<>();
    Scorable scores =
        new Scorable() {
          @Override
          public float score() throws IOException {
            return segment.scorer == null ? 1f : segment.scorer.score();
          }
        };
    int n = Math.max(1, spec.from() + spec.size());
    return (doc, bucket) -> {
      org.apache.lucene.search.LeafCollector leaf = leaves.get(bucket);
      if (leaf == null) {
        TopDocsCollector<?> c = byBucket.get(bucket);
        if (c == null) {
          // The collector's queue is filled with n sentinels up front: a slot and a ScoreDoc each.
          reserve(n * 48L);
          c =
              sort == null
                  ? new TopScoreDocCollectorManager(n, Integer.MAX_VALUE).newCollector()
                  : new TopFieldCollectorManager(sort, n, null, Integer.MAX_VALUE).newCollector();
          byBucket.put(bucket, c);
        }
        leaf = ((Collector) c).getLeafCollector(segment.context);
        leaf.setScorer(scores);
        leaves.put(bucket, leaf);
      }
      leaf.collect(doc);
    };
  }

  @Override
  AggregationResult build(long bucket) throws IOException {
    List<AggregationTarget> targets = new ArrayList<>();
    List<TopDocs> results = new ArrayList<>();
    long total = 0;
    for (var entry : collectors.entrySet()) {
      TopDocsCollector<?> c = bucket < 0 ? null : entry.getValue().get(bucket);
      if (c == null) {
        continue;
      }
      TopDocs docs = c.topDocs();
      for (ScoreDoc sd : docs.scoreDocs) {
        sd.shardIndex = targets.size();
      }
      total += docs.totalHits.value();
      targets.add(entry.getKey());
      results.add(docs);
    }
    if (results.isEmpty()) {
      return new AggregationResult.TopHits(name, 0, Float.NaN, List.of());
    }
    Sort sort = sorts.get(targets.get(0));
    TopDocs merged =
        sort == null
            ? TopDocs.merge(spec.from(), spec.size(), results.toArray(new TopDocs[0]))
            : TopDocs.merge(
                sort,
                spec.from(),
                spec.size(),
                results.stream().map(r -> (TopFieldDocs) r).toArray(TopFieldDocs[]::new));
    List<SearchHit> hits = new ArrayList<>(merged.scoreDocs.length);
    float maxScore = Float.NaN;
    for (ScoreDoc sd : merged.scoreDocs) {
      AggregationTarget target = targets.get(sd.shardIndex);
      SearchHit hit = target.fetcher().fetch(sd, sort, spec, nestedPath);
      hits.add(hit);
      if (!(sd instanceof FieldDoc) && !(sd.score <= maxScore)) {
        maxScore = sd.score;
      }
    }
    if (sort == null && !results.isEmpty()) {
      for (TopDocs r : results) {
        if (r.scoreDocs.length > 0 && !(r.scoreDocs[0].score <= maxScore)) {
          maxScore = r.scoreDocs[0].score;
        }
      }
    }
    return new AggregationResult.TopHits(name, total, maxScore, hits);
  }
}
