package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.QueryControls;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import dev.duet.engine.search.agg.Aggregation;
import dev.duet.engine.search.agg.AggregationResult.Bucket;
import dev.duet.engine.search.agg.AggregationResult.Buckets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One search over several slices of an index at once, and the collectors that must not. */
class SearchThreadsTest {
  /** Lucene puts at most 5 segments in a slice: 8 segments make 2 slices. */
  private static final int SEGMENTS = 8;

  @TempDir Path data;

  @Test
  void anIndexOfManySegmentsIsSearchedInSlicesAndSequentialKeepsOneSlice() throws Exception {
    try (Directory dir = FSDirectory.open(data.resolve("lucene"));
        SearchThreads threads = new SearchThreads(2)) {
      try (IndexWriter writer =
          new IndexWriter(dir, new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE))) {
        for (int i = 0; i < SEGMENTS; i++) {
          Document doc = new Document();
          doc.add(new StringField("id", Integer.toString(i), StringField.Store.NO));
          writer.addDocument(doc);
          writer.commit();
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher concurrent = threads.factory().newSearcher(reader, null);
        IndexSearcher sequential = SearchThreads.sequential(concurrent);

        assertThat(concurrent.getSlices()).hasSizeGreaterThan(1);
        assertThat(sequential.getSlices()).hasSize(1);
        assertThat(sequential.getIndexReader()).isSameAs(reader);
        assertThat(sequential.getSimilarity()).isSameAs(concurrent.getSimilarity());
        assertThat(sequential.count(new org.apache.lucene.search.MatchAllDocsQuery()))
            .isEqualTo(SEGMENTS);
      }
    }
  }

  @Test
  void searchesOverSeveralSlicesAnswerAsOneSliceWould() {
    try (Engine engine = Engines.open(data)) {
      engine.createIndex(
          "sliced",
          IndexSettings.DEFAULTS,
          Mapping.fromMap(
              Map.of(
                  "properties",
                  Map.of("kind", Map.of("type", "keyword"), "n", Map.of("type", "integer")))));
      int perSegment = 5_000; // enough work per slice for the slices to overlap in time
      // Each bulk refreshed: several segments (merges may join some, so the slice count varies).
      for (int s = 0; s < SEGMENTS; s++) {
        List<BulkItem> items = new ArrayList<>();
        for (int i = 0; i < perSegment; i++) {
          int n = s * perSegment + i;
          items.add(
              index(
                  "sliced",
                  Integer.toString(n),
                  "{\"kind\":\"k" + (n % 3) + "\",\"n\":" + n + "}"));
        }
        engine.bulk(bulk(RefreshPolicy.IMMEDIATE, items.toArray(BulkItem[]::new)));
      }
      int total = SEGMENTS * perSegment;

      SearchResponse sorted =
          engine.search(
              new SearchRequest(
                  List.of("sliced"),
                  matchAll(),
                  0,
                  5,
                  List.of(new SortSpec("n", SortSpec.SortOrder.DESC)),
                  SourceFilter.ALL,
                  TrackTotalHits.DEFAULT));
      // OpenSearch's default track_total_hits: counted exactly up to 10,000, then a lower bound.
      assertThat(sorted.totalHits().value()).isEqualTo(Math.min(total, 10_000));
      assertThat(sorted.totalHits().relation()).isEqualTo("gte");
      assertThat(sorted.hits())
          .extracting(SearchHit::id)
          .containsExactly("39999", "39998", "39997", "39996", "39995");

      // The aggregation's one collector sees every document once, whatever the slices.
      Buckets kinds =
          (Buckets)
              engine
                  .search(
                      new SearchRequest(
                              List.of("sliced"),
                              matchAll(),
                              0,
                              0,
                              List.of(),
                              SourceFilter.ALL,
                              TrackTotalHits.DEFAULT)
                          .withAggregations(
                              List.of(
                                  new Aggregation.Terms(
                                      "kinds", "kind", 10, -1, List.of(), 1, null, null,
                                      List.of()))))
                  .aggregations()
                  .get(0);
      assertThat(kinds.buckets())
          .extracting(Bucket::docCount)
          .containsExactly(13_334L, 13_333L, 13_333L);

      // terminate_after counts in collection order across the slices: exactly that many.
      SearchResponse stopped =
          engine.search(
              search("sliced", matchAll()).withControls(new QueryControls(7, 0, null, List.of())));
      assertThat(stopped.totalHits().value()).isEqualTo(7);
      assertThat(stopped.terminatedEarly()).isTrue();
    }
  }
}
