package dev.duet.engine.internal.script;

import java.util.Map;

/**
 * A script that computes a number per document: {@code script_score}'s score, a {@code _script}
 * sort key of type {@code number}.
 */
public abstract class ScoreScript extends DocScript {
  public static final String[] PARAMETERS = {};

  public ScoreScript(Map<String, Object> params, DocLookup doc) {
    super(params, doc);
  }

  public abstract double execute();

  /** Whether the script reads {@code _score}; Painless answers from the source. */
  public abstract boolean needs_score();

  public interface Factory {
    ScoreScript newInstance(Map<String, Object> params, DocLookup doc);
  }
}
