package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.json.jackson.JacksonJsonpMapper;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.Refresh;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;
import org.opensearch.protobufs.GeoBoundingBoxQuery;
import org.opensearch.protobufs.GeoBounds;
import org.opensearch.protobufs.GeoDistanceQuery;
import org.opensearch.protobufs.GeoLocation;
import org.opensearch.protobufs.LatLonGeoLocation;
import org.opensearch.protobufs.NumberRangeQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.RangeRelation;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SearchResponse;
import org.opensearch.protobufs.TopLeftBottomRightGeoBounds;
import org.opensearch.protobufs.services.SearchServiceGrpc;

/**
 * The geo queries and a range type's {@code relation} over gRPC: the same documents (written over
 * REST) as the REST decoder finds them, through {@code SearchService/Search}.
 */
class GeoGrpcTest {
  @TempDir static Path data;
  private static DuetNode node;
  private static OpenSearchClient rest;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    rest =
        new OpenSearchClient(
            ApacheHttpClient5TransportBuilder.builder(
                    new HttpHost("http", "127.0.0.1", node.httpPort()))
                .setMapper(new JacksonJsonpMapper())
                .build());
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    rest.indices()
        .create(
            c ->
                c.index("places")
                    .mappings(
                        m ->
                            m.properties("location", p -> p.geoPoint(g -> g))
                                .properties("span", p -> p.integerRange(r -> r))));
    List<Map<String, Object>> docs =
        List.of(
            Map.of("location", "40.7128,-74.0060", "span", Map.of("gte", 1, "lte", 5)),
            Map.of("location", "34.0522,-118.2437", "span", Map.of("gte", 1, "lte", 3)),
            Map.of("location", "41.8781,-87.6298", "span", Map.of("gte", 4, "lte", 5)));
    for (int i = 0; i < docs.size(); i++) {
      Map<String, Object> doc = docs.get(i);
      String id = "p" + (i + 1);
      rest.index(x -> x.index("places").id(id).document(doc).refresh(Refresh.True));
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (channel != null) {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
    if (rest != null) {
      rest._transport().close();
    }
    if (node != null) {
      node.close();
    }
  }

  private static List<String> ids(QueryContainer query) {
    SearchResponse response =
        search.search(
            org.opensearch.protobufs.SearchRequest.newBuilder()
                .addIndex("places")
                .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query))
                .build());
    return response.getHits().getHitsList().stream().map(h -> h.getXId()).sorted().toList();
  }

  private static GeoLocation latLon(double lat, double lon) {
    return GeoLocation.newBuilder()
        .setLatlon(LatLonGeoLocation.newBuilder().setLat(lat).setLon(lon))
        .build();
  }

  @Test
  void geoDistanceAndBoundingBoxAnswerAsOverRest() {
    QueryContainer near =
        QueryContainer.newBuilder()
            .setGeoDistance(
                GeoDistanceQuery.newBuilder()
                    .setDistance("1200km")
                    .putLocation("location", latLon(40.7, -74.0)))
            .build();
    QueryContainer box =
        QueryContainer.newBuilder()
            .setGeoBoundingBox(
                GeoBoundingBoxQuery.newBuilder()
                    .putBoundingBox(
                        "location",
                        GeoBounds.newBuilder()
                            .setTlbr(
                                TopLeftBottomRightGeoBounds.newBuilder()
                                    .setTopLeft(latLon(42, -120))
                                    .setBottomRight(latLon(35, -80)))
                            .build()))
            .build();

    assertThat(ids(near)).containsExactly("p1", "p3");
    assertThat(ids(box)).containsExactly("p3");
  }

  @Test
  void aRangeQuerysRelationCrossesGrpc() {
    QueryContainer contains =
        QueryContainer.newBuilder()
            .setRange(
                RangeQuery.newBuilder()
                    .setNumberRangeQuery(
                        NumberRangeQuery.newBuilder()
                            .setField("span")
                            .setGte(3)
                            .setLte(4)
                            .setRelation(RangeRelation.RANGE_RELATION_CONTAINS)))
            .build();
    QueryContainer intersects =
        QueryContainer.newBuilder()
            .setRange(
                RangeQuery.newBuilder()
                    .setNumberRangeQuery(
                        NumberRangeQuery.newBuilder().setField("span").setGte(3).setLte(4)))
            .build();

    assertThat(ids(contains)).containsExactly("p1");
    assertThat(ids(intersects)).containsExactly("p1", "p2", "p3");
  }
}
