package dev.duet.bench.client;

import java.nio.charset.StandardCharsets;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.MaxAggregation;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.TermsAggregation;
import org.opensearch.protobufs.TermsAggregationFields;

/**
 * The aggregation searches the bench measures ({@code size: 0}, over the whole index), as REST
 * bodies and, where the 1.6.0 schema can express them (terms, min, max), as gRPC requests.
 */
public enum AggregationQuery {
  TERMS_AVG(
      "agg-terms-avg",
      "terms on a keyword (12 buckets) with an avg per bucket",
      "{\"size\":0,\"aggs\":{\"c\":{\"terms\":{\"field\":\"category\"},"
          + "\"aggs\":{\"p\":{\"avg\":{\"field\":\"price\"}}}}}}"),
  DATE_HISTOGRAM(
      "agg-date-histogram",
      "date_histogram by calendar month with a sum per bucket",
      "{\"size\":0,\"aggs\":{\"m\":{\"date_histogram\":{\"field\":\"created\","
          + "\"calendar_interval\":\"month\"},\"aggs\":{\"s\":{\"sum\":{\"field\":\"stock\"}}}}}}"),
  CARDINALITY(
      "agg-cardinality",
      "cardinality of a numeric field (about 1000 distinct values)",
      "{\"size\":0,\"aggs\":{\"c\":{\"cardinality\":{\"field\":\"stock\"}}}}"),
  TERMS_MAX(
      "agg-terms-max",
      "terms on a keyword with a max per bucket (expressible over gRPC 1.6.0)",
      "{\"size\":0,\"aggs\":{\"c\":{\"terms\":{\"field\":\"category\"},"
          + "\"aggs\":{\"p\":{\"max\":{\"field\":\"price\"}}}}}}");

  private final String scenario;
  private final String title;
  private final byte[] restBody;

  AggregationQuery(String scenario, String title, String restBody) {
    this.scenario = scenario;
    this.title = title;
    this.restBody = restBody.getBytes(StandardCharsets.UTF_8);
  }

  /** The bench scenario's name. */
  public String scenario() {
    return scenario;
  }

  public String title() {
    return title;
  }

  /** The {@code _search} body; shared, never to be modified. */
  public byte[] restBody() {
    return restBody;
  }

  /** Whether {@code org.opensearch.protobufs} 1.6.0 can express this search. */
  public boolean grpc() {
    return this == TERMS_MAX;
  }

  /** The gRPC twin of the REST body; only for {@link #grpc()} queries. */
  public SearchRequest grpcRequest(String index) {
    if (!grpc()) {
      throw new IllegalStateException(scenario + " cannot be expressed in protobufs 1.6.0");
    }
    return SearchRequest.newBuilder()
        .addIndex(index)
        .setSearchRequestBody(
            SearchRequestBody.newBuilder()
                .setSize(0)
                .putAggregations(
                    "c",
                    AggregationContainer.newBuilder()
                        .setTermsAggregation(
                            TermsAggregation.newBuilder()
                                .setTerms(TermsAggregationFields.newBuilder().setField("category"))
                                .putAggregations(
                                    "p",
                                    AggregationContainer.newBuilder()
                                        .setMax(MaxAggregation.newBuilder().setField("price"))
                                        .build()))
                        .build()))
        .build();
  }

  /** The query of a scenario name, or null. */
  public static AggregationQuery forScenario(String name) {
    for (AggregationQuery q : values()) {
      if (q.scenario.equals(name)) {
        return q;
      }
    }
    return null;
  }
}
