package dev.duet.engine.script;

import java.util.Map;

/**
 * A script as a request gives it ({@code {"source": ..., "lang": ..., "params": ...}} or {@code
 * {"id": ...}} for a stored one): inline when {@code source} is set, stored when {@code id} is.
 * {@code lang} is null when the request names none (Painless, or the stored script's own).
 */
public record Script(String source, String id, String lang, Map<String, Object> params) {
  public static final String PAINLESS = "painless";

  public Script {
    params = params == null ? Map.of() : params;
  }

  /** An inline Painless script without parameters. */
  public static Script inline(String source) {
    return new Script(source, null, null, Map.of());
  }

  public boolean stored() {
    return id != null;
  }
}
