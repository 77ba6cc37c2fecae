package dev.duet.engine.internal.query;

import dev.duet.engine.search.InnerHits;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;

/**
 * The {@code inner_hits} a translated {@code nested} query asks for, for the fetch phase to run:
 * the query's path, the enclosing nested query's path (null for a top-level one), the translated
 * query on the nested documents, the request and its sort (null: by score), and the inner hits of
 * the nested queries inside this one, returned within each of its hits.
 */
public record NestedInnerHitSpec(
    String path,
    String outerPath,
    Query children,
    InnerHits request,
    Sort sort,
    List<NestedInnerHitSpec> nested) {
  public NestedInnerHitSpec {
    nested = List.copyOf(nested);
  }
}
