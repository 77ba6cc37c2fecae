package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;

/** A processor's exception as the error OpenSearch reports for it. */
public final class IngestFailures {
  private IngestFailures() {}

  public static DuetException of(Throwable e) {
    if (e instanceof DuetException d) {
      return d;
    }
    if (e instanceof IllegalArgumentException || e instanceof ClassCastException) {
      return new DuetException(400, "illegal_argument_exception", message(e));
    }
    if (e instanceof IllegalStateException) {
      return new DuetException(500, "illegal_state_exception", message(e));
    }
    return new DuetException(400, "exception", message(e));
  }

  private static String message(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
