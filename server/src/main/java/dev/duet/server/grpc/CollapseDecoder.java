package dev.duet.server.grpc;

import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.InnerHits;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.protobufs.FieldCollapse;

/**
 * A {@code FieldCollapse} into the same {@link Collapse} the REST body gives: field, inner hits
 * (each read as a nested query's, and possibly collapsed again) and {@code
 * max_concurrent_group_searches}, checked and otherwise unused, as REST does.
 */
final class CollapseDecoder {
  private CollapseDecoder() {}

  /** {@code withInnerHits} false for the collapse inside inner hits, which may not have its own. */
  static Collapse decode(FieldCollapse collapse, boolean withInnerHits) {
    if (collapse.hasMaxConcurrentGroupSearches()) {
      Collapse.checkMaxConcurrentGroupSearches(collapse.getMaxConcurrentGroupSearches());
    }
    if (collapse.getInnerHitsCount() > 0 && !withInnerHits) {
      throw InnerHits.innerCollapseWithInnerHits();
    }
    List<InnerHits> innerHits = new ArrayList<>(collapse.getInnerHitsCount());
    for (org.opensearch.protobufs.InnerHits h : collapse.getInnerHitsList()) {
      innerHits.add(NestedQueryDecoder.innerHits(h, true));
    }
    return new Collapse(collapse.getField(), innerHits);
  }
}
