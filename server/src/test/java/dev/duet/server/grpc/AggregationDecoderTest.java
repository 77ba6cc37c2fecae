package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.MetricKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.MaxAggregation;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SortOrderSingleMap;
import org.opensearch.protobufs.TermsAggregation;
import org.opensearch.protobufs.TermsAggregationFields;
import org.opensearch.protobufs.TermsInclude;
import org.opensearch.protobufs.TermsPartition;

class AggregationDecoderTest {
  @Test
  void termsWithOrderMissingAndAMaxInsideDecodeLikeRest() {
    AggregationContainer terms =
        AggregationContainer.newBuilder()
            .setTermsAggregation(
                TermsAggregation.newBuilder()
                    .setTerms(
                        TermsAggregationFields.newBuilder()
                            .setField("k")
                            .setSize(3)
                            .setMissing(FieldValue.newBuilder().setString("none"))
                            .addOrder(
                                SortOrderSingleMap.newBuilder()
                                    .setField("_count")
                                    .setSortOrder(SortOrder.SORT_ORDER_ASC)))
                    .putAggregations(
                        "hi",
                        AggregationContainer.newBuilder()
                            .setMax(MaxAggregation.newBuilder().setField("p"))
                            .build()))
            .build();

    List<Aggregation> aggs = AggregationDecoder.decode(Map.of("t", terms));

    assertThat(aggs)
        .containsExactly(
            new Aggregation.Terms(
                "t",
                "k",
                3,
                -1,
                List.of(new BucketOrder("_count", true)),
                1,
                "none",
                null,
                List.of(new Aggregation.Metric("hi", MetricKind.MAX, "p", null, null, 2))));
  }

  @Test
  void anEmptyContainerNamesTheAggregation() {
    assertThatThrownBy(
            () -> AggregationDecoder.decode(Map.of("x", AggregationContainer.getDefaultInstance())))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.reason()).isEqualTo("Missing definition for aggregation [x]");
            });
  }

  @Test
  void termsWithoutAFieldFailsAsRestDoes() {
    AggregationContainer noField =
        AggregationContainer.newBuilder()
            .setTermsAggregation(
                TermsAggregation.newBuilder().setTerms(TermsAggregationFields.newBuilder()))
            .build();

    assertThatThrownBy(() -> AggregationDecoder.decode(Map.of("x", noField)))
        .hasMessage("Required one of fields [field, script], but none were specified. ");
  }

  @Test
  void includePartitionsAreRefusedNotIgnored() {
    AggregationContainer partitioned =
        AggregationContainer.newBuilder()
            .setTermsAggregation(
                TermsAggregation.newBuilder()
                    .setTerms(
                        TermsAggregationFields.newBuilder()
                            .setField("k")
                            .setInclude(
                                TermsInclude.newBuilder()
                                    .setPartition(
                                        TermsPartition.newBuilder()
                                            .setPartition(0)
                                            .setNumPartitions(2)))))
            .build();

    assertThatThrownBy(() -> AggregationDecoder.decode(Map.of("x", partitioned)))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("partitions");
  }
}
