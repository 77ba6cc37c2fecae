package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.aggregations.RangeBucket;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * {@code geo_point}, {@code date_nanos} and the range types through opensearch-java over a real
 * socket: mappings accepted, documents in OpenSearch's input forms, the geo queries and {@code
 * geo_distance} aggregation, range relations and nanosecond sort values, as OpenSearch 3.8.0
 * answers them.
 */
class GeoAndRangeTypesClientTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient client;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data));
    client =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    client
        .indices()
        .create(
            c ->
                c.index("geo-cities")
                    .mappings(
                        m ->
                            m.properties("location", p -> p.geoPoint(g -> g))
                                .properties("span", p -> p.integerRange(r -> r))
                                .properties("at", p -> p.dateNanos(d -> d))
                                .properties("name", p -> p.keyword(k -> k))));
    List<Map<String, Object>> docs =
        List.of(
            Map.of(
                "name",
                "New York",
                "location",
                Map.of("lat", 40.7128, "lon", -74.0060),
                "span",
                Map.of("gte", 1, "lte", 5),
                "at",
                "2018-10-29T12:12:12.123456789Z"),
            Map.of(
                "name", "Los Angeles",
                "location", "34.0522,-118.2437",
                "span", Map.of("gte", 1, "lte", 3),
                "at", "2018-10-29T12:12:12.987654321Z"),
            Map.of(
                "name",
                "Chicago",
                "location",
                List.of(-87.6298, 41.8781),
                "span",
                Map.of("gte", 4, "lte", 5),
                "at",
                "2018-10-29T12:12:12.5Z"));
    for (int i = 0; i < docs.size(); i++) {
      Map<String, Object> doc = docs.get(i);
      String id = String.valueOf(i + 1);
      client.index(x -> x.index("geo-cities").id(id).document(doc).refresh(Refresh.True));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) {
      client._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  private static List<String> names(SearchResponse<Map> response) {
    return response.hits().hits().stream()
        .map(h -> String.valueOf(((Map<?, ?>) h.source()).get("name")))
        .sorted()
        .toList();
  }

  @Test
  void geoDistanceAndBoundingBoxQueriesFindThePoints() throws Exception {
    SearchResponse<Map> near =
        client.search(
            s ->
                s.index("geo-cities")
                    .query(
                        q ->
                            q.geoDistance(
                                g ->
                                    g.field("location")
                                        .location(l -> l.latlon(ll -> ll.lat(40.7).lon(-74.0)))
                                        .distance("1200km"))),
            Map.class);
    assertThat(names(near)).containsExactly("Chicago", "New York");

    org.opensearch.client.opensearch._types.GeoLocation topLeft =
        org.opensearch.client.opensearch._types.GeoLocation.of(
            l -> l.latlon(ll -> ll.lat(42).lon(-120)));
    org.opensearch.client.opensearch._types.GeoLocation bottomRight =
        org.opensearch.client.opensearch._types.GeoLocation.of(
            l -> l.latlon(ll -> ll.lat(35).lon(-80)));
    SearchResponse<Map> boxed =
        client.search(
            s ->
                s.index("geo-cities")
                    .query(
                        q ->
                            q.geoBoundingBox(
                                g ->
                                    g.field("location")
                                        .boundingBox(
                                            b ->
                                                b.tlbr(
                                                    t ->
                                                        t.topLeft(topLeft)
                                                            .bottomRight(bottomRight))))),
            Map.class);
    assertThat(names(boxed)).containsExactly("Chicago");
  }

  @Test
  void aTermQueryOnAGeoPointIsRefusedAsOpenSearchRefusesIt() {
    assertThatThrownBy(
            () ->
                client.search(
                    s ->
                        s.index("geo-cities")
                            .query(
                                q ->
                                    q.term(
                                        t -> t.field("location").value(v -> v.stringValue("1,2")))),
                    Map.class))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e ->
                assertThat(e.error().rootCause().get(0).reason())
                    .isEqualTo(
                        "Geometry fields do not support exact searching, use dedicated geometry"
                            + " queries instead: [location]"));
  }

  @Test
  void rangeRelationsOnAnIntegerRange() throws Exception {
    for (Object[] c :
        new Object[][] {
          {"intersects", List.of("Chicago", "Los Angeles", "New York")},
          {"contains", List.of("New York")},
          {"within", List.of()}
        }) {
      SearchResponse<Map> r =
          client.search(
              s ->
                  s.index("geo-cities")
                      .query(
                          q ->
                              q.range(
                                  x ->
                                      x.field("span")
                                          .gte(JsonData.of(3))
                                          .lte(JsonData.of(4))
                                          .relation((String) c[0]))),
              Map.class);
      assertThat(names(r)).as(c[0].toString()).isEqualTo(c[1]);
    }
  }

  @Test
  void geoDistanceAggregationAndNanosecondSortValues() throws Exception {
    SearchResponse<Map> response =
        client.search(
            s ->
                s.index("geo-cities")
                    .sort(o -> o.field(f -> f.field("at").order(SortOrder.Desc)))
                    .aggregations(
                        "distance",
                        a ->
                            a.geoDistance(
                                g ->
                                    g.field("location")
                                        .origin(o -> o.text("35.7796, -78.6382"))
                                        .ranges(r -> r.to(JsonData.of(1000000)))
                                        .ranges(
                                            r ->
                                                r.from(JsonData.of(1000000))
                                                    .to(JsonData.of(5000000)))
                                        .ranges(r -> r.from(JsonData.of(5000000))))),
            Map.class);

    assertThat(response.hits().hits().stream().map(Hit::id)).containsExactly("2", "3", "1");
    assertThat(response.hits().hits().get(0).sort().get(0).longValue())
        .isEqualTo(1540815132987654321L);
    List<RangeBucket> buckets =
        response.aggregations().get("distance").geoDistance().buckets().array();
    assertThat(buckets)
        .extracting(RangeBucket::key, RangeBucket::docCount)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("*-1000000.0", 1L),
            org.assertj.core.groups.Tuple.tuple("1000000.0-5000000.0", 2L),
            org.assertj.core.groups.Tuple.tuple("5000000.0-*", 0L));
  }
}
