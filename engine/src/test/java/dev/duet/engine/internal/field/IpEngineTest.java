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
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import dev.duet.engine.search.Aggregation.IpRangeBound;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
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
 * An {@code ip} field through the whole engine — indexed, searched (CIDR terms, ranges), sorted,
 * aggregated (terms, ip_range) and returned — answering as OpenSearch 3.8.0 answered the same
 * requests (index {@code ip-a} on the oracle).
 */
class IpEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "ips",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "ip", Map.of("type", "ip"),
                    "ipn", Map.of("type", "ip", "null_value", "10.0.0.1"),
                    "lax", Map.of("type", "ip", "ignore_malformed", true),
                    "dv", Map.of("type", "ip", "index", false),
                    "k", Map.of("type", "keyword")))));
    BulkResponse written =
        engine.bulk(
            new BulkRequest(
                List.of(
                    doc("1", "{\"ip\":\"192.168.1.1\",\"dv\":\"192.168.1.1\",\"k\":\"a\"}"),
                    doc("2", "{\"ip\":[\"::1\",\"10.1.2.3\"],\"ipn\":null,\"lax\":\"quux\"}"),
                    doc("3", "{\"ip\":\"2001:db8::ff00:42:8329\"}"),
                    doc("4", "{\"ip\":\"::ffff:1.2.3.4\",\"dv\":\"1.2.3.4\"}"),
                    doc("5", "{\"k\":\"none\"}")),
                RefreshPolicy.IMMEDIATE));
    assertThat(written.errors()).isFalse();
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static BulkItem doc(String id, String json) {
    return new BulkItem(OpType.INDEX, "ips", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private static SearchRequest request(Query query, int size, SortSpec... sort) {
    return new SearchRequest(
        List.of("ips"), query, 0, size, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  private List<String> ids(Query query) {
    return engine.search(request(query, 10)).hits().stream().map(SearchHit::id).sorted().toList();
  }

  private static Query.Range range(String field, Object gt, Object gte, Object lt, Object lte) {
    return new Query.Range(field, gt, gte, lt, lte, null, 1f);
  }

  private List<AggregationResult> aggregate(Aggregation... aggregations) {
    return engine
        .search(request(new Query.MatchAll(1f), 0).withAggregations(List.of(aggregations)))
        .aggregations();
  }

  @Test
  void aMalformedAddressIsRefusedInOpenSearchsWordsUnlessTheFieldIgnoresIt() {
    BulkResponse refused =
        engine.bulk(new BulkRequest(List.of(doc("9", "{\"ip\":\":::1\"}")), RefreshPolicy.NONE));

    assertThat(refused.items().get(0).failure().reason())
        .isEqualTo(
            "failed to parse field [ip] of type [ip] in document with id '9'."
                + " Preview of field's value: ':::1'");
    assertThat(refused.items().get(0).failure().causedBy().reason())
        .isEqualTo("':::1' is not an IP string literal.");
    // ignore_malformed: document 2 was written, its bad address named in _ignored
    assertThat(ids(new Query.Term("_ignored", "lax", 1f))).containsExactly("2");
  }

  @Test
  void termQueriesTakeAddressesAndCidrBlocksOfEitherFamily() {
    assertThat(ids(new Query.Term("ip", "192.168.0.0/16", 1f))).containsExactly("1");
    assertThat(ids(new Query.Term("ip", "::1", 1f))).containsExactly("2");
    // an IPv4-mapped IPv6 address is its IPv4 address
    assertThat(ids(new Query.Term("ip", "1.2.3.4", 1f))).containsExactly("4");
    assertThat(ids(new Query.Term("ip", "2001:db8::/32", 1f))).containsExactly("3");
    assertThat(ids(new Query.Term("dv", "192.168.1.0/24", 1f))).containsExactly("1");
    assertThat(ids(new Query.Terms("ip", List.of("1.2.3.4", "10.0.0.0/8"), 1f)))
        .containsExactly("2", "4");
    assertThat(ids(new Query.Terms("ip", List.of("1.2.3.4", "192.168.1.1"), 1f)))
        .containsExactly("1", "4");
    assertThat(ids(new Query.Term("ipn", "10.0.0.1", 1f))).containsExactly("2");
    assertThat(ids(new Exists("ip", 1f))).containsExactly("1", "2", "3", "4");
    assertThat(ids(new Exists("dv", 1f))).containsExactly("1", "4");
  }

  @Test
  void aBadAddressOrPrefixInAQueryIsAQueryShardException() {
    assertThatThrownBy(() -> ids(new Query.Term("ip", "foo", 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessage("failed to create query: 'foo' is not an IP string literal.");
    assertThatThrownBy(() -> ids(new Query.Term("ip", "1.2.3.4/40", 1f)))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "failed to create query: Illegal prefix length [40] in [1.2.3.4/40]. Must be 0-32"
                + " for IPv4 ranges, 0-128 for IPv6 ranges");
    assertThatThrownBy(() -> ids(range("ip", "x", null, null, null)))
        .isInstanceOf(DuetException.class)
        .hasMessage("failed to create query: 'x' is not an IP string literal.");
  }

  @Test
  void rangesCompareAddressesNotText() {
    assertThat(ids(range("ip", null, "10.0.0.0", "192.168.1.1", null))).containsExactly("2");
    assertThat(ids(range("ip", "::", null, null, null))).containsExactly("1", "2", "3", "4");
    assertThat(ids(range("ip", null, "192.168.1.1", null, "192.168.1.1"))).containsExactly("1");
    assertThat(ids(range("dv", null, "1.0.0.0", null, "2.0.0.0"))).containsExactly("4");
  }

  @Test
  void sortsOrderAddressesAndShowThemAsOpenSearchWritesThem() {
    SearchResponse desc =
        engine.search(
            request(new Exists("ip", 1f), 10, new SortSpec("ip", SortSpec.SortOrder.DESC)));
    assertThat(desc.hits().stream().map(SearchHit::sortValues).toList())
        .containsExactly(
            List.of("2001:db8::ff00:42:8329"),
            List.of("192.168.1.1"),
            List.of("10.1.2.3"),
            List.of("1.2.3.4"));

    SearchResponse after =
        engine.search(
            request(new Exists("ip", 1f), 10, new SortSpec("ip", SortSpec.SortOrder.ASC))
                .withOptions(new SearchOptions(null, null, List.of("10.1.2.3"))));
    assertThat(after.hits().stream().map(SearchHit::id).toList()).containsExactly("1", "3");
  }

  @Test
  void docvalueFieldsAndTheFieldsOptionShowAddresses() {
    FetchOptions both =
        new FetchOptions(
            null,
            List.of(new FieldAndFormat("ip", null), new FieldAndFormat("ipn", null)),
            null,
            false,
            List.of(new FieldAndFormat("dv", null)),
            false);
    SearchResponse two =
        engine.search(
            request(new Query.Terms("ip", List.of("::1", "1.2.3.4"), 1f), 10).withFetch(both));
    Map<String, Map<String, List<Object>>> byId =
        two.hits().stream()
            .collect(java.util.stream.Collectors.toMap(SearchHit::id, h -> h.details().fields()));

    assertThat(byId.get("2"))
        .containsEntry("ip", List.of("::1", "10.1.2.3"))
        .containsEntry("ipn", List.of("10.0.0.1"));
    assertThat(byId.get("4")).containsEntry("ip", List.of("1.2.3.4"));
    assertThat(byId.get("4")).containsEntry("dv", List.of("1.2.3.4"));
  }

  @Test
  void termsKeysAreAddressesInAddressOrderAndIncludeListsAreAddresses() {
    Aggregation.Terms byKey =
        new Aggregation.Terms(
            "t", "ip", 10, -1, List.of(BucketOrder.KEY_ASC), 1, null, null, List.of());
    Aggregation.Terms missing =
        new Aggregation.Terms(
            "m", "ipn", 10, -1, List.of(BucketOrder.COUNT_DESC), 1, "1.1.1.1", null, List.of());
    Aggregation.Terms included =
        new Aggregation.Terms(
            "i",
            "ip",
            10,
            -1,
            List.of(BucketOrder.COUNT_DESC),
            1,
            null,
            new IncludeExclude(null, null, List.of("::ffff:10.1.2.3", "::1"), null),
            List.of());

    List<AggregationResult> results = aggregate(byKey, missing, included);

    assertThat(keys(results.get(0)))
        .containsExactly("::1", "1.2.3.4", "10.1.2.3", "192.168.1.1", "2001:db8::ff00:42:8329");
    assertThat(keys(results.get(1))).containsExactly("1.1.1.1", "10.0.0.1");
    assertThat(keys(results.get(2))).containsExactly("::1", "10.1.2.3");
    assertThat(((AggregationResult.Buckets) results.get(0)).buckets().get(0).keyAsString())
        .isNull();
  }

  @Test
  void aRegexIncludeOnAddressesIsRefusedAsOpenSearchRefusesIt() {
    Aggregation.Terms regex =
        new Aggregation.Terms(
            "ip_terms",
            "ip",
            10,
            -1,
            List.of(BucketOrder.COUNT_DESC),
            1,
            null,
            new IncludeExclude(null, "127.*", null, null),
            List.of());

    assertThatThrownBy(() -> aggregate(regex))
        .isInstanceOf(DuetException.class)
        .hasMessage(
            "Aggregation [ip_terms] cannot support regular expression style include/exclude"
                + " settings as they can only be applied to string fields. Use an array of values"
                + " for include/exclude clauses");
  }

  @Test
  void ipRangeBucketsAreOrderedByBoundsAndKeyedByThemOrByTheirMask() {
    AggregationResult.Buckets r =
        (AggregationResult.Buckets)
            aggregate(
                    new Aggregation.IpRange(
                        "r",
                        "ip",
                        List.of(
                            new IpRangeBound(null, null, "10.0.0.5", null),
                            new IpRangeBound(null, "10.0.0.5", "192.168.1.2", null),
                            new IpRangeBound(null, null, null, "192.168.0.0/16"),
                            new IpRangeBound(null, "::1", null, null),
                            new IpRangeBound("all", null, null, "::/0"),
                            new IpRangeBound(null, null, null, "0.0.0.0/0")),
                        false,
                        List.of()))
                .get(0);

    assertThat(r.kind()).isEqualTo(AggregationResult.Kind.IP_RANGE);
    assertThat(r.buckets())
        .extracting(Bucket::key, Bucket::fromAsString, Bucket::toAsString, Bucket::docCount)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("*-10.0.0.5", null, "10.0.0.5", 2L),
            org.assertj.core.groups.Tuple.tuple("all", null, null, 4L),
            org.assertj.core.groups.Tuple.tuple("::1-*", "::1", null, 4L),
            org.assertj.core.groups.Tuple.tuple("0.0.0.0/0", "0.0.0.0", "::1:0:0:0", 3L),
            org.assertj.core.groups.Tuple.tuple(
                "10.0.0.5-192.168.1.2", "10.0.0.5", "192.168.1.2", 2L),
            org.assertj.core.groups.Tuple.tuple(
                "192.168.0.0/16", "192.168.0.0", "192.169.0.0", 1L));
  }

  @Test
  void ipRangeRefusesABadMaskAndAFieldOfAnotherType() {
    assertThatThrownBy(
            () ->
                aggregate(
                    new Aggregation.IpRange(
                        "r",
                        "ip",
                        List.of(new IpRangeBound(null, null, null, "1.2.3.4")),
                        false,
                        List.of())))
        .isInstanceOf(DuetException.class)
        .hasMessage("Expected [ip/prefix] but was [1.2.3.4]");
    assertThatThrownBy(
            () ->
                aggregate(
                    new Aggregation.IpRange(
                        "r",
                        "k",
                        List.of(new IpRangeBound(null, "1.1.1.1", null, null)),
                        false,
                        List.of())))
        .isInstanceOf(DuetException.class)
        .hasMessage("Field [k] of type [keyword] is not supported for aggregation [ip_range]");
  }

  private static List<Object> keys(AggregationResult result) {
    return ((AggregationResult.Buckets) result).buckets().stream().map(Bucket::key).toList();
  }
}
