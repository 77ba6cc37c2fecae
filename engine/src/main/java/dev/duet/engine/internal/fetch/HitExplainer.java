package dev.duet.engine.internal.fetch;

import dev.duet.engine.search.Explanation;
import java.util.ArrayList;
import java.util.List;

/** Lucene's {@link org.apache.lucene.search.Explanation} as the engine's model. */
public final class HitExplainer {
  private HitExplainer() {}

  public static Explanation explain(org.apache.lucene.search.Explanation lucene) {
    org.apache.lucene.search.Explanation[] details = lucene.getDetails();
    List<Explanation> children = new ArrayList<>(details.length);
    for (org.apache.lucene.search.Explanation detail : details) {
      children.add(explain(detail));
    }
    return new Explanation(lucene.isMatch(), lucene.getValue(), lucene.getDescription(), children);
  }
}
