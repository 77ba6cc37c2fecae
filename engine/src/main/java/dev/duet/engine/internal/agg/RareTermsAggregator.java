package dev.duet.engine.internal.agg;

import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code rare_terms}: every term counted as {@code terms} counts it (exactly, as on one shard),
 * kept when it is in at most {@code max_doc_count} documents, fewest first and then by key.
 */
final class RareTermsAggregator extends TermsAggregator {
  private final long maxDocCount;

  RareTermsAggregator(Aggregation.RareTerms spec, List<Aggregator> subs, int maxRegexLength) {
    super(spec.asTerms(), subs, maxRegexLength);
    this.maxDocCount = spec.maxDocCount();
  }

  @Override
  String profileType() {
    return super.profileType().startsWith("Numeric")
        ? "LongRareTermsAggregator"
        : "StringRareTermsAggregator";
  }

  @Override
  void profileDebug(java.util.Map<String, Object> debug) {}

  @Override
  AggregationResult build(long owning) throws IOException {
    AggregationResult.Buckets all = (AggregationResult.Buckets) super.build(owning);
    List<Bucket> rare = new ArrayList<>();
    for (Bucket b : all.buckets()) {
      if (b.docCount() <= maxDocCount) {
        rare.add(b);
      }
    }
    Kind kind =
        switch (all.kind()) {
          case STRING_TERMS -> Kind.STRING_RARE_TERMS;
          case LONG_TERMS -> Kind.LONG_RARE_TERMS;
          default -> all.kind();
        };
    return new AggregationResult.Buckets(name, kind, rare, false, null, null, null);
  }
}
