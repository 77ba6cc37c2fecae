package dev.duet.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
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
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ApacheHttpClient5TransportBuilder;

/**
 * A range's and a {@code query_string}'s {@code time_zone}, as OpenSearch Dashboards sends it:
 * dates without an offset are read in the zone and rounded there, on {@code date} and {@code
 * date_nanos} alike; dates with an offset are not moved, epoch millis are (OpenSearch reads them as
 * the zone's wall-clock time); an unknown zone is a 400.
 */
class RangeTimeZoneClientTest {
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
                c.index("tz")
                    .mappings(
                        m ->
                            m.properties("d", p -> p.date(d -> d))
                                .properties("n", p -> p.dateNanos(d -> d))));
    List<BulkOperation> ops = new ArrayList<>();
    String[] instants = {
      "2020-01-01T00:00:00Z", "2020-01-01T05:00:00Z", "2019-12-31T23:00:00Z", "2020-01-02T04:59:59Z"
    };
    for (int i = 0; i < instants.length; i++) {
      Map<String, Object> doc = Map.of("d", instants[i], "n", instants[i]);
      String id = String.valueOf(i);
      ops.add(BulkOperation.of(b -> b.index(x -> x.index("tz").id(id).document(doc))));
    }
    client.bulk(b -> b.operations(ops).refresh(Refresh.True));
  }

  @AfterAll
  static void stop() throws Exception {
    node.close();
  }

  private static List<String> ids(Query query) throws Exception {
    return client.search(s -> s.index("tz").query(query), Map.class).hits().hits().stream()
        .map(Hit::id)
        .sorted()
        .toList();
  }

  private static Query day(String field, String day, String zone) {
    return Query.of(
        q ->
            q.range(
                r -> {
                  r.field(field).gte(JsonData.of(day)).lte(JsonData.of(day));
                  return zone == null ? r : r.timeZone(zone);
                }));
  }

  @Test
  void aDayIsTheZonesDay() throws Exception {
    assertThat(ids(day("d", "2020-01-01", null))).containsExactly("0", "1");
    assertThat(ids(day("d", "2020-01-01", "-05:00"))).containsExactly("1", "3");
    assertThat(ids(day("n", "2020-01-01", "-05:00"))).containsExactly("1", "3");
    assertThat(ids(day("d", "2020-01-01", "+01:00"))).containsExactly("0", "1", "2");
    assertThat(ids(day("d", "2020-01-01", "Europe/Paris"))).containsExactly("0", "1", "2");
  }

  @Test
  void roundingHappensInTheZoneAndOffsetsStay() throws Exception {
    assertThat(ids(day("d", "2020-01-01T03:00:00Z||/d", "-05:00"))).containsExactly("0", "2");
    assertThat(
            ids(
                Query.of(
                    q ->
                        q.range(
                            r ->
                                r.field("d")
                                    .gte(JsonData.of("2020-01-01T00:00:00Z"))
                                    .timeZone("-05:00")))))
        .containsExactly("0", "1", "3");
    assertThat(
            ids(
                Query.of(
                    q ->
                        q.range(
                            r ->
                                r.field("d").gte(JsonData.of(1577836800000L)).timeZone("-05:00")))))
        .as("epoch millis are a wall-clock time in the zone, as OpenSearch reads them")
        .containsExactly("1", "3");
  }

  @Test
  void queryStringRangesUseTheZone() throws Exception {
    Query utc = Query.of(q -> q.queryString(s -> s.query("d:[2020-01-01 TO 2020-01-01]")));
    Query east =
        Query.of(
            q -> q.queryString(s -> s.query("d:[2020-01-01 TO 2020-01-01]").timeZone("+01:00")));

    assertThat(ids(utc)).containsExactly("0", "1");
    assertThat(ids(east)).containsExactly("0", "1", "2");
  }

  @Test
  void anUnknownZoneIsABadRequest() {
    assertThatThrownBy(() -> ids(day("d", "2020-01-01", "Foo/Bar")))
        .isInstanceOfSatisfying(
            OpenSearchException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.error().reason()).contains("Unknown time-zone ID: Foo/Bar");
            });
  }
}
