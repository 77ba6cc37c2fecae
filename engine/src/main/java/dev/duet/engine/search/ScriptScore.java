package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.Script;

/**
 * {@code script_score}: the documents {@code query} matches, scored by {@code script} (which may
 * read {@code _score}, the query's score); {@code minScore} (null: none) drops lower scores.
 */
public record ScriptScore(Query query, Script script, Float minScore, float boost)
    implements Query.Compound {
  public ScriptScore {
    if (query == null) {
      throw DuetException.parsing("script_score: query must not be null");
    }
    if (script == null) {
      throw DuetException.parsing("script_score: script must not be null");
    }
  }
}
