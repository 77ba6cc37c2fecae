package dev.duet.server.grpc;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.HitXScore;
import org.opensearch.protobufs.HitsMetadataMaxScore;
import org.opensearch.protobufs.HitsMetadataTotal;
import org.opensearch.protobufs.NullValue;
import org.opensearch.protobufs.TotalHitsRelation;

class SearchResponseEncoderTest {

  @Test
  void encodesScoredHitsWithTotalsAndSourceBytes() {
    byte[] source = "{\"title\":\"ü\"}".getBytes(UTF_8);
    SearchResponse response =
        new SearchResponse(
            3,
            false,
            1,
            new SearchResponse.TotalHits(10_000, "gte"),
            1.25f,
            List.of(new SearchHit("books", "1", 1.25f, source, List.of())));

    var proto = SearchResponseEncoder.encode(response, false, SortValueTypes.AS_IS);

    assertThat(proto.getTook()).isEqualTo(3);
    assertThat(proto.getTimedOut()).isFalse();
    assertThat(proto.getXShards().getTotal()).isEqualTo(1);
    assertThat(proto.getXShards().getSuccessful()).isEqualTo(1);
    assertThat(proto.getXShards().hasSkipped()).isTrue();
    assertThat(proto.getXShards().getFailed()).isZero();
    assertThat(proto.getHits().getTotal().getTotalHits().getValue()).isEqualTo(10_000);
    assertThat(proto.getHits().getTotal().getTotalHits().getRelation())
        .isEqualTo(TotalHitsRelation.TOTAL_HITS_RELATION_GTE);
    assertThat(proto.getHits().getMaxScore().getFloat()).isEqualTo(1.25f);
    var hit = proto.getHits().getHits(0);
    assertThat(hit.getXIndex()).isEqualTo("books");
    assertThat(hit.getXId()).isEqualTo("1");
    assertThat(hit.getXScore().getDouble()).isEqualTo(1.25d);
    assertThat(hit.getXSource().toByteArray()).isEqualTo(source);
    assertThat(hit.getSortCount()).isZero();
  }

  @Test
  void sortedHitsHaveNullScoresAndTypedSortValues() {
    SearchResponse response =
        new SearchResponse(
            1,
            false,
            1,
            new SearchResponse.TotalHits(2, "eq"),
            Float.NaN,
            List.of(
                new SearchHit("books", "1", Float.NaN, null, Arrays.asList(5L, "b", 2.5d, null))));

    var proto = SearchResponseEncoder.encode(response, false, SortValueTypes.AS_IS);

    assertThat(proto.getHits().getMaxScore().getHitsMetadataMaxScoreCase())
        .isEqualTo(HitsMetadataMaxScore.HitsMetadataMaxScoreCase.NULL_VALUE);
    var hit = proto.getHits().getHits(0);
    assertThat(hit.getXScore().getHitXScoreCase()).isEqualTo(HitXScore.HitXScoreCase.NULL_VALUE);
    assertThat(hit.hasXSource()).isFalse();
    assertThat(hit.getSortList()).extracting(FieldValue::toString).hasSize(4);
    assertThat(hit.getSort(0).getGeneralNumber().getInt64Value()).isEqualTo(5L);
    assertThat(hit.getSort(1).getString()).isEqualTo("b");
    assertThat(hit.getSort(2).getGeneralNumber().getDoubleValue()).isEqualTo(2.5d);
    assertThat(hit.getSort(3).getNullValue()).isEqualTo(NullValue.NULL_VALUE_NULL);
  }

  @Test
  void untrackedTotalIsAnEmptyTotalOrMinusOneAsInt() {
    SearchResponse response = new SearchResponse(1, false, 1, null, Float.NaN, List.of());

    assertThat(
            SearchResponseEncoder.encode(response, false, SortValueTypes.AS_IS)
                .getHits()
                .getTotal())
        .isEqualTo(HitsMetadataTotal.getDefaultInstance());
    assertThat(
            SearchResponseEncoder.encode(response, true, SortValueTypes.AS_IS)
                .getHits()
                .getTotal()
                .getInt64())
        .isEqualTo(-1);
  }

  @Test
  void totalHitsAsIntCarriesTheCount() {
    SearchResponse response =
        new SearchResponse(1, false, 1, new SearchResponse.TotalHits(42, "eq"), 1f, List.of());

    assertThat(
            SearchResponseEncoder.encode(response, true, SortValueTypes.AS_IS)
                .getHits()
                .getTotal()
                .getInt64())
        .isEqualTo(42);
  }
}
