package dev.duet.server.grpc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duet.api.common.Aggregation;
import dev.duet.api.common.MetricAggregation;
import dev.duet.api.common.TermsAggregation;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation.MetricKind;
import dev.duet.server.rest.SearchJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decodes a typed {@code aggs} map into the aggregation model by its proto fields, calling the
 * model's constructors as REST's streaming parser does, with REST's defaults. Decoded here: {@code
 * terms} (field, size, shard_size, min_doc_count) and the single-field metrics ({@code min}, {@code
 * max}, {@code avg}, {@code sum}, {@code value_count}, {@code stats}, {@code extended_stats}:
 * field, missing, format), with sub-aggregations. Any other type, option or shape, and any
 * aggregation the model refuses, goes the JSON route through REST's decoder, which gives
 * OpenSearch's answer and message (the refusal wrapped as REST wraps it).
 */
final class TypedAggregationDecoder {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TypedAggregationDecoder() {}

  static List<dev.duet.engine.search.Aggregation> decode(Map<String, Aggregation> aggs) {
    List<dev.duet.engine.search.Aggregation> out = new ArrayList<>(aggs.size());
    for (Map.Entry<String, Aggregation> e : aggs.entrySet()) {
      out.add(decode(e.getKey(), e.getValue()));
    }
    return out;
  }

  private static dev.duet.engine.search.Aggregation decode(String name, Aggregation a) {
    dev.duet.engine.search.Aggregation direct;
    try {
      direct = direct(name, a);
    } catch (DuetException e) {
      direct = null; // REST's decoder refuses it again, in REST's words
    }
    return direct != null ? direct : viaJson(name, a);
  }

  /** REST's decoder over {@code {name: <the aggregation's REST JSON>}}. */
  static dev.duet.engine.search.Aggregation viaJson(String name, Aggregation a) {
    try {
      ObjectNode object = JSON.createObjectNode();
      object.set(name, RestBodies.node(a));
      return SearchJson.aggregation(JSON.writeValueAsBytes(object));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The aggregation, or null when this class does not decode its type or shape. */
  private static dev.duet.engine.search.Aggregation direct(String name, Aggregation a) {
    if (a.hasMeta() || a.getAggregationsCount() > 0) {
      return null;
    }
    int fields = a.getAllFields().size();
    boolean subs = a.getAggsCount() > 0;
    if (fields != (subs ? 2 : 1)) {
      return null;
    }
    if (a.hasTerms()) {
      return terms(name, a.getTerms(), subs ? decode(a.getAggsMap()) : List.of());
    }
    if (subs) {
      return null; // a metric with sub-aggregations: REST's refusal
    }
    if (a.hasMin()) {
      return metric(name, MetricKind.MIN, a.getMin());
    }
    if (a.hasMax()) {
      return metric(name, MetricKind.MAX, a.getMax());
    }
    if (a.hasAvg()) {
      return metric(name, MetricKind.AVG, a.getAvg());
    }
    if (a.hasSum()) {
      return metric(name, MetricKind.SUM, a.getSum());
    }
    if (a.hasValueCount()) {
      return metric(name, MetricKind.VALUE_COUNT, a.getValueCount());
    }
    if (a.hasStats()) {
      return metric(name, MetricKind.STATS, a.getStats());
    }
    return null;
  }

  private static dev.duet.engine.search.Aggregation terms(
      String name, TermsAggregation t, List<dev.duet.engine.search.Aggregation> subs) {
    int read = 0;
    read += t.hasField() ? 1 : 0;
    read += t.hasSize() ? 1 : 0;
    read += t.hasShardSize() ? 1 : 0;
    read += t.hasMinDocCount() ? 1 : 0;
    if (read != t.getAllFields().size()) {
      return null;
    }
    return new dev.duet.engine.search.Aggregation.Terms(
        name,
        t.hasField() ? t.getField() : null,
        t.hasSize() ? t.getSize() : 10,
        t.hasShardSize() ? t.getShardSize() : -1,
        List.of(),
        t.hasMinDocCount() ? t.getMinDocCount() : 1,
        null,
        null,
        null,
        subs);
  }

  private static dev.duet.engine.search.Aggregation metric(
      String name, MetricKind kind, MetricAggregation m) {
    int read = 0;
    read += m.hasField() ? 1 : 0;
    read += m.hasMissing() ? 1 : 0;
    read += m.hasFormat() ? 1 : 0;
    read += m.hasValueType() ? 1 : 0; // REST skips it
    if (read != m.getAllFields().size() || !m.hasField()) {
      return null;
    }
    return new dev.duet.engine.search.Aggregation.Metric(
        name,
        kind,
        m.getField(),
        m.hasMissing() ? TypedQueryDecoder.scalar(m.getMissing()) : null,
        m.hasFormat() ? m.getFormat() : null,
        2);
  }
}
