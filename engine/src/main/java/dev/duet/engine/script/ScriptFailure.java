package dev.duet.engine.script;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Map;

/**
 * OpenSearch's {@code script_exception}: a script that does not compile ({@code compile error}) or
 * fails while it runs ({@code runtime error}), with the lines around the failure ({@code
 * script_stack}), the script, its language and, when known, where in it ({@code position}).
 */
public final class ScriptFailure extends DuetException {
  private static final long serialVersionUID = 1L;

  private final List<String> scriptStack;
  private final String script;
  private final String lang;
  private final int[] position;

  public ScriptFailure(
      String reason,
      List<String> scriptStack,
      String script,
      String lang,
      int[] position,
      DuetException cause) {
    this(reason, scriptStack, script, lang, position, cause, Map.of());
  }

  /** With metadata beside the script's keys (an ingest processor's {@code processor_type}). */
  public ScriptFailure(
      String reason,
      List<String> scriptStack,
      String script,
      String lang,
      int[] position,
      DuetException cause,
      Map<String, String> metadata) {
    super(400, "script_exception", reason, metadata, cause);
    this.scriptStack = List.copyOf(scriptStack);
    this.script = script;
    this.lang = lang;
    this.position = position == null ? null : position.clone();
  }

  /** This failure with {@code metadata} beside its keys. */
  public ScriptFailure withMetadata(Map<String, String> metadata) {
    return new ScriptFailure(reason(), scriptStack, script, lang, position, causedBy(), metadata);
  }

  public List<String> scriptStack() {
    return scriptStack;
  }

  public String script() {
    return script;
  }

  public String lang() {
    return lang;
  }

  /** {@code offset}, {@code start}, {@code end}; null when the failure has no position. */
  public int[] position() {
    return position == null ? null : position.clone();
  }

  /**
   * A Java exception under a script's failure, as OpenSearch renders one: its class's simple name
   * in snake case for {@code type} and its message (null when it has none) for {@code reason}.
   */
  public static final class JavaCause extends DuetException {
    private static final long serialVersionUID = 1L;

    private final boolean noMessage;

    public JavaCause(String type, String message, DuetException cause) {
      super(400, type, message == null ? "null" : message, Map.of(), cause);
      this.noMessage = message == null;
    }

    @Override
    public String reason() {
      return noMessage ? null : super.reason();
    }
  }
}
