package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.FieldSort;
import org.opensearch.protobufs.FieldSortMap;
import org.opensearch.protobufs.MatchNoneQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.ScoreSort;
import org.opensearch.protobufs.ScriptField;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.SortCombinations;
import org.opensearch.protobufs.SortOptions;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SortOrderMap;
import org.opensearch.protobufs.SourceConfig;
import org.opensearch.protobufs.SourceConfigParam;
import org.opensearch.protobufs.SourceFilter.Builder;
import org.opensearch.protobufs.StringArray;
import org.opensearch.protobufs.TrackHits;

class SearchRequestDecoderTest {

  @Test
  void emptyRequestMeansMatchAllFirstTenWithSourceAndDefaultTracking() {
    SearchRequest r = SearchRequestDecoder.decode(request().build());

    assertThat(r.indices()).isEmpty();
    assertThat(r.query()).isEqualTo(new Query.MatchAll(1f));
    assertThat(r.from()).isZero();
    assertThat(r.size()).isEqualTo(10);
    assertThat(r.sort()).isEmpty();
    assertThat(r.source()).isEqualTo(SourceFilter.ALL);
    assertThat(r.trackTotalHits()).isEqualTo(TrackTotalHits.DEFAULT);
  }

  @Test
  void readsIndicesPagingQueryAndTracking() {
    SearchRequest r =
        SearchRequestDecoder.decode(
            request()
                .addIndex("a")
                .addIndex("b-*")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setFrom(5)
                        .setSize(3)
                        .setQuery(
                            QueryContainer.newBuilder()
                                .setMatchNone(MatchNoneQuery.getDefaultInstance()))
                        .setTrackTotalHits(TrackHits.newBuilder().setCount(100)))
                .build());

    assertThat(r.indices()).containsExactly("a", "b-*");
    assertThat(r.from()).isEqualTo(5);
    assertThat(r.size()).isEqualTo(3);
    assertThat(r.query()).isEqualTo(new Query.MatchNone(1f));
    assertThat(r.trackTotalHits()).isEqualTo(new TrackTotalHits(true, 100));
  }

  @Test
  void trackTotalHitsBooleanForms() {
    assertThat(track(TrackHits.newBuilder().setEnabled(true))).isEqualTo(TrackTotalHits.EXACT);
    assertThat(track(TrackHits.newBuilder().setEnabled(false))).isEqualTo(TrackTotalHits.DISABLED);
    assertThat(track(TrackHits.newBuilder().setCount(-1))).isEqualTo(TrackTotalHits.DISABLED);
  }

  @Test
  void everySortShapeBecomesSortSpecsInOrder() {
    SearchRequest r =
        SearchRequestDecoder.decode(
            request()
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .addSort(SortCombinations.newBuilder().setField("year"))
                        .addSort(
                            SortCombinations.newBuilder()
                                .setFieldWithDirection(
                                    SortOrderMap.newBuilder()
                                        .putSortOrderMap("price", SortOrder.SORT_ORDER_DESC)))
                        .addSort(
                            SortCombinations.newBuilder()
                                .setFieldWithOrder(
                                    FieldSortMap.newBuilder()
                                        .putFieldSortMap(
                                            "title.raw",
                                            FieldSort.newBuilder()
                                                .setOrder(SortOrder.SORT_ORDER_ASC)
                                                .build())))
                        .addSort(
                            SortCombinations.newBuilder()
                                .setOptions(
                                    SortOptions.newBuilder()
                                        .setXScore(ScoreSort.getDefaultInstance()))))
                .build());

    assertThat(r.sort())
        .containsExactly(
            new SortSpec("year", null),
            new SortSpec("price", SortSpec.SortOrder.DESC),
            new SortSpec("title.raw", SortSpec.SortOrder.ASC),
            new SortSpec("_score", null));
  }

  @Test
  void fieldSortOptionsBeyondOrderFailAsRestFailsForThem() {
    SearchRequestBody body =
        SearchRequestBody.newBuilder()
            .addSort(
                SortCombinations.newBuilder()
                    .setFieldWithOrder(
                        FieldSortMap.newBuilder()
                            .putFieldSortMap(
                                "year",
                                FieldSort.newBuilder()
                                    .setUnmappedType(
                                        org.opensearch.protobufs.FieldType.FIELD_TYPE_LONG)
                                    .build())))
            .build();

    assertThatThrownBy(
            () -> SearchRequestDecoder.decode(request().setSearchRequestBody(body).build()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parsing_exception");
              assertThat(e.reason()).isEqualTo("[field_sort] unknown field [unmapped_type]");
            });
  }

  @Test
  void bodySourceFilterAndFetchFalse() {
    Builder filter =
        org.opensearch.protobufs.SourceFilter.newBuilder().addIncludes("a.*").addExcludes("a.b");
    assertThat(source(SourceConfig.newBuilder().setFilter(filter)))
        .isEqualTo(new SourceFilter(true, List.of("a.*"), List.of("a.b")));
    assertThat(source(SourceConfig.newBuilder().setFetch(false))).isEqualTo(SourceFilter.NONE);
  }

  @Test
  void requestLevelSourceParametersWinOverTheBodyAsUrlParametersDoInRest() {
    SearchRequest r =
        SearchRequestDecoder.decode(
            request()
                .setXSource(
                    SourceConfigParam.newBuilder()
                        .setFields(StringArray.newBuilder().addStringArray("title")))
                .addXSourceExcludes("secret")
                .setSearchRequestBody(
                    SearchRequestBody.newBuilder()
                        .setXSource(SourceConfig.newBuilder().setFetch(false)))
                .build());

    assertThat(r.source()).isEqualTo(new SourceFilter(true, List.of("title"), List.of("secret")));
  }

  @Test
  void negativePagingIsABadRequest() {
    assertThatThrownBy(
            () ->
                SearchRequestDecoder.decode(
                    request()
                        .setSearchRequestBody(SearchRequestBody.newBuilder().setFrom(-1))
                        .build()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .isEqualTo("[from] parameter cannot be negative, found [-1]"));
  }

  @Test
  void featuresTheModelLacksAreRefusedNotIgnored() {
    assertThatThrownBy(
            () ->
                SearchRequestDecoder.decode(
                    request()
                        .setSearchRequestBody(
                            SearchRequestBody.newBuilder()
                                .putScriptFields("x", ScriptField.getDefaultInstance()))
                        .build()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.reason()).contains("[script_fields]");
            });
  }

  private static org.opensearch.protobufs.SearchRequest.Builder request() {
    return org.opensearch.protobufs.SearchRequest.newBuilder();
  }

  private static TrackTotalHits track(TrackHits.Builder track) {
    return SearchRequestDecoder.decode(
            request()
                .setSearchRequestBody(SearchRequestBody.newBuilder().setTrackTotalHits(track))
                .build())
        .trackTotalHits();
  }

  private static SourceFilter source(SourceConfig.Builder source) {
    return SearchRequestDecoder.decode(
            request()
                .setSearchRequestBody(SearchRequestBody.newBuilder().setXSource(source))
                .build())
        .source();
  }
}
