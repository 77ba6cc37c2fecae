package dev.duet.engine.internal.search;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.EngineFixture;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hit count known to pass track_total_hits from the terms dictionary, without counting. */
public class TotalHitsBoundTest {
  @TempDir Path data;

  @Test
  void aTermOrADisjunctionOfTermsIsBoundedByItsMostFrequentTermLessDeletions() throws IOException {
    try (Directory dir = new ByteBuffersDirectory();
        IndexWriter writer =
            new IndexWriter(dir, new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE))) {
      // Two segments of 50: "a" in every document, "b" in every fifth; then 10 "a" documents go.
      for (int segment = 0; segment < 2; segment++) {
        for (int i = 0; i < 50; i++) {
          Document doc = new Document();
          doc.add(new StringField("id", segment + "-" + i, Field.Store.NO));
          doc.add(new StringField("f", "a", Field.Store.NO));
          if (i % 5 == 0) {
            doc.add(new StringField("f", "b", Field.Store.NO));
          }
          writer.addDocument(doc);
        }
        writer.commit();
      }
      for (int i = 1; i <= 10; i++) {
        writer.deleteDocuments(new Term("id", "0-" + i));
      }
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        TermQuery a = new TermQuery(new Term("f", "a"));
        TermQuery b = new TermQuery(new Term("f", "b"));
        TermQuery absent = new TermQuery(new Term("f", "z"));
        BooleanQuery either = or(b, a, absent);

        // 100 documents hold "a", 10 of them deleted: at least 90 live.
        assertThat(TotalHitsBound.reaches(reader, a, 90)).isTrue();
        assertThat(TotalHitsBound.reaches(reader, a, 91)).isFalse();
        assertThat(TotalHitsBound.reaches(reader, either, 90)).isTrue();
        assertThat(TotalHitsBound.reaches(reader, new BoostQuery(either, 2f), 90)).isTrue();
        assertThat(TotalHitsBound.reaches(reader, or(b, absent), 20)).isFalse();
        assertThat(TotalHitsBound.reaches(reader, a, 0)).isFalse(); // nothing to count

        // Shapes whose matches a term's frequency does not bound.
        BooleanQuery both =
            new BooleanQuery.Builder().add(a, Occur.MUST).add(b, Occur.MUST).build();
        BooleanQuery twoOf =
            new BooleanQuery.Builder()
                .add(a, Occur.SHOULD)
                .add(b, Occur.SHOULD)
                .setMinimumNumberShouldMatch(2)
                .build();
        BooleanQuery notB =
            new BooleanQuery.Builder().add(a, Occur.SHOULD).add(b, Occur.MUST_NOT).build();
        assertThat(TotalHitsBound.reaches(reader, both, 1)).isFalse();
        assertThat(TotalHitsBound.reaches(reader, twoOf, 1)).isFalse();
        assertThat(TotalHitsBound.reaches(reader, notB, 1)).isFalse();
        assertThat(TotalHitsBound.reaches(reader, new PhraseQuery("f", "a", "b"), 1)).isFalse();
      }
    }
  }

  @Test
  void aMatchPastTheLimitReportsTheLimitWithTheHitsOfAnExactCount() {
    try (Engine engine = Engines.open(data)) {
      engine.createIndex(
          "texts",
          IndexSettings.DEFAULTS,
          Mapping.fromMap(Map.of("properties", Map.of("body", Map.of("type", "text")))));
      List<BulkItem> items = new ArrayList<>();
      for (int i = 0; i < 400; i++) {
        // "common" everywhere, repeated so that scores differ; "rare" in a few documents.
        String body = "common ".repeat(1 + i % 7) + (i % 37 == 0 ? "rare" : "filler" + i);
        items.add(index("texts", Integer.toString(i), "{\"body\":\"" + body + "\"}"));
      }
      engine.bulk(bulk(RefreshPolicy.NONE, items.toArray(BulkItem[]::new)));
      engine.bulk(bulk(RefreshPolicy.IMMEDIATE, delete("texts", "7"), delete("texts", "8")));

      Query match = EngineFixture.match("body", "rare common");
      SearchResponse bounded = engine.search(request(match, new TrackTotalHits(true, 100)));
      SearchResponse exact = engine.search(request(match, TrackTotalHits.EXACT));

      assertThat(exact.totalHits()).isEqualTo(new SearchResponse.TotalHits(398, "eq"));
      assertThat(bounded.totalHits()).isEqualTo(new SearchResponse.TotalHits(100, "gte"));
      assertThat(ids(bounded)).hasSize(10).isEqualTo(ids(exact));
      assertThat(scores(bounded)).isEqualTo(scores(exact));
      assertThat(bounded.maxScore()).isEqualTo(exact.maxScore());

      // Under the limit the count stays exact: "rare" alone is in 11 documents.
      SearchResponse few =
          engine.search(
              request(EngineFixture.match("body", "rare"), new TrackTotalHits(true, 100)));
      assertThat(few.totalHits()).isEqualTo(new SearchResponse.TotalHits(11, "eq"));
    }
  }

  private static BooleanQuery or(TermQuery... terms) {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (TermQuery t : terms) {
      b.add(t, Occur.SHOULD);
    }
    return b.build();
  }

  private static SearchRequest request(Query query, TrackTotalHits track) {
    return new SearchRequest(List.of("texts"), query, 0, 10, List.of(), SourceFilter.NONE, track);
  }

  private static List<String> ids(SearchResponse response) {
    return response.hits().stream().map(SearchHit::id).toList();
  }

  private static List<Float> scores(SearchResponse response) {
    return response.hits().stream().map(SearchHit::score).toList();
  }
}
