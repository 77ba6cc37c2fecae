package dev.duet.server.grpc;

import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.SourceFilter;
import org.opensearch.protobufs.NestedQuery;
import org.opensearch.protobufs.SourceConfig;

/**
 * {@code QueryContainer.nested} into the same {@link Nested} model REST decodes into; inner hits
 * options the model has no room for fail as 400 rather than being dropped.
 */
final class NestedQueryDecoder {
  private NestedQueryDecoder() {}

  static Nested nested(NestedQuery q) {
    Nested.ScoreMode mode =
        switch (q.getScoreMode()) {
          case CHILD_SCORE_MODE_UNSPECIFIED, CHILD_SCORE_MODE_AVG -> Nested.ScoreMode.AVG;
          case CHILD_SCORE_MODE_MAX -> Nested.ScoreMode.MAX;
          case CHILD_SCORE_MODE_MIN -> Nested.ScoreMode.MIN;
          case CHILD_SCORE_MODE_SUM -> Nested.ScoreMode.SUM;
          case CHILD_SCORE_MODE_NONE -> Nested.ScoreMode.NONE;
          case UNRECOGNIZED -> Nested.ScoreMode.parse(Integer.toString(q.getScoreModeValue()));
        };
    return new Nested(
        q.getPath().isEmpty() ? null : q.getPath(),
        q.hasQuery() ? QueryDecoder.decode(q.getQuery()) : null,
        mode,
        q.hasIgnoreUnmapped() && q.getIgnoreUnmapped(),
        q.hasInnerHits() ? innerHits(q.getInnerHits()) : null,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  private static InnerHits innerHits(org.opensearch.protobufs.InnerHits h) {
    return innerHits(h, false);
  }

  /**
   * An inner hits message; {@code collapsible}: a collapse's inner hits, which may be collapsed
   * again (a nested query's may not).
   */
  static InnerHits innerHits(org.opensearch.protobufs.InnerHits h, boolean collapsible) {
    String unsupported = null;
    if (h.getScriptFieldsCount() > 0) {
      unsupported = "script_fields";
    } else if (h.hasTrackScores()) {
      unsupported = "track_scores";
    } else if (h.hasCollapse() && !collapsible) {
      unsupported = "collapse";
    } else if (h.hasIgnoreUnmapped()) {
      unsupported = "ignore_unmapped";
    }
    if (unsupported != null) {
      // As REST refuses them: an option the model cannot honour is not silently dropped.
      throw InnerHits.unsupported(unsupported);
    }
    int from = InnerHits.checkWindow("from", h.hasFrom() ? h.getFrom() : InnerHits.DEFAULT.from());
    int size = InnerHits.checkWindow("size", h.hasSize() ? h.getSize() : InnerHits.DEFAULT.size());
    return new InnerHits(
        h.hasName() ? h.getName() : null,
        from,
        size,
        SearchRequestDecoder.sort(h.getSortList()),
        h.hasXSource() ? source(h.getXSource()) : SourceFilter.ALL,
        h.hasCollapse() ? CollapseDecoder.decode(h.getCollapse(), false) : null,
        FetchOptionsDecoder.innerHits(h));
  }

  private static SourceFilter source(SourceConfig source) {
    return switch (source.getSourceConfigCase()) {
      case FETCH -> source.getFetch() ? SourceFilter.ALL : SourceFilter.NONE;
      case FILTER ->
          new SourceFilter(
              true, source.getFilter().getIncludesList(), source.getFilter().getExcludesList());
      case SOURCECONFIG_NOT_SET -> SourceFilter.ALL;
    };
  }
}
