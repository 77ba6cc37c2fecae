package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
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
 * A {@code date_nanos} field through the engine, as OpenSearch's suite checks it ({@code
 * search/240_date_nanos}): nanosecond sort values, the 1970–2262 limits, {@code docvalue_fields}
 * formats and millisecond range queries.
 */
class DateNanosEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "ns",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("date", Map.of("type", "date_nanos")))));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private BulkResponse write(String... jsons) {
    List<BulkItem> items = new ArrayList<>();
    for (int i = 0; i < jsons.length; i++) {
      items.add(
          new BulkItem(
              OpType.INDEX, "ns", "d" + (i + 1), jsons[i].getBytes(StandardCharsets.UTF_8)));
    }
    return engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  private SearchRequest request(Query query, SortSpec... sort) {
    return new SearchRequest(
        List.of("ns"), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  @Test
  void sortValuesAreEpochNanoseconds() {
    write(
        "{\"date\":\"2018-10-29T12:12:12.123456789Z\"}",
        "{\"date\":\"2018-10-29T12:12:12.987654321Z\"}");

    SearchResponse sorted =
        engine.search(
            request(new Query.MatchAll(1f), new SortSpec("date", SortSpec.SortOrder.DESC)));

    assertThat(sorted.hits().stream().map(SearchHit::id)).containsExactly("d2", "d1");
    assertThat(sorted.hits().stream().map(SearchHit::sortValues))
        .containsExactly(List.of(1540815132987654321L), List.of(1540815132123456789L));
  }

  @Test
  void datesOutsideWhatNanosecondsHoldAreRefused() {
    BulkResponse written =
        write(
            "{\"date\":\"1969-10-28T12:12:12.123456789Z\"}",
            "{\"date\":\"2263-10-29T12:12:12.123456789Z\"}");

    assertThat(written.items().get(0).failure().causedBy().reason())
        .isEqualTo(
            "date[1969-10-28T12:12:12.123456789Z] is before the epoch in 1970 and cannot be"
                + " stored in nanosecond resolution");
    assertThat(written.items().get(1).failure().causedBy().reason())
        .isEqualTo(
            "date[2263-10-29T12:12:12.123456789Z] is after 2262-04-11T23:47:16.854775807 and"
                + " cannot be stored in nanosecond resolution");
  }

  @Test
  void docvalueFieldsShowTheFormatsPrecision() {
    write("{\"date\":\"2018-10-29T12:12:12.123456789Z\"}");
    FetchOptions docValues =
        new FetchOptions(
            null,
            List.of(
                new FieldAndFormat("date", "strict_date_optional_time"),
                new FieldAndFormat("date", "epoch_millis"),
                new FieldAndFormat("date", "uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSSX")),
            null,
            false,
            List.of(),
            false);

    assertThat(
            engine
                .search(request(new Query.MatchAll(1f)).withFetch(docValues))
                .hits()
                .get(0)
                .details()
                .fields())
        .containsEntry(
            "date",
            List.of(
                "2018-10-29T12:12:12.123Z",
                "1540815132123.456789",
                "2018-10-29T12:12:12.123456789Z"));
  }

  @Test
  void rangeQueriesCompareToTheMillisecond() {
    write("{\"date\":\"2018-10-29T12:12:12.123456789Z\"}", "{\"date\":\"2018-10-30T00:00:00Z\"}");

    List<String> ids =
        engine
            .search(
                request(
                    new Query.Range(
                        "date",
                        null,
                        "2018-10-29T12:12:12.123Z",
                        null,
                        "2018-10-29||/d",
                        null,
                        1f)))
            .hits()
            .stream()
            .map(SearchHit::id)
            .toList();
    assertThat(ids).containsExactly("d1");
  }
}
