package dev.duet.engine.internal.script;

import java.util.Map;

/** A value per document: {@code script_fields}, a string {@code _script} sort, an agg's script. */
public abstract class FieldScript extends DocScript {
  public static final String[] PARAMETERS = {};

  public FieldScript(Map<String, Object> params, DocLookup doc) {
    super(params, doc);
  }

  public abstract Object execute();

  public interface Factory {
    FieldScript newInstance(Map<String, Object> params, DocLookup doc);
  }
}
