package dev.duet.server.grpc;

import com.google.protobuf.UnsafeByteOperations;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.util.List;
import org.opensearch.protobufs.HitXScore;
import org.opensearch.protobufs.HitsMetadata;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.HitsMetadataMaxScore;
import org.opensearch.protobufs.HitsMetadataTotal;
import org.opensearch.protobufs.NullValue;
import org.opensearch.protobufs.ShardStatistics;
import org.opensearch.protobufs.TotalHits;
import org.opensearch.protobufs.TotalHitsRelation;

/**
 * Encodes search results as OpenSearch 3.8's transport-grpc does: {@code took}, {@code timed_out},
 * {@code _shards} (with {@code skipped}), and {@code hits} with {@code total} (absent values set as
 * an empty message when tracking is off), {@code max_score} and per hit {@code _index}, {@code
 * _id}, {@code _score} (null when sorting by field), {@code _source} bytes and {@code sort}.
 */
final class SearchResponseEncoder {
  private SearchResponseEncoder() {}

  /**
   * @param totalHitsAsInt the request's {@code total_hits_as_int}: OpenSearch's gRPC ignores it;
   *     Duet honours it as REST does ({@code -1} when tracking is off).
   * @param sortTypes types the hits' sort values as OpenSearch does
   */
  static org.opensearch.protobufs.SearchResponse encode(
      SearchResponse response, boolean totalHitsAsInt, SortValueTypes sortTypes) {
    return encode(response, totalHitsAsInt, sortTypes, List.of());
  }

  /**
   * @param aggregations the request's aggregations, which say how to encode their results
   */
  static org.opensearch.protobufs.SearchResponse encode(
      SearchResponse response,
      boolean totalHitsAsInt,
      SortValueTypes sortTypes,
      List<Aggregation> aggregations) {
    HitsMetadata.Builder hits = HitsMetadata.newBuilder();
    hits.setTotal(total(response.totalHits(), totalHitsAsInt));
    hits.setMaxScore(
        Float.isNaN(response.maxScore())
            ? HitsMetadataMaxScore.newBuilder().setNullValue(NullValue.NULL_VALUE_NULL)
            : HitsMetadataMaxScore.newBuilder().setFloat(response.maxScore()));
    for (SearchHit hit : response.hits()) {
      hits.addHits(hit(hit, sortTypes));
    }
    org.opensearch.protobufs.SearchResponse.Builder out =
        org.opensearch.protobufs.SearchResponse.newBuilder();
    if (response.terminatedEarly() != null) {
      out.setTerminatedEarly(response.terminatedEarly());
    }
    AggregateEncoder.encode(aggregations, response.aggregations(), out::putAggregations);
    if (response.scrollId() != null) {
      out.setXScrollId(response.scrollId());
    }
    if (response.pitId() != null) {
      out.setPitId(response.pitId());
    }
    if (response.profile() != null) {
      out.setProfile(ProfileEncoder.encode(response.profile()));
    }
    return out.setTook(response.tookMillis())
        .setTimedOut(response.timedOut())
        .setXShards(
            ShardStatistics.newBuilder()
                .setTotal(response.totalShards())
                .setSuccessful(response.totalShards())
                .setSkipped(0)
                .setFailed(0))
        .setHits(hits)
        .build();
  }

  private static HitsMetadataTotal total(SearchResponse.TotalHits total, boolean asInt) {
    HitsMetadataTotal.Builder out = HitsMetadataTotal.newBuilder();
    if (asInt) {
      return out.setInt64(total == null ? -1 : total.value()).build();
    }
    if (total != null) {
      out.setTotalHits(
          TotalHits.newBuilder()
              .setValue(total.value())
              .setRelation(
                  "gte".equals(total.relation())
                      ? TotalHitsRelation.TOTAL_HITS_RELATION_GTE
                      : TotalHitsRelation.TOTAL_HITS_RELATION_EQ));
    }
    return out.build();
  }

  static HitsMetadataHitsInner hit(SearchHit hit, SortValueTypes sortTypes) {
    HitsMetadataHitsInner.Builder out = HitsMetadataHitsInner.newBuilder();
    if (hit.index() != null) {
      out.setXIndex(hit.index());
    }
    if (hit.id() != null) {
      out.setXId(hit.id());
    }
    if (hit.routing() != null) {
      out.setXRouting(hit.routing());
    }
    out.setXScore(
        Float.isNaN(hit.score())
            ? HitXScore.newBuilder().setNullValue(NullValue.NULL_VALUE_NULL)
            : HitXScore.newBuilder().setDouble(hit.score()));
    if (!hit.ignored().isEmpty()) {
      // OpenSearch's transport-grpc reports _ignored among the hit's meta_fields.
      org.opensearch.protobufs.ObjectMap.ListValue.Builder list =
          org.opensearch.protobufs.ObjectMap.ListValue.newBuilder();
      for (String field : hit.ignored()) {
        list.addValue(org.opensearch.protobufs.ObjectMap.Value.newBuilder().setString(field));
      }
      out.setMetaFields(
          org.opensearch.protobufs.ObjectMap.newBuilder()
              .putFields(
                  "_ignored",
                  org.opensearch.protobufs.ObjectMap.Value.newBuilder()
                      .setListValue(list)
                      .build()));
    }
    if (hit.source() != null) {
      // The engine hands over a fresh array per hit and never touches it again: wrap, don't copy.
      out.setXSource(UnsafeByteOperations.unsafeWrap(hit.source()));
    }
    HitDetailsEncoder.encode(hit.index(), hit.details(), out);
    List<Object> sort = hit.sortValues();
    for (int key = 0; key < sort.size(); key++) {
      out.addSort(FieldValues.toProto(sortTypes.narrow(hit.index(), key, sort.get(key))));
    }
    if (hit.details().nested() != null) {
      out.setXNested(nested(hit.details().nested()));
    }
    for (var inner : hit.details().innerHits().entrySet()) {
      out.putInnerHits(
          inner.getKey(), innerHits(inner.getValue(), sortTypes.forSort(inner.getValue().sort())));
    }
    return out.build();
  }

  private static org.opensearch.protobufs.NestedIdentity nested(
      dev.duet.engine.search.NestedIdentity identity) {
    org.opensearch.protobufs.NestedIdentity.Builder out =
        org.opensearch.protobufs.NestedIdentity.newBuilder()
            .setField(identity.field())
            .setOffset(identity.offset());
    if (identity.child() != null) {
      out.setXNested(nested(identity.child()));
    }
    return out.build();
  }

  private static org.opensearch.protobufs.InnerHitsResult innerHits(
      dev.duet.engine.search.InnerHitsResult inner, SortValueTypes sortTypes) {
    HitsMetadata.Builder hits = HitsMetadata.newBuilder();
    hits.setTotal(total(inner.totalHits(), false));
    hits.setMaxScore(
        Float.isNaN(inner.maxScore())
            ? HitsMetadataMaxScore.newBuilder().setNullValue(NullValue.NULL_VALUE_NULL)
            : HitsMetadataMaxScore.newBuilder().setFloat(inner.maxScore()));
    for (SearchHit hit : inner.hits()) {
      hits.addHits(hit(hit, sortTypes));
    }
    return org.opensearch.protobufs.InnerHitsResult.newBuilder().setHits(hits).build();
  }
}
