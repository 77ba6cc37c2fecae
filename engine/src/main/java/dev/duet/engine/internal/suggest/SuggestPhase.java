package dev.duet.engine.internal.suggest;

import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.Suggest;
import dev.duet.engine.search.SuggestResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;

/**
 * A search's {@code suggest} section, run on the searchers its query ran on: each suggester by its
 * kind, the answers in name order (as OpenSearch's reduce sorts them).
 */
public final class SuggestPhase {
  private SuggestPhase() {}

  /** The suggesters' answers; {@code source} filters a completion option's {@code _source}. */
  public static List<SuggestResult> run(
      Suggest suggest, List<LuceneIndex> targets, IndexSearcher[] searchers, SourceFilter source) {
    List<SuggestResult> out = new ArrayList<>();
    try {
      for (Suggest.Suggester s : suggest.suggesters()) {
        out.add(
            switch (s) {
              case Suggest.Completion c -> CompletionSuggester.run(c, targets, searchers, source);
              case Suggest.Term t -> TermSuggester.run(t, targets, searchers);
              case Suggest.Phrase p -> PhraseSuggester.run(p, targets, searchers);
            });
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    out.sort(Comparator.comparing(SuggestResult::name));
    return out;
  }
}
