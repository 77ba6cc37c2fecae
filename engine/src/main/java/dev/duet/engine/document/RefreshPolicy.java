package dev.duet.engine.document;

/** The {@code refresh} parameter of writes: {@code false}, {@code true} or {@code wait_for}. */
public enum RefreshPolicy {
  /** {@code refresh=false} (default): visible after the next scheduled refresh. */
  NONE,
  /** {@code refresh=true}: refresh before answering; items report {@code forced_refresh: true}. */
  IMMEDIATE,
  /** {@code refresh=wait_for}: answer once a refresh has made the write visible. */
  WAIT_UNTIL
}
