package dev.duet.server.grpc;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.IncludeExclude;
import dev.duet.engine.search.Aggregation.MetricKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.AggregationContainer;
import org.opensearch.protobufs.SortOrder;
import org.opensearch.protobufs.SortOrderSingleMap;
import org.opensearch.protobufs.TermsAggregationFields;

/**
 * Decodes the aggregations the 1.6.0 schema can express — {@code terms} (with sub-aggregations),
 * {@code min} and {@code max} — into the same model as REST, with REST's defaults and checks.
 * Protobuf maps carry no order, so results follow the names' sorted order.
 */
final class AggregationDecoder {
  private AggregationDecoder() {}

  static List<Aggregation> decode(Map<String, AggregationContainer> containers) {
    List<Aggregation> out = new ArrayList<>(containers.size());
    for (String name : containers.keySet().stream().sorted().toList()) {
      out.add(decode(name, containers.get(name)));
    }
    return out;
  }

  private static Aggregation decode(String name, AggregationContainer container) {
    Aggregation aggregation = decodeBare(name, container);
    // meta is echoed beside the result, as over REST.
    return container.hasMeta()
        ? new Aggregation.WithMeta(aggregation, ObjectMaps.toMap(container.getMeta()))
        : aggregation;
  }

  private static Aggregation decodeBare(String name, AggregationContainer container) {
    return switch (container.getAggregationContainerCase()) {
      case TERMS_AGGREGATION -> {
        var terms = container.getTermsAggregation();
        yield terms(name, terms.getTerms(), decode(terms.getAggregationsMap()));
      }
      case MIN -> {
        var min = container.getMin();
        requireField(min.hasField() ? min.getField() : null, min.hasScript());
        yield new Aggregation.Metric(
            name,
            MetricKind.MIN,
            min.getField(),
            min.hasMissing() ? FieldValues.fromProto(min.getMissing()) : null,
            min.hasFormat() ? min.getFormat() : null,
            2);
      }
      case MAX -> {
        var max = container.getMax();
        requireField(max.hasField() ? max.getField() : null, max.hasScript());
        yield new Aggregation.Metric(
            name,
            MetricKind.MAX,
            max.getField(),
            max.hasMissing() ? FieldValues.fromProto(max.getMissing()) : null,
            max.hasFormat() ? max.getFormat() : null,
            2);
      }
      case AGGREGATIONCONTAINER_NOT_SET -> throw Aggregation.missingDefinition(name);
    };
  }

  private static Aggregation terms(String name, TermsAggregationFields t, List<Aggregation> subs) {
    requireField(t.hasField() ? t.getField() : null, t.hasScript());
    int size = Aggregation.checkSize(t.hasSize() ? t.getSize() : 10, name);
    List<BucketOrder> order = new ArrayList<>(t.getOrderCount());
    for (SortOrderSingleMap o : t.getOrderList()) {
      String path = o.getField().equals("_term") ? "_key" : o.getField();
      order.add(new BucketOrder(path, o.getSortOrder() == SortOrder.SORT_ORDER_ASC));
    }
    return new Aggregation.Terms(
        name,
        t.getField(),
        size,
        t.hasShardSize() ? t.getShardSize() : -1,
        order,
        t.hasMinDocCount() ? t.getMinDocCount() : 1,
        t.hasMissing() ? FieldValues.fromProto(t.getMissing()) : null,
        includeExclude(t),
        subs);
  }

  private static IncludeExclude includeExclude(TermsAggregationFields t) {
    if (!t.hasInclude() && !t.hasExclude()) {
      return null;
    }
    String includeRegex = null;
    List<String> includeValues = null;
    if (t.hasInclude()) {
      var include = t.getInclude();
      switch (include.getTermsIncludeCase()) {
        case REGEXP -> includeRegex = include.getRegexp();
        case TERMS -> includeValues = include.getTerms().getStringArrayList();
        case PARTITION ->
            throw DuetException.illegalArgument("terms [include] partitions are not supported yet");
        case TERMSINCLUDE_NOT_SET -> {}
      }
    }
    String excludeRegex = null;
    List<String> excludeValues = null;
    if (t.hasExclude()) {
      var exclude = t.getExclude();
      switch (exclude.getTermsExcludeCase()) {
        case REGEXP -> excludeRegex = exclude.getRegexp();
        case TERMS -> excludeValues = exclude.getTerms().getStringArrayList();
        case TERMSEXCLUDE_NOT_SET -> {}
      }
    }
    return new IncludeExclude(includeRegex, excludeRegex, includeValues, excludeValues);
  }

  private static void requireField(String field, boolean hasScript) {
    if (hasScript) {
      throw DuetException.illegalArgument("aggregation scripts are not supported yet");
    }
    Aggregation.requireField(field);
  }
}
