package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.InnerHitsResult;
import dev.duet.engine.search.NestedIdentity;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes a search response in OpenSearch's shape and key order; each hit's {@code _source} is
 * copied as raw bytes, never re-parsed.
 */
public final class SearchResponseEncoder {
  private SearchResponseEncoder() {}

  /**
   * How a search response is written: {@code rest_total_hits_as_int} ({@code hits.total} a plain
   * number, -1 when not tracked, in top and inner hits too) and {@code typed_keys} (aggregation
   * names prefixed by their type).
   */
  public record Params(boolean totalHitsAsInt, boolean typedKeys) {
    public static final Params DEFAULT = new Params(false, false);
  }

  public static void encode(SearchResponse r, JsonGenerator g) throws IOException {
    encode(r, Params.DEFAULT, null, g);
  }

  /**
   * The same, as {@code params} ask; {@code requested} is the search's aggregations, which {@code
   * typed_keys} reads the types from (null when not known, as on a scroll page).
   */
  public static void encode(
      SearchResponse r, Params params, List<Aggregation> requested, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    if (r.scrollId() != null) {
      g.writeStringField("_scroll_id", r.scrollId());
    }
    if (r.pitId() != null) {
      g.writeStringField("pit_id", r.pitId());
    }
    g.writeNumberField("took", r.tookMillis());
    g.writeBooleanField("timed_out", r.timedOut());
    if (r.terminatedEarly() != null) {
      g.writeBooleanField("terminated_early", r.terminatedEarly());
    }
    g.writeObjectFieldStart("_shards");
    g.writeNumberField("total", r.totalShards());
    g.writeNumberField("successful", r.totalShards());
    g.writeNumberField("skipped", 0);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeObjectFieldStart("hits");
    if (r.totalHits() != null) {
      writeTotal(r.totalHits().value(), r.totalHits().relation(), params, g);
    } else if (params.totalHitsAsInt()) {
      g.writeNumberField("total", -1);
    }
    g.writeFieldName("max_score");
    writeScore(r.maxScore(), g);
    g.writeArrayFieldStart("hits");
    for (SearchHit hit : r.hits()) {
      writeHit(hit, params, g);
    }
    g.writeEndArray();
    g.writeEndObject();
    if (!r.aggregations().isEmpty()) {
      g.writeFieldName("aggregations");
      AggregationsEncoder.encode(r.aggregations(), params, requested, g);
    }
    if (r.suggest() != null) {
      writeSuggest(r.suggest(), params, g);
    }
    if (r.profile() != null) {
      ProfileEncoder.encode(r.profile(), g);
    }
    g.writeEndObject();
  }

  /**
   * {@code "suggest"}: each suggester's entries by its name ({@code type#name} with {@code
   * typed_keys}), options in OpenSearch's key order for their kind.
   */
  static void writeSuggest(
      List<dev.duet.engine.search.SuggestResult> results, Params params, JsonGenerator g)
      throws IOException {
    g.writeObjectFieldStart("suggest");
    for (dev.duet.engine.search.SuggestResult result : results) {
      g.writeArrayFieldStart(
          params.typedKeys() ? result.type() + "#" + result.name() : result.name());
      for (dev.duet.engine.search.SuggestResult.Entry entry : result.entries()) {
        g.writeStartObject();
        g.writeStringField("text", entry.text());
        g.writeNumberField("offset", entry.offset());
        g.writeNumberField("length", entry.length());
        g.writeArrayFieldStart("options");
        for (dev.duet.engine.search.SuggestResult.Option option : entry.options()) {
          g.writeStartObject();
          g.writeStringField("text", option.text());
          if (option.hit() != null) {
            SearchHit hit = option.hit();
            g.writeStringField("_index", hit.index());
            g.writeStringField("_id", hit.id());
            g.writeNumberField("_score", hit.score());
            if (hit.source() != null) {
              g.writeFieldName("_source");
              Raw.write(g, hit.source());
            }
            if (option.contexts() != null) {
              g.writeObjectFieldStart("contexts");
              for (Map.Entry<String, List<String>> c : option.contexts().entrySet()) {
                g.writeArrayFieldStart(c.getKey());
                for (String value : c.getValue()) {
                  g.writeString(value);
                }
                g.writeEndArray();
              }
              g.writeEndObject();
            }
          } else {
            if (option.highlighted() != null) {
              g.writeStringField("highlighted", option.highlighted());
            }
            g.writeNumberField("score", option.score());
            if (option.freq() != null) {
              g.writeNumberField("freq", option.freq());
            }
          }
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  /** {@code "total": {"value": N, "relation": "eq"}}, or {@code "total": N} as an int. */
  static void writeTotal(long value, String relation, Params params, JsonGenerator g)
      throws IOException {
    if (params.totalHitsAsInt()) {
      g.writeNumberField("total", value);
      return;
    }
    g.writeObjectFieldStart("total");
    g.writeNumberField("value", value);
    g.writeStringField("relation", relation);
    g.writeEndObject();
  }

  static void writeHit(SearchHit hit, Params params, JsonGenerator g) throws IOException {
    g.writeStartObject();
    HitDetails details = hit.details();
    if (details.explanation() != null) {
      g.writeStringField("_shard", "[" + hit.index() + "][0]");
      g.writeStringField("_node", details.node());
    }
    g.writeStringField("_index", hit.index());
    if (hit.id() != null) {
      g.writeStringField("_id", hit.id());
    }
    if (details.nested() != null) {
      nestedIdentity(details.nested(), g);
    }
    HitDetailsEncoder.writeVersions(details.versions(), g);
    g.writeFieldName("_score");
    writeScore(hit.score(), g);
    if (hit.routing() != null) {
      g.writeStringField("_routing", hit.routing());
    }
    if (!hit.ignored().isEmpty()) {
      g.writeArrayFieldStart("_ignored");
      for (String field : hit.ignored()) {
        g.writeString(field);
      }
      g.writeEndArray();
    }
    if (hit.source() != null) {
      g.writeFieldName("_source");
      Raw.write(g, hit.source());
    }
    HitDetailsEncoder.write(details, g);
    if (!hit.sortValues().isEmpty()) {
      g.writeArrayFieldStart("sort");
      for (Object v : hit.sortValues()) {
        switch (v) {
          case null -> g.writeNull();
          case Long l -> g.writeNumber(l);
          case Integer i -> g.writeNumber(i);
          case Double d -> g.writeNumber(d);
          case Float f -> g.writeNumber(f);
          case java.math.BigInteger b -> g.writeNumber(b); // unsigned_long past Long.MAX_VALUE
          case Boolean b -> g.writeBoolean(b);
          default -> g.writeString(v.toString());
        }
      }
      g.writeEndArray();
    }
    if (!details.innerHits().isEmpty()) {
      g.writeObjectFieldStart("inner_hits");
      for (Map.Entry<String, InnerHitsResult> e : details.innerHits().entrySet()) {
        InnerHitsResult inner = e.getValue();
        g.writeObjectFieldStart(e.getKey());
        g.writeObjectFieldStart("hits");
        writeTotal(inner.totalHits().value(), inner.totalHits().relation(), params, g);
        g.writeFieldName("max_score");
        writeScore(inner.maxScore(), g);
        g.writeArrayFieldStart("hits");
        for (SearchHit innerHit : inner.hits()) {
          writeHit(innerHit, params, g);
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void nestedIdentity(NestedIdentity nested, JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("_nested");
    g.writeStringField("field", nested.field());
    g.writeNumberField("offset", nested.offset());
    if (nested.child() != null) {
      nestedIdentity(nested.child(), g);
    }
    g.writeEndObject();
  }

  private static void writeScore(float score, JsonGenerator g) throws IOException {
    if (Float.isNaN(score)) {
      g.writeNull();
    } else {
      g.writeNumber(score);
    }
  }
}
