package dev.duet.engine.internal.field;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
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
 * The range types ({@code integer_range} … {@code ip_range}) through the engine: the three
 * relations of a {@code range} query as OpenSearch's suite checks them ({@code range/10_basic}),
 * exclusive bounds, CIDR values, date math rounding and the values OpenSearch refuses.
 */
class RangeTypesEngineTest {
  @TempDir Path data;
  Engine engine;

  private String index = "ranges";

  @BeforeEach
  void open() {
    engine = Engines.open(data);
  }

  private void create(String name, Map<String, Object> properties) {
    index = name;
    engine.createIndex(
        name, IndexSettings.DEFAULTS, Mapping.fromMap(Map.of("properties", properties)));
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
              OpType.INDEX,
              index,
              String.valueOf(i + 1),
              jsons[i].getBytes(StandardCharsets.UTF_8)));
    }
    return engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  private SearchRequest request(Query query) {
    return new SearchRequest(
        List.of(index), query, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private List<String> ids(Query query) {
    return engine.search(request(query)).hits().stream().map(SearchHit::id).sorted().toList();
  }

  private static Query range(String field, Object gte, Object lte, String relation) {
    return new Query.Range(field, null, gte, null, lte, null, relation, 1f);
  }

  @Test
  void everyRangeTypeMatchesByTheQuerysRelation() {
    Map<String, List<Object>> values =
        Map.of(
            "integer_range", List.of(1, 5, 1, 3, 4, 5, 3, 4),
            "long_range", List.of(1, 5, 1, 3, 4, 5, 3, 4),
            "float_range", List.of(1, 5, 1, 3, 4, 5, 3, 4),
            "double_range", List.of(1, 5, 1, 3, 4, 5, 3, 4),
            "ip_range",
                List.of(
                    "\"192.168.0.1\"",
                    "\"192.168.0.5\"",
                    "\"192.168.0.1\"",
                    "\"192.168.0.3\"",
                    "\"192.168.0.4\"",
                    "\"192.168.0.5\"",
                    "192.168.0.3",
                    "192.168.0.4"),
            "date_range",
                List.of(
                    "\"2017-09-01\"",
                    "\"2017-09-05\"",
                    "\"2017-09-01\"",
                    "\"2017-09-03\"",
                    "\"2017-09-04\"",
                    "\"2017-09-05\"",
                    "2017-09-03",
                    "2017-09-04"));
    for (Map.Entry<String, List<Object>> e : values.entrySet()) {
      String f = e.getKey();
      List<Object> v = e.getValue();
      create(f.replace('_', '-'), Map.of(f, Map.of("type", f)));
      BulkResponse written =
          write(
              "{\"" + f + "\":{\"gte\":" + v.get(0) + ",\"lte\":" + v.get(1) + "}}",
              "{\"" + f + "\":{\"gte\":" + v.get(2) + ",\"lte\":" + v.get(3) + "}}",
              "{\"" + f + "\":{\"gte\":" + v.get(4) + ",\"lte\":" + v.get(5) + "}}",
              "{\"" + f + "\":null}");
      assertThat(written.errors()).as(f).isFalse();
      Object lo = v.get(6);
      Object hi = v.get(7);
      assertThat(ids(range(f, lo, hi, null))).as(f).containsExactly("1", "2", "3");
      assertThat(ids(range(f, lo, hi, "intersects"))).as(f).containsExactly("1", "2", "3");
      assertThat(ids(range(f, lo, hi, "contains"))).as(f).containsExactly("1");
      assertThat(ids(range(f, lo, hi, "within"))).as(f).isEmpty();
      assertThat(ids(new Exists(f, 1f))).as(f).containsExactly("1", "2", "3");
      String bounds = String.valueOf(lo).replace("\"", "");
      String upper = String.valueOf(hi).replace("\"", "");
      assertThat(
              ids(
                  new dev.duet.engine.search.QueryString(
                      false,
                      f + ":[" + bounds + " TO " + upper + "]",
                      List.of(),
                      null,
                      Query.Operator.OR,
                      null,
                      null,
                      false,
                      1f)))
          .as(f + " in query_string")
          .containsExactly("1", "2", "3");
    }
  }

  @Test
  void exclusiveBoundsCidrsAndDateRoundingAsOpenSearchHasThem() {
    create(
        "mixed",
        Map.of(
            "i", Map.of("type", "integer_range"),
            "ip", Map.of("type", "ip_range"),
            "d", Map.of("type", "date_range")));
    BulkResponse written =
        write(
            "{\"i\":{\"gt\":1,\"lt\":5},\"ip\":\"10.0.0.0/8\","
                + "\"d\":{\"gte\":\"2019-12-14T12:00:00.000Z\",\"lte\":\"2019-12-14T13:00:00.000Z\"}}",
            "{\"d\":{\"gte\":\"2019-12-15T12:00:00.000Z\",\"lte\":\"2019-12-15T13:00:00.000Z\"}}",
            "{\"d\":{\"gte\":\"2019-12-16T12:00:00.000Z\",\"lte\":\"2019-12-16T13:00:00.000Z\"}}");
    assertThat(written.errors()).isFalse();

    assertThat(ids(range("i", 5, 9, null))).isEmpty(); // lt 5 is 4 inclusive
    assertThat(ids(range("i", 2, 4, "within"))).containsExactly("1"); // gt 1 is 2 inclusive
    assertThat(ids(range("i", 3, 4, "within"))).isEmpty();
    assertThat(ids(range("i", 2, 4, "contains"))).containsExactly("1");
    assertThat(ids(new Query.Term("ip", "10.200.3.4", 1f))).containsExactly("1");
    assertThat(ids(new Query.Term("ip", "11.0.0.0", 1f))).isEmpty();
    assertThat(ids(new Query.Range("d", "2019-12-15||/d", null, null, null, null, "within", 1f)))
        .containsExactly("3");
    assertThat(ids(new Query.Range("d", null, "2019-12-15||/d", null, null, null, "within", 1f)))
        .containsExactly("2", "3");
    assertThat(ids(new Query.Range("d", null, null, "2019-12-15||/d", null, null, "within", 1f)))
        .containsExactly("1");
    assertThat(ids(new Query.Range("d", null, null, null, "2019-12-15||/d", null, "within", 1f)))
        .containsExactly("1", "2");
  }

  @Test
  void valuesOpenSearchRefusesAreRefused() {
    create("bad", Map.of("i", Map.of("type", "integer_range")));
    BulkResponse written =
        write("{\"i\":{\"gte\":5,\"lte\":1}}", "{\"i\":{\"gte\":5,\"foo\":1}}", "{\"i\":5}");

    assertThat(written.items().get(0).failure().causedBy().reason())
        .isEqualTo("min value (5) is greater than max value (1)");
    assertThat(written.items().get(1).failure().causedBy().reason())
        .isEqualTo("error parsing field [i], with unknown parameter [foo]");
    assertThat(written.items().get(2).failure().causedBy().reason())
        .isEqualTo("error parsing field [i], expected an object but got i");
    assertThatThrownBy(() -> range("i", 1, 2, "foo"))
        .isInstanceOf(DuetException.class)
        .hasMessage("foo is not a valid relation");
  }

  @Test
  void theFieldsOptionShowsTheSourceRange() {
    create("shown", Map.of("i", Map.of("type", "integer_range")));
    write("{\"i\":{\"gt\":1,\"lt\":5}}");
    FetchOptions fields =
        new FetchOptions(
            null, List.of(), null, false, List.of(new FieldAndFormat("i", null)), false);

    assertThat(
            engine
                .search(request(new Query.MatchAll(1f)).withFetch(fields))
                .hits()
                .get(0)
                .details()
                .fields())
        .containsEntry("i", List.of(Map.of("gt", 1, "lt", 5)));
  }
}
