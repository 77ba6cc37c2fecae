package dev.duet.engine.internal.agg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rare_terms} keeps the terms in at most {@code max_doc_count} documents, fewest first and
 * then by key, typed apart from {@code terms}; a date's listed values are read as dates — as
 * OpenSearch 3.8.0 answered the same requests.
 */
class RareTermsTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "r",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "s", Map.of("type", "keyword"),
                    "n", Map.of("type", "long"),
                    "d", Map.of("type", "date"),
                    "ip", Map.of("type", "ip")))));
    List<BulkItem> docs = new ArrayList<>();
    String[] sources = {
      "{\"s\":\"a\",\"n\":1,\"d\":\"2016-05-03\",\"ip\":\"::1\"}",
      "{\"s\":\"a\",\"n\":1,\"ip\":\"127.0.0.1\"}",
      "{\"s\":\"b\",\"n\":2,\"d\":\"2014-09-01\",\"ip\":\"::1\"}",
      "{\"s\":\"c\",\"n\":3}"
    };
    for (int i = 0; i < sources.length; i++) {
      docs.add(
          new BulkItem(OpType.INDEX, "r", "d" + i, sources[i].getBytes(StandardCharsets.UTF_8)));
    }
    assertThat(engine.bulk(new BulkRequest(docs, RefreshPolicy.IMMEDIATE)).errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private AggregationResult.Buckets rare(String field, long maxDocCount, IncludeExclude filter) {
    return (AggregationResult.Buckets)
        engine
            .search(
                new SearchRequest(
                        List.of("r"),
                        new Query.MatchAll(1f),
                        0,
                        0,
                        List.of(),
                        SourceFilter.ALL,
                        TrackTotalHits.DEFAULT)
                    .withAggregations(
                        List.of(
                            new Aggregation.RareTerms(
                                "rare", field, maxDocCount, null, filter, List.of()))))
            .aggregations()
            .get(0);
  }

  @Test
  void keepsTheRareTermsFewestFirstThenByKey() {
    AggregationResult.Buckets strings = rare("s", 1, null);
    assertThat(strings.kind()).isEqualTo(AggregationResult.Kind.STRING_RARE_TERMS);
    assertThat(strings.buckets()).extracting(Bucket::key).containsExactly("b", "c");
    assertThat(strings.sumOtherDocCount()).isNull();

    AggregationResult.Buckets longs = rare("n", 2, null);
    assertThat(longs.kind()).isEqualTo(AggregationResult.Kind.LONG_RARE_TERMS);
    assertThat(longs.buckets()).extracting(Bucket::key).containsExactly(2L, 3L, 1L);

    assertThat(rare("ip", 1, null).buckets()).extracting(Bucket::key).containsExactly("127.0.0.1");
  }

  @Test
  void listedDatesAreReadByTheFieldsFormat() {
    AggregationResult.Buckets included =
        rare("d", 1, new IncludeExclude(null, null, List.of("2014-09-01"), null));
    assertThat(included.buckets())
        .extracting(Bucket::key, Bucket::keyAsString)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1409529600000L, "2014-09-01T00:00:00.000Z"));
    assertThat(rare("d", 1, new IncludeExclude(null, null, null, List.of("2014-09-01"))).buckets())
        .extracting(Bucket::key)
        .containsExactly(1462233600000L);
  }

  @Test
  void maxDocCountIsBoundedAsInOpenSearch() {
    assertThatThrownBy(() -> rare("s", 0, null))
        .isInstanceOf(DuetException.class)
        .hasMessage("[max_doc_count] must be greater than 0. Found [0] in [rare]");
    assertThatThrownBy(() -> rare("s", 101, null))
        .isInstanceOf(DuetException.class)
        .hasMessage("[max_doc_count] must be smallerthan 100in [rare]");
  }
}
