package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.search.Explanation;
import dev.duet.engine.search.HitDetails;
import dev.duet.engine.search.HitVersions;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes a hit's {@code fields}, {@code highlight}, {@code matched_queries} and {@code
 * _explanation}, in that order.
 */
final class HitDetailsEncoder {
  private HitDetailsEncoder() {}

  static void write(HitDetails details, JsonGenerator g) throws IOException {
    if (!details.fields().isEmpty()) {
      g.writeObjectFieldStart("fields");
      for (Map.Entry<String, List<Object>> field : details.fields().entrySet()) {
        g.writeArrayFieldStart(field.getKey());
        for (Object value : field.getValue()) {
          Json.writeValue(g, value);
        }
        g.writeEndArray();
      }
      g.writeEndObject();
    }
    if (!details.highlight().isEmpty()) {
      g.writeObjectFieldStart("highlight");
      for (Map.Entry<String, List<String>> field : details.highlight().entrySet()) {
        g.writeArrayFieldStart(field.getKey());
        for (String fragment : field.getValue()) {
          g.writeString(fragment);
        }
        g.writeEndArray();
      }
      g.writeEndObject();
    }
    matchedQueries(details.matchedQueries(), g);
    if (details.explanation() != null) {
      g.writeFieldName("_explanation");
      explanation(details.explanation(), g);
    }
  }

  /**
   * {@code matched_queries}: the names, or with {@code include_named_queries_score} (scores not
   * NaN) each name with its score.
   */
  private static void matchedQueries(Map<String, Float> matched, JsonGenerator g)
      throws IOException {
    if (matched.isEmpty()) {
      return;
    }
    boolean scored = !Float.isNaN(matched.values().iterator().next());
    if (scored) {
      g.writeObjectFieldStart("matched_queries");
      for (Map.Entry<String, Float> e : matched.entrySet()) {
        g.writeNumberField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
      return;
    }
    g.writeArrayFieldStart("matched_queries");
    for (String name : matched.keySet()) {
      g.writeString(name);
    }
    g.writeEndArray();
  }

  /** OpenSearch's {@code {value, description, details}}; match is implied by the value. */
  static void explanation(Explanation e, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeFieldName("value");
    switch (e.value()) {
      case Float f -> g.writeNumber(f);
      case Double d -> g.writeNumber(d);
      case Long l -> g.writeNumber(l);
      case Integer i -> g.writeNumber(i);
      default -> g.writeNumber(e.value().doubleValue());
    }
    g.writeStringField("description", e.description());
    g.writeArrayFieldStart("details");
    for (Explanation detail : e.details()) {
      explanation(detail, g);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** {@code _version}, then {@code _seq_no} and {@code _primary_term}, those asked for. */
  static void writeVersions(HitVersions versions, JsonGenerator g) throws IOException {
    if (versions == null) {
      return;
    }
    if (versions.version() != null) {
      g.writeNumberField("_version", versions.version());
    }
    if (versions.seqNo() != null) {
      g.writeNumberField("_seq_no", versions.seqNo());
      g.writeNumberField("_primary_term", versions.primaryTerm());
    }
  }
}
