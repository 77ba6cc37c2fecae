package dev.duet.engine.internal.script;

import java.util.Map;

/** The {@code script} query's script: whether a document matches. */
public abstract class FilterScript extends DocScript {
  public static final String[] PARAMETERS = {};

  public FilterScript(Map<String, Object> params, DocLookup doc) {
    super(params, doc);
  }

  public abstract boolean execute();

  public interface Factory {
    FilterScript newInstance(Map<String, Object> params, DocLookup doc);
  }
}
