package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import dev.duet.api.common.AggregateResult;
import dev.duet.api.common.Aggregation;
import dev.duet.api.common.BoolQuery;
import dev.duet.api.common.FieldValue;
import dev.duet.api.common.MetricAggregation;
import dev.duet.api.common.MsearchLine;
import dev.duet.api.common.MsearchResult;
import dev.duet.api.common.Query;
import dev.duet.api.common.RangeQuery;
import dev.duet.api.common.SearchBody;
import dev.duet.api.common.SearchResult;
import dev.duet.api.common.TermQueryField;
import dev.duet.api.common.TermsAggregation;
import dev.duet.api.search.MsearchRequest;
import dev.duet.api.search.SearchRequest;
import dev.duet.api.search.SearchServiceGrpc;
import dev.duet.engine.Engines;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import dev.duet.server.rest.codec.AggregationsDecoder;
import dev.duet.server.rest.codec.QueryDecoder;
import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every query type and every aggregation REST serves, sent over REST as JSON and over {@code
 * duet.search.SearchService/Search} as typed messages (no {@code untyped} JSON left in them): the
 * hits, buckets and values agree.
 */
class TypedSearchCrossProtocolTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** One query per query type of the REST decoder (name, query JSON). */
  private static final List<String[]> QUERIES =
      List.of(
          q("match_all", "{\"match_all\":{\"boost\":2}}"),
          q("match_none", "{\"match_none\":{}}"),
          q("match", "{\"match\":{\"title\":\"quick fox\"}}"),
          q(
              "match object",
              "{\"match\":{\"title\":{\"query\":\"quick fox\",\"operator\":\"and\"}}}"),
          q("match_bool_prefix", "{\"match_bool_prefix\":{\"title\":\"quick f\"}}"),
          q("match_phrase", "{\"match_phrase\":{\"body\":{\"query\":\"quick brown\",\"slop\":1}}}"),
          q("match_phrase_prefix", "{\"match_phrase_prefix\":{\"body\":\"quick br\"}}"),
          q(
              "multi_match",
              "{\"multi_match\":{\"query\":\"fox\",\"fields\":[\"title^2\",\"body\"]}}"),
          q("query_string", "{\"query_string\":{\"query\":\"title:fox OR tag:b\"}}"),
          q(
              "simple_query_string",
              "{\"simple_query_string\":{\"query\":\"fox -slow\",\"fields\":[\"title\"]}}"),
          q("term", "{\"term\":{\"tag\":\"a\"}}"),
          q("term object", "{\"term\":{\"n\":{\"value\":5,\"boost\":2}}}"),
          q("terms", "{\"terms\":{\"tag\":[\"a\",\"b\"],\"boost\":1.5}}"),
          q(
              "terms lookup",
              "{\"terms\":{\"tag\":{\"index\":\"typed\",\"id\":\"1\",\"path\":\"tag\"}}}"),
          q(
              "terms_set",
              "{\"terms_set\":{\"tag\":{\"terms\":[\"a\",\"b\"],"
                  + "\"minimum_should_match_field\":\"need\"}}}"),
          q("range", "{\"range\":{\"n\":{\"gte\":2,\"lt\":5}}}"),
          q(
              "range dates",
              "{\"range\":{\"date\":{\"gte\":\"2020-01-01\",\"format\":\"yyyy-MM-dd\"}}}"),
          q("exists", "{\"exists\":{\"field\":\"price\"}}"),
          q("prefix", "{\"prefix\":{\"tag\":\"a\"}}"),
          q("wildcard", "{\"wildcard\":{\"tag\":{\"value\":\"a*\",\"boost\":2}}}"),
          q("regexp", "{\"regexp\":{\"tag\":\"[ab]\"}}"),
          q("fuzzy", "{\"fuzzy\":{\"title\":{\"value\":\"quik\",\"fuzziness\":\"AUTO\"}}}"),
          q("ids", "{\"ids\":{\"values\":[\"1\",\"3\"]}}"),
          q(
              "geo_distance",
              "{\"geo_distance\":{\"distance\":\"200km\",\"loc\":{\"lat\":52.37,\"lon\":4.89}}}"),
          q(
              "geo_bounding_box",
              "{\"geo_bounding_box\":{\"loc\":{\"top_left\":{\"lat\":53,\"lon\":4},"
                  + "\"bottom_right\":{\"lat\":52,\"lon\":5}}}}"),
          q(
              "script_score",
              "{\"script_score\":{\"query\":{\"match\":{\"title\":\"quick\"}},"
                  + "\"script\":{\"source\":\"_score * params.f\",\"params\":{\"f\":3}}}}"),
          q(
              "script",
              "{\"script\":{\"script\":{\"source\":\"doc['tag'].size() > 0 &&"
                  + " doc['tag'].value == params.t\",\"params\":{\"t\":\"a\"}}}}"),
          q(
              "distance_feature",
              "{\"distance_feature\":{\"field\":\"date\",\"origin\":\"2021-01-01\",\"pivot\":\"300d\"}}"),
          q(
              "bool",
              "{\"bool\":{\"must\":{\"match\":{\"title\":\"fox\"}},"
                  + "\"filter\":[{\"range\":{\"n\":{\"gte\":1}}}],"
                  + "\"must_not\":[{\"term\":{\"tag\":\"c\"}}],"
                  + "\"should\":[{\"term\":{\"tag\":\"a\"}}],\"minimum_should_match\":0}}"),
          q("knn", "{\"knn\":{\"vec\":{\"vector\":[1.0,0.0],\"k\":2}}}"),
          q(
              "constant_score",
              "{\"constant_score\":{\"filter\":{\"term\":{\"tag\":\"a\"}},\"boost\":3}}"),
          q(
              "boosting",
              "{\"boosting\":{\"positive\":{\"match\":{\"title\":\"fox\"}},"
                  + "\"negative\":{\"term\":{\"tag\":\"b\"}},\"negative_boost\":0.5}}"),
          q(
              "dis_max",
              "{\"dis_max\":{\"queries\":[{\"match\":{\"title\":\"fox\"}},"
                  + "{\"match\":{\"body\":\"fox\"}}],\"tie_breaker\":0.3}}"),
          q(
              "function_score",
              "{\"function_score\":{\"query\":{\"match_all\":{}},\"functions\":["
                  + "{\"filter\":{\"term\":{\"tag\":\"a\"}},\"weight\":3},"
                  + "{\"field_value_factor\":{\"field\":\"n\",\"factor\":1.2,\"missing\":1}},"
                  + "{\"gauss\":{\"n\":{\"origin\":3,\"scale\":2}}}],\"score_mode\":\"sum\"}}"),
          q(
              "nested",
              "{\"nested\":{\"path\":\"comments\",\"query\":{\"term\":{\"comments.author\":\"ann\"}},"
                  + "\"score_mode\":\"max\"}}"),
          q(
              "more_like_this",
              "{\"more_like_this\":{\"fields\":[\"title\",\"body\"],\"like\":\"quick fox slow dog\","
                  + "\"min_term_freq\":1,\"min_doc_freq\":1}}"),
          q(
              "intervals match",
              "{\"intervals\":{\"body\":{\"match\":{\"query\":\"quick fox\",\"max_gaps\":2,"
                  + "\"ordered\":true}}}}"),
          q(
              "intervals all_of with a filter",
              "{\"intervals\":{\"title\":{\"all_of\":{\"ordered\":true,\"intervals\":["
                  + "{\"match\":{\"query\":\"quick\"}},{\"prefix\":{\"prefix\":\"fo\"}}],"
                  + "\"filter\":{\"not_containing\":{\"match\":{\"query\":\"brown\"}}}},\"boost\":2}}}"),
          q(
              "intervals any_of",
              "{\"intervals\":{\"title\":{\"any_of\":{\"intervals\":["
                  + "{\"fuzzy\":{\"term\":\"quik\",\"fuzziness\":1}},{\"wildcard\":{\"pattern\":\"do*\"}},"
                  + "{\"regexp\":{\"pattern\":\"la.y\"}}]}}}}"),
          q(
              "geo_shape",
              "{\"geo_shape\":{\"loc\":{\"shape\":{\"type\":\"envelope\","
                  + "\"coordinates\":[[4,53],[5,52]]},\"relation\":\"within\"}}}"),
          // Span queries, in OpenSearch's shapes: run once the REST decoder serves them.
          q("span_term", "{\"span_term\":{\"title\":{\"value\":\"fox\",\"boost\":2}}}"),
          q(
              "span_near",
              "{\"span_near\":{\"clauses\":[{\"span_term\":{\"body\":\"quick\"}},"
                  + "{\"span_term\":{\"body\":\"brown\"}}],\"slop\":1,\"in_order\":true}}"),
          q(
              "span_or",
              "{\"span_or\":{\"clauses\":[{\"span_term\":{\"title\":\"fox\"}},"
                  + "{\"span_term\":{\"title\":\"dog\"}}]}}"),
          q(
              "span_not",
              "{\"span_not\":{\"include\":{\"span_term\":{\"body\":\"quick\"}},"
                  + "\"exclude\":{\"span_term\":{\"body\":\"brown\"}},\"post\":1}}"),
          q(
              "span_first",
              "{\"span_first\":{\"match\":{\"span_term\":{\"body\":\"quick\"}},\"end\":1}}"),
          q(
              "span_multi",
              "{\"span_multi\":{\"match\":{\"prefix\":{\"title\":{\"value\":\"qu\"}}}}}"),
          q(
              "span_containing",
              "{\"span_containing\":{\"big\":{\"span_near\":{\"clauses\":["
                  + "{\"span_term\":{\"body\":\"the\"}},{\"span_term\":{\"body\":\"fox\"}}],"
                  + "\"slop\":3,\"in_order\":true}},\"little\":{\"span_term\":{\"body\":\"brown\"}}}}"),
          q(
              "span_within",
              "{\"span_within\":{\"big\":{\"span_near\":{\"clauses\":["
                  + "{\"span_term\":{\"body\":\"the\"}},{\"span_term\":{\"body\":\"fox\"}}],"
                  + "\"slop\":3,\"in_order\":true}},\"little\":{\"span_term\":{\"body\":\"brown\"}}}}"),
          q(
              "field_masking_span",
              "{\"span_near\":{\"clauses\":[{\"span_term\":{\"body\":\"quick\"}},"
                  + "{\"field_masking_span\":{\"query\":{\"span_term\":{\"title\":\"fox\"}},"
                  + "\"field\":\"body\"}}],\"slop\":5,\"in_order\":false}}"));

  /** One aggregation per type of the REST decoder (name, aggs JSON). */
  private static final List<String[]> AGGREGATIONS =
      List.of(
          q("min", "{\"a\":{\"min\":{\"field\":\"n\"}}}"),
          q("max", "{\"a\":{\"max\":{\"field\":\"n\"}}}"),
          q("avg", "{\"a\":{\"avg\":{\"field\":\"price\"}}}"),
          q("sum", "{\"a\":{\"sum\":{\"field\":\"price\"}}}"),
          q("value_count", "{\"a\":{\"value_count\":{\"field\":\"tag\"}}}"),
          q("cardinality", "{\"a\":{\"cardinality\":{\"field\":\"tag\"}}}"),
          q("stats", "{\"a\":{\"stats\":{\"field\":\"price\"}}}"),
          q("extended_stats", "{\"a\":{\"extended_stats\":{\"field\":\"price\",\"sigma\":3}}}"),
          q(
              "median_absolute_deviation",
              "{\"a\":{\"median_absolute_deviation\":{\"field\":\"n\"}}}"),
          q(
              "weighted_avg",
              "{\"a\":{\"weighted_avg\":{\"value\":{\"field\":\"price\"},\"weight\":{\"field\":\"n\"}}}}"),
          q("percentiles", "{\"a\":{\"percentiles\":{\"field\":\"price\",\"percents\":[50,90]}}}"),
          q(
              "percentiles list",
              "{\"a\":{\"percentiles\":{\"field\":\"n\",\"percents\":[50],\"keyed\":false}}}"),
          q(
              "percentile_ranks",
              "{\"a\":{\"percentile_ranks\":{\"field\":\"price\",\"values\":[10]}}}"),
          q(
              "top_hits",
              "{\"a\":{\"top_hits\":{\"size\":2,\"sort\":[{\"n\":\"desc\"}],\"_source\":[\"tag\"]}}}"),
          q(
              "terms",
              "{\"a\":{\"terms\":{\"field\":\"tag\",\"order\":{\"_key\":\"asc\"}},"
                  + "\"aggs\":{\"top\":{\"max\":{\"field\":\"n\"}}}}}"),
          q("terms numeric", "{\"a\":{\"terms\":{\"field\":\"n\",\"size\":3}}}"),
          q("rare_terms", "{\"a\":{\"rare_terms\":{\"field\":\"tag\"}}}"),
          q("significant_terms", "{\"a\":{\"significant_terms\":{\"field\":\"tag\"}}}"),
          q("significant_text", "{\"a\":{\"significant_text\":{\"field\":\"title\"}}}"),
          q(
              "multi_terms",
              "{\"a\":{\"multi_terms\":{\"terms\":[{\"field\":\"tag\"},{\"field\":\"n\"}]}}}"),
          q("histogram", "{\"a\":{\"histogram\":{\"field\":\"n\",\"interval\":2}}}"),
          q(
              "date_histogram",
              "{\"a\":{\"date_histogram\":{\"field\":\"date\",\"calendar_interval\":\"year\"}}}"),
          q(
              "auto_date_histogram",
              "{\"a\":{\"auto_date_histogram\":{\"field\":\"date\",\"buckets\":3}}}"),
          q(
              "variable_width_histogram",
              "{\"a\":{\"variable_width_histogram\":{\"field\":\"n\",\"buckets\":2}}}"),
          q("range", "{\"a\":{\"range\":{\"field\":\"n\",\"ranges\":[{\"to\":3},{\"from\":3}]}}}"),
          q(
              "range keyed",
              "{\"a\":{\"range\":{\"field\":\"n\",\"keyed\":true,\"ranges\":[{\"key\":\"low\",\"to\":3}]}}}"),
          q(
              "date_range",
              "{\"a\":{\"date_range\":{\"field\":\"date\",\"format\":\"yyyy\","
                  + "\"ranges\":[{\"to\":\"2021\"},{\"from\":\"2021\"}]}}}"),
          q(
              "ip_range",
              "{\"a\":{\"ip_range\":{\"field\":\"ip\",\"ranges\":[{\"to\":\"10.0.0.5\"},"
                  + "{\"mask\":\"10.0.0.0/24\"}]}}}"),
          q(
              "geo_distance",
              "{\"a\":{\"geo_distance\":{\"field\":\"loc\",\"origin\":\"52.37,4.89\","
                  + "\"unit\":\"km\",\"ranges\":[{\"to\":100},{\"from\":100}]}}}"),
          q(
              "filter",
              "{\"a\":{\"filter\":{\"term\":{\"tag\":\"a\"}},\"aggs\":{\"p\":{\"avg\":{\"field\":\"n\"}}}}}"),
          q(
              "filters",
              "{\"a\":{\"filters\":{\"other_bucket\":true,\"filters\":{\"x\":{\"term\":{\"tag\":\"a\"}},"
                  + "\"y\":{\"range\":{\"n\":{\"gte\":4}}}}}}}"),
          q(
              "filters anonymous",
              "{\"a\":{\"filters\":{\"filters\":[{\"term\":{\"tag\":\"a\"}},{\"match_all\":{}}]}}}"),
          q(
              "adjacency_matrix",
              "{\"a\":{\"adjacency_matrix\":{\"filters\":{\"x\":{\"term\":{\"tag\":\"a\"}},"
                  + "\"y\":{\"range\":{\"n\":{\"gte\":2}}}}}}}"),
          q("missing", "{\"a\":{\"missing\":{\"field\":\"price\"}}}"),
          q(
              "global",
              "{\"a\":{\"global\":{},\"aggs\":{\"c\":{\"value_count\":{\"field\":\"n\"}}}}}"),
          q(
              "nested and reverse_nested",
              "{\"a\":{\"nested\":{\"path\":\"comments\"},\"aggs\":{\"who\":{\"terms\":"
                  + "{\"field\":\"comments.author\"},\"aggs\":{\"back\":{\"reverse_nested\":{},"
                  + "\"aggs\":{\"tags\":{\"terms\":{\"field\":\"tag\"}}}}}}}}}"),
          q(
              "composite",
              "{\"a\":{\"composite\":{\"size\":2,\"sources\":[{\"t\":{\"terms\":{\"field\":\"tag\"}}},"
                  + "{\"h\":{\"histogram\":{\"field\":\"n\",\"interval\":2}}}]}}}"),
          q(
              "bucket pipelines",
              "{\"a\":{\"terms\":{\"field\":\"tag\"},\"aggs\":{\"s\":{\"sum\":{\"field\":\"n\"}},"
                  + "\"sorted\":{\"bucket_sort\":{\"sort\":[{\"s\":\"desc\"}],\"size\":2}}}},"
                  + "\"avg\":{\"avg_bucket\":{\"buckets_path\":\"a>s\"}},"
                  + "\"sum\":{\"sum_bucket\":{\"buckets_path\":\"a>s\"}},"
                  + "\"max\":{\"max_bucket\":{\"buckets_path\":\"a>s\"}},"
                  + "\"min\":{\"min_bucket\":{\"buckets_path\":\"a>s\"}}}"),
          q(
              "parent pipelines",
              "{\"a\":{\"histogram\":{\"field\":\"n\",\"interval\":1},\"aggs\":{"
                  + "\"c\":{\"cumulative_sum\":{\"buckets_path\":\"_count\"}},"
                  + "\"d\":{\"derivative\":{\"buckets_path\":\"_count\"}}}}}"),
          // In OpenSearch's shapes: run once the REST decoder serves them.
          q(
              "sampler",
              "{\"a\":{\"sampler\":{\"shard_size\":2},\"aggs\":{\"t\":{\"terms\":{\"field\":\"tag\"}}}}}"),
          q(
              "diversified_sampler",
              "{\"a\":{\"diversified_sampler\":{\"shard_size\":3,\"field\":\"tag\"},"
                  + "\"aggs\":{\"t\":{\"terms\":{\"field\":\"tag\"}}}}}"),
          q(
              "moving_fn",
              "{\"a\":{\"histogram\":{\"field\":\"n\",\"interval\":1},\"aggs\":{"
                  + "\"s\":{\"sum\":{\"field\":\"n\"}},"
                  + "\"m\":{\"moving_fn\":{\"buckets_path\":\"s\",\"window\":2,"
                  + "\"script\":\"MovingFunctions.max(values)\"}}}}}"),
          q(
              "serial_diff",
              "{\"a\":{\"histogram\":{\"field\":\"n\",\"interval\":1},\"aggs\":{"
                  + "\"s\":{\"sum\":{\"field\":\"n\"}},"
                  + "\"d\":{\"serial_diff\":{\"buckets_path\":\"s\",\"lag\":1}}}}}"),
          q(
              "stats pipelines",
              "{\"a\":{\"terms\":{\"field\":\"tag\"},\"aggs\":{\"s\":{\"sum\":{\"field\":\"n\"}}}},"
                  + "\"st\":{\"stats_bucket\":{\"buckets_path\":\"a>s\"}},"
                  + "\"es\":{\"extended_stats_bucket\":{\"buckets_path\":\"a>s\"}},"
                  + "\"pb\":{\"percentiles_bucket\":{\"buckets_path\":\"a>s\",\"percents\":[50]}}}"),
          q(
              "geo_bounds and geo_centroid",
              "{\"b\":{\"geo_bounds\":{\"field\":\"loc\"}},\"c\":{\"geo_centroid\":{\"field\":\"loc\"}}}"));

  /** Keys of Query and Aggregation that are not a type. */
  private static final Set<String> NOT_TYPES = Set.of("aggs", "aggregations", "meta");

  @TempDir static Path data;
  private static DuetNode node;
  private static ManagedChannel channel;
  private static SearchServiceGrpc.SearchServiceBlockingStub search;

  @BeforeAll
  static void start() throws Exception {
    node = DuetNode.start(NodeConfig.ephemeral(data), Engines.open(data));
    channel = NettyChannelBuilder.forAddress("127.0.0.1", node.grpcPort()).usePlaintext().build();
    search = SearchServiceGrpc.newBlockingStub(channel);
    rest(
        "PUT",
        "/typed",
        "{\"settings\":{\"index\":{\"knn\":true}},\"mappings\":{\"properties\":{"
            + "\"title\":{\"type\":\"text\"},\"body\":{\"type\":\"text\"},"
            + "\"tag\":{\"type\":\"keyword\"},\"n\":{\"type\":\"long\"},\"need\":{\"type\":\"long\"},"
            + "\"price\":{\"type\":\"double\"},\"date\":{\"type\":\"date\"},"
            + "\"loc\":{\"type\":\"geo_point\"},\"ip\":{\"type\":\"ip\"},"
            + "\"vec\":{\"type\":\"knn_vector\",\"dimension\":2},"
            + "\"comments\":{\"type\":\"nested\",\"properties\":{"
            + "\"author\":{\"type\":\"keyword\"},\"stars\":{\"type\":\"integer\"}}}}}}");
    String[] titles = {"quick fox", "slow dog", "foxes and dogs", "quick brown fox", "lazy cat"};
    String[] bodies = {"a slow dog", "the quick brown fox", "quick quick", "fox", "sleeps"};
    String[] tags = {"a", "b", "a", "c", "b"};
    StringBuilder bulk = new StringBuilder();
    for (int i = 0; i < titles.length; i++) {
      bulk.append("{\"index\":{\"_index\":\"typed\",\"_id\":\"").append(i + 1).append("\"}}\n");
      bulk.append("{\"title\":\"").append(titles[i]).append("\",\"body\":\"").append(bodies[i]);
      bulk.append("\",\"tag\":\"").append(tags[i]).append("\",\"n\":").append(i + 1);
      bulk.append(",\"need\":1,\"date\":\"").append(2018 + i).append("-06-01\"");
      bulk.append(",\"loc\":{\"lat\":").append(52 + i * 0.3).append(",\"lon\":4.9}");
      bulk.append(",\"ip\":\"10.0.0.").append(i + 2).append('"');
      bulk.append(",\"vec\":[").append(1.0 - i * 0.2).append(',').append(i * 0.2).append(']');
      if (i != 2) {
        bulk.append(",\"price\":").append(9.5 + i * 3);
      }
      bulk.append(",\"comments\":[{\"author\":\"").append(i % 2 == 0 ? "ann" : "bob");
      bulk.append("\",\"stars\":").append(i + 1).append("}]}\n");
    }
    rest("POST", "/_bulk?refresh=true", bulk.toString());
  }

  @AfterAll
  static void stop() throws Exception {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    node.close();
  }

  /**
   * Walks the REST decoder's query types: each has a typed property of {@code Query}, and the
   * examples that use it (and only types REST serves) find the same hits over both protocols. A
   * query type added to the decoder without a typed twin and an example fails here.
   */
  @TestFactory
  Stream<DynamicTest> everyQueryTypeRestServesIsTypedAndFindsTheSameHits() {
    Map<String, String> bodies = new LinkedHashMap<>();
    QUERIES.forEach(c -> bodies.put(c[0], "{\"query\":" + c[1] + ",\"size\":10}"));
    return walk(QueryDecoder.queryTypes(), Query.getDescriptor(), bodies, false);
  }

  /** The same walk over the REST decoder's aggregation types: buckets and values agree. */
  @TestFactory
  Stream<DynamicTest> everyAggregationRestServesIsTypedAndHasTheSameBucketsAndValues() {
    Map<String, String> bodies = new LinkedHashMap<>();
    AGGREGATIONS.forEach(c -> bodies.put(c[0], "{\"size\":0,\"aggs\":" + c[1] + "}"));
    return walk(AggregationsDecoder.aggregationTypes(), Aggregation.getDescriptor(), bodies, true);
  }

  private static Stream<DynamicTest> walk(
      Set<String> served, Descriptor typed, Map<String, String> examples, boolean typedKeys) {
    Set<String> allServed = new HashSet<>(QueryDecoder.queryTypes());
    allServed.addAll(AggregationsDecoder.aggregationTypes());
    Map<String, Set<String>> uses = new LinkedHashMap<>();
    examples.forEach((name, body) -> uses.put(name, typesUsed(read(body))));
    return new TreeSet<>(served)
        .stream()
            .map(
                type ->
                    DynamicTest.dynamicTest(
                        type,
                        () -> {
                          FieldDescriptor twin = byJsonName(typed, type);
                          assertThat(twin)
                              .as("a typed %s.%s for REST's [%s]", typed.getName(), type, type)
                              .isNotNull();
                          assertThat(ProtoBodies.otherKeys(typed)).isNotEqualTo(twin);
                          List<String> covering =
                              uses.entrySet().stream()
                                  .filter(e -> e.getValue().contains(type))
                                  .filter(e -> allServed.containsAll(e.getValue()))
                                  .map(Map.Entry::getKey)
                                  .toList();
                          assertThat(covering).as("examples of [%s]", type).isNotEmpty();
                          for (String example : covering) {
                            sameAnswer(example, examples.get(example), false);
                            if (typedKeys) {
                              sameAnswer(example, examples.get(example), true);
                            }
                          }
                        }));
  }

  /** The query and aggregation types a typed body sets, anywhere in it (sub-clauses too). */
  private static Set<String> typesUsed(Message m) {
    Set<String> out = new TreeSet<>();
    String kind = m.getDescriptorForType().getFullName();
    boolean typeHolder =
        kind.equals(Query.getDescriptor().getFullName())
            || kind.equals(Aggregation.getDescriptor().getFullName());
    for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
      FieldDescriptor f = e.getKey();
      if (typeHolder && !NOT_TYPES.contains(f.getJsonName()) && !f.getName().equals("untyped")) {
        out.add(f.getJsonName());
      }
      if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
        continue;
      }
      List<?> values = f.isRepeated() ? (List<?>) e.getValue() : List.of(e.getValue());
      for (Object v : values) {
        out.addAll(typesUsed((Message) v));
      }
    }
    return out;
  }

  private static FieldDescriptor byJsonName(Descriptor d, String json) {
    return d.getFields().stream()
        .filter(f -> f.getJsonName().equals(json))
        .findFirst()
        .orElse(null);
  }

  @Test
  void aTypedQueryBuiltByHandFindsWhatItsJsonFinds() throws Exception {
    Query typed =
        Query.newBuilder()
            .setBool(
                BoolQuery.newBuilder()
                    .addMust(
                        Query.newBuilder()
                            .putTerm(
                                "tag", TermQueryField.newBuilder().setStringValue("a").build()))
                    .addFilter(
                        Query.newBuilder()
                            .putRange(
                                "n",
                                RangeQuery.newBuilder()
                                    .setGte(FieldValue.newBuilder().setNumberValue(2))
                                    .build())))
            .build();
    SearchResult reply =
        search.search(
            SearchRequest.newBuilder()
                .setIndex("typed")
                .setBody(SearchBody.newBuilder().setQuery(typed))
                .build());
    assertThat(reply.getHits().getHitsList()).extracting(h -> h.getXId()).containsExactly("3");

    SearchResult aggs =
        search.search(
            SearchRequest.newBuilder()
                .setIndex("typed")
                .setBody(
                    read(
                        "{\"size\":0,\"aggs\":{\"tags\":{\"terms\":{\"field\":\"tag\"},"
                            + "\"aggs\":{\"top\":{\"max\":{\"field\":\"n\"}}}}}}"))
                .build());
    AggregateResult tags = aggs.getAggregationsMap().get("tags");
    var first = tags.getBuckets().getListValue().getValues(0);
    assertThat(first.getKey().getStringValue()).isEqualTo("a");
    assertThat(first.getDocCount()).isEqualTo(2);
    assertThat(first.getAggregationsMap().get("top").getValue()).isEqualTo(3.0);
  }

  /**
   * Bodies the typed decoders read by proto fields but the model (or REST's parser) refuses: the
   * typed call is refused with REST's status, error type and message, since a refusal takes REST's
   * decoder's route and no rule is written twice.
   */
  @Test
  void aTypedBodyTheModelRefusesIsRefusedInRestsWords() throws Exception {
    List<String> bodies =
        List.of(
            "{\"query\":{\"term\":{\"tag\":{\"boost\":2}}}}",
            "{\"query\":{\"match\":{\"title\":{\"operator\":\"and\"}}}}",
            "{\"query\":{\"bool\":{\"filter\":[{\"match\":{\"title\":"
                + "{\"query\":\"fox\",\"operator\":\"xor\"}}}]}}}",
            "{\"query\":{\"exists\":{\"boost\":2}}}",
            "{\"query\":{\"range\":{\"n\":{\"gte\":1,\"time_zone\":\"Not/AZone\"}}}}",
            "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"tag\",\"size\":0}}}}",
            "{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"size\":3}}}}",
            "{\"size\":0,\"aggs\":{\"m\":{\"max\":{\"missing\":1}}}}",
            "{\"size\":0,\"aggs\":{\"m\":{\"max\":{\"field\":\"n\"},"
                + "\"aggs\":{\"x\":{\"min\":{\"field\":\"n\"}}}}}}",
            "{\"size\":-2}",
            "{\"from\":-1,\"query\":{\"match_all\":{}}}");
    for (String body : bodies) {
      HttpResponse<String> rest =
          HTTP.send(
              HttpRequest.newBuilder(
                      URI.create("http://127.0.0.1:" + node.httpPort() + "/typed/_search"))
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .header("Content-Type", "application/json")
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(rest.statusCode()).as(body + " over REST: " + rest.body()).isEqualTo(400);
      JsonNode error = JSON.readTree(rest.body()).path("error");
      io.grpc.StatusRuntimeException refused =
          org.assertj.core.api.Assertions.catchThrowableOfType(
              io.grpc.StatusRuntimeException.class,
              () ->
                  search.search(
                      SearchRequest.newBuilder().setIndex("typed").setBody(read(body)).build()));
      assertThat(refused).as(body + " over typed gRPC").isNotNull();
      assertThat(refused.getStatus().getCode())
          .as(body)
          .isEqualTo(io.grpc.Status.Code.INVALID_ARGUMENT);
      String description = refused.getStatus().getDescription();
      JsonNode details =
          JSON.readTree(description.substring(description.indexOf("details=") + 8)).path("error");
      assertThat(details.path("type").asText()).as(body).isEqualTo(error.path("type").asText());
      // Where in its JSON a parser stood ([line:col]) differs: the typed body has no JSON text.
      assertThat(details.path("reason").asText().replaceAll("\\[\\d+:\\d+] ", ""))
          .as(body)
          .isEqualTo(error.path("reason").asText().replaceAll("\\[\\d+:\\d+] ", ""));
    }
  }

  @Test
  void typedMsearchAnswersAsRestsNdjsonDoes() throws Exception {
    String ndjson =
        "{\"index\":\"typed\"}\n{\"query\":{\"term\":{\"tag\":\"a\"}}}\n"
            + "{}\n{\"size\":0,\"aggs\":{\"t\":{\"terms\":{\"field\":\"tag\"},"
            + "\"aggs\":{\"m\":{\"max\":{\"field\":\"n\"}}}}}}\n"
            + "{\"index\":[\"nope\"]}\n{}\n";
    JsonNode rest = rest("POST", "/typed/_msearch", ndjson);

    MsearchRequest.Builder typed = MsearchRequest.newBuilder().setIndex("typed");
    typed.addBody(MsearchLine.newBuilder().addIndex("typed"));
    typed.addBody(
        MsearchLine.newBuilder()
            .setQuery(
                Query.newBuilder()
                    .putTerm("tag", TermQueryField.newBuilder().setStringValue("a").build())));
    typed.addBody(MsearchLine.getDefaultInstance());
    typed.addBody(
        MsearchLine.newBuilder()
            .setSize(0)
            .putAggs(
                "t",
                Aggregation.newBuilder()
                    .setTerms(TermsAggregation.newBuilder().setField("tag"))
                    .putAggs(
                        "m",
                        Aggregation.newBuilder()
                            .setMax(MetricAggregation.newBuilder().setField("n"))
                            .build())
                    .build()));
    typed.addBody(MsearchLine.newBuilder().addIndex("nope"));
    typed.addBody(MsearchLine.getDefaultInstance());
    MsearchResult reply = search.msearch(typed.build());

    assertThat(reply.getResponsesList()).hasSize(3);
    assertThat(reply.getResponses(0).getHits().getHitsList())
        .extracting(h -> h.getXId())
        .containsExactly("1", "3");
    assertThat(
            reply
                .getResponses(1)
                .getAggregationsMap()
                .get("t")
                .getBuckets()
                .getListValue()
                .getValues(0)
                .getAggregationsMap()
                .get("m")
                .getValue())
        .isEqualTo(3.0);
    assertThat(reply.getResponses(2).getStatus()).isEqualTo(404);
    JsonNode grpc = RestBodies.node(reply);
    for (int i = 0; i < 3; i++) {
      for (String part : List.of("hits", "aggregations", "status")) {
        assertThat(comparable(grpc.path("responses").path(i).path(part)))
            .as("responses[%d].%s", i, part)
            .isEqualTo(comparable(rest.path("responses").path(i).path(part)));
      }
    }
  }

  private static void sameAnswer(String example, String body, boolean typedKeys) throws Exception {
    SearchBody typed = read(body);
    assertThat(untyped(typed)).as("JSON left untyped in [%s]: %s", example, typed).isEmpty();

    JsonNode rest = rest("POST", "/typed/_search" + (typedKeys ? "?typed_keys=true" : ""), body);
    SearchResult reply =
        search.search(
            SearchRequest.newBuilder()
                .setIndex("typed")
                .setTypedKeys(typedKeys)
                .setBody(typed)
                .build());
    JsonNode grpc = RestBodies.node(reply);
    assertThat(comparable(grpc.path("hits")))
        .as("hits of [%s]", example)
        .isEqualTo(comparable(rest.path("hits")));
    assertThat(rest.path("aggregations").isMissingNode() == body.contains("\"aggs\"")).isFalse();
    assertThat(comparable(grpc.path("aggregations")))
        .as("aggregations of [%s]%s", example, typedKeys ? " with typed_keys" : "")
        .isEqualTo(comparable(rest.path("aggregations")));
  }

  private static SearchBody read(String json) {
    return (SearchBody)
        ProtoBodies.read(json.getBytes(StandardCharsets.UTF_8), SearchBody.getDefaultInstance());
  }

  /** The `untyped` entries (JSON carried as Struct) anywhere in {@code m}. */
  private static List<String> untyped(Message m) {
    return m.getAllFields().entrySet().stream()
        .flatMap(
            e -> {
              FieldDescriptor f = e.getKey();
              if (f.getName().equals("untyped")) {
                return Stream.of(f.getFullName());
              }
              if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                return Stream.empty();
              }
              List<?> values = f.isRepeated() ? (List<?>) e.getValue() : List.of(e.getValue());
              return values.stream().flatMap(v -> untyped((Message) v).stream());
            })
        .toList();
  }

  /** Numbers as doubles, without nulls and empty containers (proto3 has neither). */
  private static JsonNode comparable(JsonNode json) {
    if (json.isNumber()) {
      // By its text, so that a float and a double written alike compare equal.
      return JsonNodeFactory.instance.numberNode(Double.parseDouble(json.asText()));
    }
    if (json.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        JsonNode v = comparable(e.getValue());
        if (!v.isNull() && !(v.isContainerNode() && v.isEmpty())) {
          out.set(e.getKey(), v);
        }
      }
      return out;
    }
    if (json.isArray()) {
      var out = JsonNodeFactory.instance.arrayNode();
      json.forEach(v -> out.add(comparable(v)));
      return out;
    }
    return json;
  }

  private static String[] q(String name, String json) {
    return new String[] {name, json};
  }

  private static JsonNode rest(String method, String path, String body) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + node.httpPort() + path))
                .method(method, HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isLessThan(300);
    return JSON.readTree(response.body());
  }
}
