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
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.GeoBoundingBox;
import dev.duet.engine.search.GeoDistance;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code geo_point} field through the engine: every input form OpenSearch accepts, {@code
 * ignore_malformed} and {@code ignore_z_value}, the geo queries, the {@code geo_distance}
 * aggregation and the {@code fields}/{@code docvalue_fields} shapes, as OpenSearch 3.8.0 answered
 * the same requests.
 */
class GeoPointEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "geo",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "loc", Map.of("type", "geo_point"),
                    "lax", Map.of("type", "geo_point", "ignore_malformed", true),
                    "flat", Map.of("type", "geo_point", "ignore_z_value", false)))));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private BulkResponse write(String... jsons) {
    List<BulkItem> items = new java.util.ArrayList<>();
    for (int i = 0; i < jsons.length; i++) {
      items.add(
          new BulkItem(
              OpType.INDEX,
              "geo",
              String.valueOf(i + 1),
              jsons[i].getBytes(StandardCharsets.UTF_8)));
    }
    return engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE));
  }

  private SearchRequest request(Query query) {
    return new SearchRequest(
        List.of("geo"), query, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private List<String> ids(Query query) {
    return engine.search(request(query)).hits().stream().map(SearchHit::id).sorted().toList();
  }

  private static Query box(double top, double left, double bottom, double right) {
    return new GeoBoundingBox("loc", List.of(left, top), List.of(right, bottom), false, 1f);
  }

  @Test
  void everyInputFormOfOpenSearchIndexesThePoint() {
    BulkResponse written =
        write(
            "{\"loc\":{\"lon\":52.374081,\"lat\":4.912350}}",
            "{\"loc\":\"4.901618,52.369219\"}",
            "{\"loc\":[52.371667,4.914722]}",
            "{\"loc\":\"POINT (52.371667 4.914722)\"}",
            "{\"loc\":\"t0v5zsq1gpzf\"}",
            "{\"loc\":{\"type\":\"Point\",\"coordinates\":[52.371667,4.914722]}}",
            "{\"loc\":[{\"lat\":14.9,\"lon\":152.3},\"4.9,52.37\"]}");

    assertThat(written.errors()).isFalse();
    assertThat(ids(box(5, 51, 3, 53))).containsExactly("1", "2", "3", "4", "5", "6", "7");
    assertThat(ids(box(15, 151, 13, 153))).containsExactly("7");
  }

  @Test
  void malformedPointsAreRefusedUnlessIgnoredAndZNeedsIgnoreZValue() {
    BulkResponse written =
        write(
            "{\"loc\":{\"lat\":100,\"lon\":1}}",
            "{\"loc\":\"abc\"}",
            "{\"lax\":\"abc\"}",
            "{\"loc\":[1,2,3]}",
            "{\"flat\":[1,2,3]}");

    assertThat(written.items().get(0).failure().causedBy().reason())
        .isEqualTo("illegal latitude value [100.0] for loc");
    assertThat(written.items().get(1).failure().causedBy().reason())
        .isEqualTo("unsupported symbol [a] in geohash [abc]");
    assertThat(written.items().get(2).failure()).isNull();
    assertThat(written.items().get(3).failure()).isNull();
    assertThat(written.items().get(4).failure().causedBy().reason())
        .isEqualTo(
            "Exception parsing coordinates: found Z value [3.0] but [ignore_z_value] parameter"
                + " is [false]");
  }

  @Test
  void distanceAndBoxQueriesAndTermQueriesAsOpenSearchAnswersThem() {
    write(
        "{\"loc\":{\"lat\":40.7128,\"lon\":-74.0060}}",
        "{\"loc\":{\"lat\":34.0522,\"lon\":-118.2437}}",
        "{\"loc\":{\"lat\":41.8781,\"lon\":-87.6298}}");

    assertThat(ids(new GeoDistance("loc", "40.7,-74", "10km", false, 1f))).containsExactly("1");
    assertThat(ids(new GeoDistance("loc", List.of(-74.0, 40.7), "1200km", false, 1f)))
        .containsExactly("1", "3");
    assertThat(ids(box(42, -90, 40, -70))).containsExactly("1", "3");
    assertThat(ids(new GeoDistance("nope", "1,1", "1km", true, 1f))).isEmpty();
    assertThatThrownBy(() -> ids(new GeoDistance("nope", "1,1", "1km", false, 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessage("failed to find geo field [nope]");
    assertThatThrownBy(() -> ids(new Query.Term("loc", "1,2", 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "Geometry fields do not support exact searching, use dedicated geometry queries"
                + " instead: [loc]");
  }

  @Test
  void geoDistanceAggregationBucketsByDistanceFromTheOrigin() {
    write(
        "{\"loc\":{\"lat\":40.7128,\"lon\":-74.0060}}",
        "{\"loc\":{\"lat\":34.0522,\"lon\":-118.2437}}",
        "{\"loc\":{\"lat\":41.8781,\"lon\":-87.6298}}");
    SearchResponse response =
        engine.search(
            request(new Query.MatchAll(1f))
                .withAggregations(
                    List.of(
                        new Aggregation.GeoDistance(
                            "d",
                            "loc",
                            "35.7796, -78.6382",
                            null,
                            null,
                            List.of(
                                new Aggregation.RangeBound(null, null, 1000000),
                                new Aggregation.RangeBound(null, 1000000, 5000000),
                                new Aggregation.RangeBound(null, 5000000, null)),
                            false,
                            List.of()))));

    AggregationResult.Buckets buckets = (AggregationResult.Buckets) response.aggregations().get(0);
    assertThat(buckets.kind()).isEqualTo(AggregationResult.Kind.GEO_DISTANCE);
    assertThat(buckets.buckets())
        .extracting(AggregationResult.Bucket::key, AggregationResult.Bucket::docCount)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("*-1000000.0", 1L),
            org.assertj.core.groups.Tuple.tuple("1000000.0-5000000.0", 2L),
            org.assertj.core.groups.Tuple.tuple("5000000.0-*", 0L));
    assertThat(buckets.buckets().get(0).from()).isEqualTo(0.0);
  }

  @Test
  void fieldsShowGeoJsonAndDocvalueFieldsTheEncodedLatLon() {
    write("{\"loc\":\"41.12,-71.34\"}");
    FetchOptions fields =
        new FetchOptions(
            null, List.of(), null, false, List.of(new FieldAndFormat("loc", null)), false);
    FetchOptions docValues =
        new FetchOptions(
            null, List.of(new FieldAndFormat("loc", null)), null, false, List.of(), false);

    assertThat(
            engine
                .search(request(new Query.MatchAll(1f)).withFetch(fields))
                .hits()
                .get(0)
                .details()
                .fields())
        .containsEntry(
            "loc", List.of(Map.of("coordinates", List.of(-71.34, 41.12), "type", "Point")));
    assertThat(
            engine
                .search(request(new Query.MatchAll(1f)).withFetch(docValues))
                .hits()
                .get(0)
                .details()
                .fields())
        .containsEntry("loc", List.of("41.1199999647215, -71.34000004269183"));
  }

  @Test
  void distanceFeatureRanksByNearnessOnDatesNanosAndPoints() {
    engine.createIndex(
        "df",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "d", Map.of("type", "date"),
                    "n", Map.of("type", "date_nanos"),
                    "g", Map.of("type", "geo_point")))));
    List<String> docs =
        List.of(
            "{\"d\":\"2018-02-01T10:00:00Z\",\"n\":\"2018-02-01T00:00:00.223456789Z\","
                + "\"g\":[-71.34,41.13]}",
            "{\"d\":\"2018-02-01T11:00:00Z\",\"n\":\"2018-02-01T00:00:00.123456789Z\","
                + "\"g\":[-71.34,41.14]}",
            "{\"d\":\"2018-02-01T09:00:00Z\",\"n\":\"2018-02-01T00:00:00.323456789Z\","
                + "\"g\":[-71.34,41.12]}");
    List<BulkItem> items = new java.util.ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      items.add(
          new BulkItem(
              OpType.INDEX,
              "df",
              String.valueOf(i + 1),
              docs.get(i).getBytes(StandardCharsets.UTF_8)));
    }
    assertThat(engine.bulk(new BulkRequest(items, RefreshPolicy.IMMEDIATE)).errors()).isFalse();

    for (Query query :
        List.<Query>of(
            new dev.duet.engine.search.DistanceFeature("d", "2018-02-01T08:00:30Z", "1h", 1f),
            new dev.duet.engine.search.DistanceFeature(
                "n", "2018-02-01T00:00:00.323456789Z", "100000000nanos", 1f),
            new dev.duet.engine.search.DistanceFeature("g", List.of(-71.35, 41.12), "1km", 1f))) {
      List<String> ranked =
          engine
              .search(
                  new SearchRequest(
                      List.of("df"),
                      query,
                      0,
                      10,
                      List.of(),
                      SourceFilter.ALL,
                      TrackTotalHits.DEFAULT))
              .hits()
              .stream()
              .map(SearchHit::id)
              .toList();
      assertThat(ranked).as(query.toString()).containsExactly("3", "1", "2");
    }
  }
}
