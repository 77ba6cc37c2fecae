package dev.duet.server.grpc;

import dev.duet.engine.search.Explanation;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.HitVersions;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.NullValue;
import org.opensearch.protobufs.ObjectMap;
import org.opensearch.protobufs.StringArray;

/**
 * Sets a hit's {@code fields} (an object of value lists), {@code highlight} (fragments by field),
 * {@code _explanation} and, for explained hits, {@code _shard} and {@code _node}.
 */
final class HitDetailsEncoder {
  private HitDetailsEncoder() {}

  static void encode(String index, HitDetails details, HitsMetadataHitsInner.Builder out) {
    if (!details.fields().isEmpty()) {
      ObjectMap.Builder fields = ObjectMap.newBuilder();
      for (Map.Entry<String, List<Object>> field : details.fields().entrySet()) {
        ObjectMap.ListValue.Builder list = ObjectMap.ListValue.newBuilder();
        for (Object value : field.getValue()) {
          list.addValue(value(value));
        }
        fields.putFields(field.getKey(), ObjectMap.Value.newBuilder().setListValue(list).build());
      }
      out.setFields(fields);
    }
    for (Map.Entry<String, List<String>> field : details.highlight().entrySet()) {
      out.putHighlight(
          field.getKey(), StringArray.newBuilder().addAllStringArray(field.getValue()).build());
    }
    matchedQueries(details.matchedQueries(), out);
    if (details.explanation() != null) {
      out.setXShard("0"); // OpenSearch's gRPC gives the shard number alone
      if (details.node() != null) {
        out.setXNode(details.node());
      }
      out.setXExplanation(explanation(details.explanation()));
    }
    HitVersions versions = details.versions();
    if (versions != null) {
      if (versions.version() != null) {
        out.setXVersion(versions.version());
      }
      if (versions.seqNo() != null) {
        out.setXSeqNo(versions.seqNo());
        out.setXPrimaryTerm(versions.primaryTerm());
      }
    }
  }

  /**
   * {@code matched_queries}: the names, or with {@code include_named_queries_score} each name with
   * its score in {@code matched_queries_2.scores}.
   */
  private static void matchedQueries(
      Map<String, Float> matched, HitsMetadataHitsInner.Builder out) {
    if (matched.isEmpty()) {
      return;
    }
    if (Float.isNaN(matched.values().iterator().next())) {
      out.addAllMatchedQueries(matched.keySet());
      return;
    }
    org.opensearch.protobufs.DoubleMap.Builder scores =
        org.opensearch.protobufs.DoubleMap.newBuilder();
    for (Map.Entry<String, Float> e : matched.entrySet()) {
      scores.putDoubleMap(e.getKey(), e.getValue());
    }
    out.setMatchedQueries2(
        org.opensearch.protobufs.HitMatchedQueries.newBuilder().setScores(scores));
  }

  private static org.opensearch.protobufs.Explanation explanation(Explanation e) {
    org.opensearch.protobufs.Explanation.Builder out =
        org.opensearch.protobufs.Explanation.newBuilder()
            .setValue(e.value().floatValue())
            .setDescription(e.description());
    for (Explanation detail : e.details()) {
      out.addDetails(explanation(detail));
    }
    return out.build();
  }

  private static ObjectMap.Value value(Object value) {
    ObjectMap.Value.Builder out = ObjectMap.Value.newBuilder();
    return switch (value) {
      case null -> out.setNullValue(NullValue.NULL_VALUE_NULL).build();
      case String s -> out.setString(s).build();
      case Long l -> out.setInt64(l).build();
      case Integer i -> out.setInt32(i).build();
      case Double d -> out.setDouble(d).build();
      case Float f -> out.setFloat(f).build();
      case Boolean b -> out.setBool(b).build();
      default -> out.setString(value.toString()).build();
    };
  }
}
