package dev.duet.engine.internal.script;

import java.util.Map;

/**
 * What every search-side script sees: {@code params}, {@code doc} (the current document's doc
 * values, {@link DocLookup}) and {@code _score}.
 */
public abstract class DocScript {
  private final Map<String, Object> params;
  private final DocLookup doc;

  public DocScript(Map<String, Object> params, DocLookup doc) {
    this.params = params;
    this.doc = doc;
  }

  /** {@code params} in the script. */
  public Map<String, Object> getParams() {
    return params;
  }

  /** {@code doc} in the script. */
  public Map<String, ScriptDocValues<?>> getDoc() {
    return doc;
  }

  /** {@code _score} in the script. */
  public double get_score() {
    return doc.score();
  }
}
