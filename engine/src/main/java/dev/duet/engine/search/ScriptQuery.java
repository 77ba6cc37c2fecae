package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.Script;

/** {@code script}: the documents for which {@code script} returns true (a filter: score 1). */
public record ScriptQuery(Script script, float boost) implements Query.TermLevel {
  public ScriptQuery {
    if (script == null) {
      throw DuetException.parsing("script must be provided with a [script] query");
    }
  }
}
