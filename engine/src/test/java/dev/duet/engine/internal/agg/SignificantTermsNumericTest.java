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
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.SignificantBucket;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
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
 * {@code significant_terms} on integer, date and boolean fields keys its buckets by the number (a
 * date's formatted, a boolean's as a {@code Boolean} beside it) and takes a value's background
 * frequency from the documents holding it; floating-point fields are refused as in OpenSearch.
 */
class SignificantTermsNumericTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "s",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "c", Map.of("type", "keyword"),
                    "l", Map.of("type", "long"),
                    "t", Map.of("type", "date"),
                    "b", Map.of("type", "boolean"),
                    "d", Map.of("type", "double")))));
    // Two bulks: two segments, so background counts add up across them.
    index(
        "{\"c\":\"x\",\"l\":[1,1],\"t\":\"2024-01-01\",\"b\":false,\"d\":1.5}",
        "{\"c\":\"x\",\"l\":1,\"t\":\"2024-01-01\",\"b\":false,\"d\":1.5}",
        "{\"c\":\"x\",\"l\":2,\"t\":\"2024-02-01\",\"b\":true,\"d\":2.5}");
    index(
        "{\"c\":\"y\",\"l\":2,\"t\":\"2024-02-01\",\"b\":true,\"d\":2.5}",
        "{\"c\":\"y\",\"l\":3,\"t\":\"2024-03-01\",\"b\":false,\"d\":3.5}",
        "{\"c\":\"y\",\"l\":3,\"t\":\"2024-03-01\",\"b\":true,\"d\":3.5}",
        "{\"c\":\"x\",\"l\":1,\"t\":\"2024-01-01\",\"b\":false,\"d\":1.5}");
  }

  @AfterEach
  void close() throws Exception {
    engine.close();
  }

  @Test
  void longKeysAreNumbersScoredAgainstTheDocumentsHoldingThem() {
    AggregationResult.SignificantTerms sig = significant("x", "l");
    assertThat(sig.docCount()).isEqualTo(4);
    assertThat(sig.bgCount()).isEqualTo(7);
    SignificantBucket one = sig.buckets().get(0);
    assertThat(one.key()).isEqualTo(1L);
    assertThat(one.keyAsString()).isNull();
    assertThat(one.docCount()).isEqualTo(3); // the doc holding 1 twice counts once
    assertThat(one.bgCount()).isEqualTo(3);
    // JLH: (3/4 - 3/7) * (3/4) / (3/7)
    assertThat(one.score()).isEqualTo((0.75 - 3.0 / 7) * (0.75 / (3.0 / 7)));
  }

  @Test
  void dateKeysCarryTheirFormattedForm() {
    SignificantBucket march = significant("y", "t").buckets().get(0);
    assertThat(march.key()).isEqualTo(1709251200000L);
    assertThat(march.keyAsString()).isEqualTo("2024-03-01T00:00:00.000Z");
    assertThat(march.bgCount()).isEqualTo(2);
  }

  @Test
  void booleanKeysAreZeroOrOneWithABooleanString() {
    SignificantBucket no = significant("x", "b").buckets().get(0);
    assertThat(no.key()).isEqualTo(0L);
    assertThat(no.keyAsString()).isEqualTo(Boolean.FALSE);
    assertThat(no.bgCount()).isEqualTo(4);
  }

  @Test
  void floatingPointFieldsAreRefused() {
    assertThatThrownBy(() -> significant("x", "d"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("unsupported_operation_exception");
              assertThat(e.reason()).isEqualTo("No support for examining floating point numerics");
            });
  }

  private AggregationResult.SignificantTerms significant(String category, String field) {
    SearchRequest request =
        new SearchRequest(
                List.of("s"),
                new Query.Term("c", category, 1f),
                0,
                0,
                List.<SortSpec>of(),
                SourceFilter.ALL,
                TrackTotalHits.DEFAULT)
            .withAggregations(
                List.of(new Aggregation.SignificantTerms("sig", field, 10, 1, List.of())));
    return (AggregationResult.SignificantTerms) engine.search(request).aggregations().get(0);
  }

  private int nextId;

  private void index(String... sources) {
    List<BulkItem> items = new ArrayList<>();
    for (String source : sources) {
      items.add(
          new BulkItem(
              OpType.INDEX,
              "s",
              Integer.toString(nextId++),
              source.getBytes(StandardCharsets.UTF_8)));
    }
    engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }
}
