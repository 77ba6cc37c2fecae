package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.search.SearchProfile;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes {@code profile} in OpenSearch's shape: {@code shards[].searches[].query[]} (type,
 * description, time, breakdown, children), {@code rewrite_time}, {@code collector[]}, {@code
 * aggregations[]} (type, description, time, breakdown, debug, children) and the {@code fetch}
 * phase.
 */
final class ProfileEncoder {
  /** The fetch breakdown's keys; Duet measures the phase as a whole, so they report zero. */
  private static final List<String> FETCH_BREAKDOWN =
      List.of(
          "build_sub_phase_processors",
          "create_stored_fields_visitor",
          "get_next_reader",
          "load_source",
          "load_stored_fields");

  private ProfileEncoder() {}

  static void encode(SearchProfile profile, JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("profile");
    g.writeArrayFieldStart("shards");
    for (SearchProfile.Shard shard : profile.shards()) {
      g.writeStartObject();
      g.writeStringField("id", shard.id());
      g.writeNumberField("inbound_network_time_in_millis", 0);
      g.writeNumberField("outbound_network_time_in_millis", 0);
      g.writeArrayFieldStart("searches");
      g.writeStartObject();
      g.writeArrayFieldStart("query");
      for (SearchProfile.QueryNode node : shard.query()) {
        query(node, g);
      }
      g.writeEndArray();
      g.writeNumberField("rewrite_time", shard.rewriteNanos());
      g.writeArrayFieldStart("collector");
      for (SearchProfile.CollectorNode c : shard.collectors()) {
        g.writeStartObject();
        g.writeStringField("name", c.name());
        g.writeStringField("reason", c.reason());
        g.writeNumberField("time_in_nanos", c.timeNanos());
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeEndObject();
      g.writeEndArray();
      g.writeArrayFieldStart("aggregations");
      for (SearchProfile.AggregationNode node : shard.aggregations()) {
        aggregation(node, g);
      }
      g.writeEndArray();
      g.writeArrayFieldStart("fetch");
      g.writeStartObject();
      g.writeStringField("type", "fetch");
      g.writeStringField("description", "fetch");
      g.writeNumberField("time_in_nanos", shard.fetchNanos());
      g.writeObjectFieldStart("breakdown");
      for (String key : FETCH_BREAKDOWN) {
        g.writeNumberField(key, 0);
        g.writeNumberField(key + "_count", 0);
      }
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  private static void aggregation(SearchProfile.AggregationNode node, JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("type", node.type());
    g.writeStringField("description", node.description());
    g.writeNumberField("time_in_nanos", node.timeNanos());
    g.writeObjectFieldStart("breakdown");
    for (Map.Entry<String, Long> e : node.breakdown().entrySet()) {
      g.writeNumberField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    if (!node.debug().isEmpty()) {
      g.writeObjectFieldStart("debug");
      for (Map.Entry<String, Object> e : node.debug().entrySet()) {
        g.writeFieldName(e.getKey());
        debugValue(e.getValue(), g);
      }
      g.writeEndObject();
    }
    if (!node.children().isEmpty()) {
      g.writeArrayFieldStart("children");
      for (SearchProfile.AggregationNode child : node.children()) {
        aggregation(child, g);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  private static void debugValue(Object value, JsonGenerator g) throws IOException {
    switch (value) {
      case Number n when n instanceof Double || n instanceof Float ->
          g.writeNumber(n.doubleValue());
      case Number n -> g.writeNumber(n.longValue());
      case Boolean b -> g.writeBoolean(b);
      case List<?> list -> {
        g.writeStartArray();
        for (Object item : list) {
          debugValue(item, g);
        }
        g.writeEndArray();
      }
      default -> g.writeString(String.valueOf(value));
    }
  }

  private static void query(SearchProfile.QueryNode node, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeStringField("type", node.type());
    g.writeStringField("description", node.description());
    g.writeNumberField("time_in_nanos", node.timeNanos());
    g.writeObjectFieldStart("breakdown");
    for (Map.Entry<String, Long> e : node.breakdown().entrySet()) {
      g.writeNumberField(e.getKey(), e.getValue());
    }
    g.writeEndObject();
    if (!node.children().isEmpty()) {
      g.writeArrayFieldStart("children");
      for (SearchProfile.QueryNode child : node.children()) {
        query(child, g);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }
}
