package dev.duet.engine.document;

import java.util.Locale;

/** What a write does with its document: OpenSearch's bulk action names. */
public enum OpType {
  INDEX,
  CREATE,
  UPDATE,
  DELETE;

  /** The lower-case name used on the wire ({@code index}, {@code create}, {@code delete}). */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }
}
