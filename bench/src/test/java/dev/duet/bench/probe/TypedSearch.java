package dev.duet.bench.probe;

import dev.duet.api.common.Aggregation;
import dev.duet.api.common.BoolQuery;
import dev.duet.api.common.FieldValue;
import dev.duet.api.common.MatchQueryField;
import dev.duet.api.common.MetricAggregation;
import dev.duet.api.common.Query;
import dev.duet.api.common.RangeQuery;
import dev.duet.api.common.SearchBody;
import dev.duet.api.common.SearchResult;
import dev.duet.api.common.TermQueryField;
import dev.duet.api.common.TermsAggregation;
import dev.duet.api.search.SearchRequest;
import dev.duet.api.search.SearchServiceGrpc;
import dev.duet.bench.client.GrpcChannels;
import io.grpc.ManagedChannel;
import java.util.concurrent.TimeUnit;

/**
 * The probe's client of Duet's typed {@code duet.search.SearchService/Search}: the same searches as
 * {@code AggregationQuery.TERMS_MAX} and {@code TextQuery.BOOL_FILTER}, built as a typed client
 * builds them, on a channel configured as the bench's gRPC client's.
 */
final class TypedSearch implements AutoCloseable {
  private final ManagedChannel channel;
  private final SearchServiceGrpc.SearchServiceBlockingStub stub;

  TypedSearch(String target) {
    this.channel = GrpcChannels.open(target);
    this.stub = SearchServiceGrpc.newBlockingStub(channel);
  }

  /** terms on {@code category} with a max of {@code price} per bucket, size 0, no request cache. */
  SearchResult termsMax(String index) {
    Aggregation max =
        Aggregation.newBuilder().setMax(MetricAggregation.newBuilder().setField("price")).build();
    Aggregation terms =
        Aggregation.newBuilder()
            .setTerms(TermsAggregation.newBuilder().setField("category"))
            .putAggs("p", max)
            .build();
    return stub.search(
        SearchRequest.newBuilder()
            .setIndex(index)
            .setRequestCache(false)
            .setBody(SearchBody.newBuilder().setSize(0).putAggs("c", terms))
            .build());
  }

  /** bool: match on {@code field}, a term filter on category and a range filter on price. */
  SearchResult boolFilter(String index, String field, String text) {
    Query query =
        Query.newBuilder()
            .setBool(
                BoolQuery.newBuilder()
                    .addMust(
                        Query.newBuilder()
                            .putMatch(
                                field, MatchQueryField.newBuilder().setStringValue(text).build()))
                    .addFilter(
                        Query.newBuilder()
                            .putTerm(
                                "category",
                                TermQueryField.newBuilder().setStringValue("books").build()))
                    .addFilter(
                        Query.newBuilder()
                            .putRange(
                                "price",
                                RangeQuery.newBuilder()
                                    .setLte(FieldValue.newBuilder().setNumberValue(500.0))
                                    .build())))
            .build();
    return stub.search(
        SearchRequest.newBuilder()
            .setIndex(index)
            .setBody(SearchBody.newBuilder().setQuery(query).setSize(10))
            .build());
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
  }
}
