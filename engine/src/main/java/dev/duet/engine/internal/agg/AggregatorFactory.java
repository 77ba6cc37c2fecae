package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import java.util.ArrayList;
import java.util.List;

/** Builds the aggregator tree of a request; pipelines are left to {@link Pipelines}. */
final class AggregatorFactory {
  private final int maxBuckets;
  private final int maxRegexLength;
  private final List<AggregationTarget> targets;
  // Inside a nested aggregation, its path: the level of the documents being collected there.
  private String nestedScope;
  private boolean inNested;
  // The nearest enclosing aggregation under which a composite may not sit; null when none.
  private String blockingParent;
  // With profile: true, the profiled aggregators created at each level being built.
  private boolean profiling;
  private final java.util.ArrayDeque<List<ProfiledAggregator>> profiledLevels =
      new java.util.ArrayDeque<>();

  AggregatorFactory(int maxBuckets, int maxRegexLength) {
    this(maxBuckets, maxRegexLength, List.of());
  }

  /** {@code targets}: the indices searched, which tell a field's types across them. */
  AggregatorFactory(int maxBuckets, int maxRegexLength, List<AggregationTarget> targets) {
    this.maxBuckets = maxBuckets;
    this.maxRegexLength = maxRegexLength;
    this.targets = targets;
  }

  /**
   * Aggregators for the collecting aggregations among {@code specs}, in order; {@code parent} is
   * the name of the enclosing aggregation, null at the top level.
   */
  List<Aggregator> create(List<Aggregation> specs, String parent) {
    List<Aggregator> out = new ArrayList<>(specs.size());
    for (Aggregation spec : specs) {
      Aggregator a = profiling ? createProfiled(spec, parent) : create(spec, parent);
      if (a != null) {
        out.add(a);
      }
    }
    return out;
  }

  /** From now on, aggregators are wrapped in {@link ProfiledAggregator}s. */
  AggregatorFactory profiling() {
    this.profiling = true;
    return this;
  }

  private Aggregator createProfiled(Aggregation spec, String parent) {
    List<ProfiledAggregator> children = new ArrayList<>();
    profiledLevels.push(children);
    long start = System.nanoTime();
    Aggregator a;
    try {
      a = create(spec, parent);
    } finally {
      profiledLevels.pop();
    }
    if (a == null) {
      return null;
    }
    // A parent's construction builds its children: their share is theirs.
    long initialize = System.nanoTime() - start;
    for (ProfiledAggregator child : children) {
      initialize -= child.initializeNanos();
    }
    ProfiledAggregator profiled = new ProfiledAggregator(a, children, Math.max(0, initialize));
    if (!profiledLevels.isEmpty()) {
      profiledLevels.peek().add(profiled);
    }
    return profiled;
  }

  private Aggregator create(Aggregation spec, String parent) {
    Aggregator a = newAggregator(spec, parent);
    if (a != null) {
      a.topLevel = parent == null;
    }
    return a;
  }

  private Aggregator newAggregator(Aggregation spec, String parent) {
    return switch (spec) {
      case Aggregation.WithMeta m -> create(m.aggregation(), parent);
      case Aggregation.Terms t ->
          new TermsAggregator(t, subs(t), maxRegexLength, mixesWholeAndFloating(t.field()));
      case Aggregation.RareTerms t -> new RareTermsAggregator(t, subs(t), maxRegexLength);
      case Aggregation.SignificantTerms t -> new SignificantTermsAggregator(t, subs(t));
      case Aggregation.MultiTerms t -> new MultiTermsAggregator(t, subs(t));
      case Aggregation.Range r -> new RangeAggregator(r, subs(r));
      case Aggregation.GeoDistance g -> new RangeAggregator(g, subs(g));
      case Aggregation.IpRange r -> new IpRangeAggregator(r, subs(r));
      case Aggregation.Histogram h -> new HistogramAggregator(h, subs(h), maxBuckets);
      case Aggregation.AutoDateHistogram h -> new AutoDateHistogramAggregator(h, subs(h));
      case Aggregation.VariableWidthHistogram h -> new VariableWidthHistogramAggregator(h, subs(h));
      case Aggregation.SignificantText t -> new SignificantTextAggregator(t, subs(t));
      case Aggregation.Filter f -> new FilterAggregator(f, subs(f));
      case Aggregation.Filters f -> new FilterAggregator(f, subs(f));
      case Aggregation.Missing m -> new FilterAggregator(m, subs(m));
      case Aggregation.AdjacencyMatrix m -> new AdjacencyMatrixAggregator(m, subs(m));
      case Aggregation.Global g -> {
        if (parent != null) {
          // OpenSearch answers 500 here; Duet keeps its words and type, as a client error.
          throw new DuetException(
              400,
              "aggregation_execution_exception",
              "Aggregation ["
                  + parent
                  + "] cannot have a global sub-aggregation ["
                  + g.name()
                  + "]. Global aggregations can only be defined as top level aggregations");
        }
        yield new FilterAggregator(g, subs(g));
      }
      case Aggregation.Composite c -> {
        if (blockingParent != null) {
          throw DuetException.illegalArgument(
              "[composite] aggregation cannot be used with a parent aggregation of type: ["
                  + blockingParent
                  + "]");
        }
        if (c.size() > maxBuckets) {
          // OpenSearch refuses a page larger than search.max_buckets before collecting.
          throw AggregationPhase.tooManyBuckets(c.size(), maxBuckets);
        }
        yield new CompositeAggregator(c, subs(c));
      }
      case Aggregation.Nested n -> {
        String outerScope = nestedScope;
        boolean outerIn = inNested;
        nestedScope = n.path();
        inNested = true;
        try {
          yield new NestedAggregator(n, outerScope, subs(n));
        } finally {
          nestedScope = outerScope;
          inNested = outerIn;
        }
      }
      case Aggregation.ReverseNested r -> {
        if (!inNested) {
          String reason =
              "Reverse nested aggregation ["
                  + r.name()
                  + "] can only be used inside a [nested] aggregation";
          throw DuetException.illegalArgument(reason);
        }
        String outerScope = nestedScope;
        nestedScope = r.path();
        try {
          yield new ReverseNestedAggregator(r, subs(r));
        } finally {
          nestedScope = outerScope;
        }
      }
      case Aggregation.Metric m -> new MetricAggregator(m);
      case Aggregation.Cardinality c -> new CardinalityAggregator(c);
      case Aggregation.Percentiles p -> new PercentilesAggregator(p);
      case Aggregation.WeightedAvg w -> new WeightedAvgAggregator(w);
      case Aggregation.MedianAbsoluteDeviation m -> new MedianAbsoluteDeviationAggregator(m);
      case Aggregation.TopHits t -> new TopHitsAggregator(t, nestedScope);
      case Aggregation.BucketSort s -> null;
      case Aggregation.BucketMetric m -> null;
      case Aggregation.Parent p -> null;
      case Aggregation.MovingFunction m -> null;
    };
  }

  /**
   * Whether {@code field} is a whole number in some searched index and a floating one in another:
   * then OpenSearch reduces its terms as doubles.
   */
  private boolean mixesWholeAndFloating(String field) {
    boolean whole = false;
    boolean floating = false;
    for (AggregationTarget target : targets) {
      FieldSource source = FieldSource.of(target.fields().apply(field));
      if (source == FieldSource.LONG || source == FieldSource.UNSIGNED) {
        whole = true;
      } else if (source != null && source.isFloating()) {
        floating = true;
      }
    }
    return whole && floating;
  }

  private List<Aggregator> subs(Aggregation spec) {
    String outer = blockingParent;
    // A composite may sit under nested, reverse_nested and filter (one bucket each), as in
    // OpenSearch; any other parent is named by OpenSearch's factory class in the refusal.
    blockingParent =
        switch (spec) {
          case Aggregation.Nested n -> outer;
          case Aggregation.ReverseNested r -> outer;
          case Aggregation.Filter f -> outer;
          default -> factoryName(spec);
        };
    try {
      return create(spec.subAggregations(), spec.name());
    } finally {
      blockingParent = outer;
    }
  }

  /** The name of OpenSearch's factory class for a bucket aggregation, as its errors give it. */
  private static String factoryName(Aggregation spec) {
    String type =
        switch (spec) {
          case Aggregation.Terms t -> "Terms";
          case Aggregation.RareTerms t -> "RareTerms";
          case Aggregation.SignificantTerms t -> "SignificantTerms";
          case Aggregation.MultiTerms t -> "MultiTerms";
          case Aggregation.Range r -> r.date() ? "DateRange" : "Range";
          case Aggregation.GeoDistance g -> "GeoDistanceRange";
          case Aggregation.IpRange r -> "IpRange";
          case Aggregation.Histogram h -> h.date() ? "DateHistogram" : "Histogram";
          case Aggregation.Filters f -> "Filters";
          case Aggregation.AutoDateHistogram h -> "AutoDateHistogram";
          case Aggregation.VariableWidthHistogram h -> "VariableWidthHistogram";
          case Aggregation.SignificantText t -> "SignificantText";
          case Aggregation.AdjacencyMatrix m -> "AdjacencyMatrix";
          case Aggregation.Missing m -> "Missing";
          case Aggregation.Global g -> "Global";
          case Aggregation.Composite c -> "Composite";
          default -> spec.getClass().getSimpleName();
        };
    return type + "AggregatorFactory";
  }
}
