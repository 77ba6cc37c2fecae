package dev.duet.server.grpc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import com.google.protobuf.NullValue;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.Value;
import dev.duet.api.common.HitsMetadata;
import dev.duet.api.common.SearchResult;
import dev.duet.api.common.ShardStatistics;
import dev.duet.api.common.TotalHits;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.HitVersions;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import dev.duet.server.rest.SearchJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A search's answer as the typed {@code duet.common.SearchResult}, built from the engine's response
 * field by field: what REST's encoder writes for each of the message's fields, with no JSON between
 * (a hit's {@code _source} is the engine's bytes, shared). The aggregation results are written by
 * REST's encoder (one set of per-type rules) as tokens, not text, and read into their messages.
 * {@link #encodes} says which answers this class covers; the others (an explanation or a profile,
 * which the message carries as {@code Struct}) go through REST's JSON.
 */
final class TypedSearchEncoder {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TypedSearchEncoder() {}

  /** Whether {@link #encode} covers every field the message carries for {@code response}. */
  static boolean encodes(SearchResponse response) {
    if (response.profile() != null) {
      return false;
    }
    for (SearchHit hit : response.hits()) {
      if (hit.details().explanation() != null) {
        return false;
      }
    }
    return true;
  }

  static SearchResult encode(SearchResponse r, boolean typedKeys, List<Aggregation> requested) {
    SearchResult.Builder out = SearchResult.newBuilder();
    if (r.scrollId() != null) {
      out.setXScrollId(r.scrollId());
    }
    if (r.pitId() != null) {
      out.setPitId(r.pitId());
    }
    out.setTook(r.tookMillis()).setTimedOut(r.timedOut());
    if (r.terminatedEarly() != null) {
      out.setTerminatedEarly(r.terminatedEarly());
    }
    out.setXShards(
        ShardStatistics.newBuilder()
            .setTotal(r.totalShards())
            .setSuccessful(r.totalShards())
            .setSkipped(0)
            .setFailed(0));
    HitsMetadata.Builder hits = out.getHitsBuilder();
    if (r.totalHits() != null) {
      hits.setTotal(
          TotalHits.newBuilder()
              .setValue(r.totalHits().value())
              .setRelation(
                  "gte".equals(r.totalHits().relation())
                      ? TotalHits.Relation.RELATION_GTE
                      : TotalHits.Relation.RELATION_EQ));
    }
    if (!Float.isNaN(r.maxScore())) {
      hits.setMaxScore(r.maxScore());
    }
    for (SearchHit hit : r.hits()) {
      hit(hit, hits.addHitsBuilder());
    }
    if (!r.aggregations().isEmpty()) {
      if (!typedKeys && TypedAggregationEncoder.encodes(r.aggregations(), requested)) {
        TypedAggregationEncoder.encode(r.aggregations(), out::putAggregations);
      } else {
        aggregations(r, typedKeys, requested, out);
      }
    }
    return out.build();
  }

  private static void hit(SearchHit hit, dev.duet.api.common.Hit.Builder out) {
    out.setXIndex(hit.index());
    if (hit.id() != null) {
      out.setXId(hit.id());
    }
    HitVersions versions = hit.details().versions();
    if (versions != null) {
      if (versions.version() != null) {
        out.setXVersion(versions.version());
      }
      if (versions.seqNo() != null) {
        out.setXSeqNo(versions.seqNo());
        out.setXPrimaryTerm(versions.primaryTerm());
      }
    }
    if (!Float.isNaN(hit.score())) {
      out.setXScore(hit.score());
    }
    if (hit.source() != null) {
      out.setXSource(UnsafeByteOperations.unsafeWrap(hit.source()));
    }
    for (Object v : hit.sortValues()) {
      out.addSort(sortValue(v));
    }
  }

  /**
   * A sort value as {@code google.protobuf.Value}, as REST's JSON number or string reads into it.
   */
  private static Value sortValue(Object v) {
    return switch (v) {
      case null -> Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
      // A float as REST writes it (its shortest decimal), not its binary value widened.
      case Float f -> Value.newBuilder().setNumberValue(Double.parseDouble(f.toString())).build();
      case Number n -> Value.newBuilder().setNumberValue(n.doubleValue()).build();
      case Boolean b -> Value.newBuilder().setBoolValue(b).build();
      default -> Value.newBuilder().setStringValue(v.toString()).build();
    };
  }

  /** REST's JSON answer read into the message: for what {@link #encodes} leaves. */
  static SearchResult viaJson(SearchResponse r, boolean typedKeys, List<Aggregation> requested) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (com.fasterxml.jackson.core.JsonGenerator g = JSON.getFactory().createGenerator(bytes)) {
      SearchJson.response(r, typedKeys, requested, g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return (SearchResult) ProtoBodies.read(bytes.toByteArray(), SearchResult.getDefaultInstance());
  }

  /** REST's encoder writes {@code {"aggregations": {...}}} as tokens, read into the message. */
  private static void aggregations(
      SearchResponse r, boolean typedKeys, List<Aggregation> requested, SearchResult.Builder out) {
    try (TokenBuffer tokens = new TokenBuffer(JSON, false)) {
      tokens.writeStartObject();
      tokens.writeFieldName("aggregations");
      SearchJson.aggregations(r.aggregations(), typedKeys, requested, tokens);
      tokens.writeEndObject();
      ProtoBodies.merge(tokens, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
