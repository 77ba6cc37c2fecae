package dev.duet.engine.error;

/**
 * A cause that OpenSearch sees as a plain library exception rather than one of its own (Lucene's
 * query parser's {@code ParseException} renders as {@code parse_exception}): OpenSearch's
 * root-cause search stops above it, so it shows only as {@code caused_by}.
 */
public class LibraryException extends DuetException {
  private static final long serialVersionUID = 1L;

  public LibraryException(String type, String reason, DuetException cause) {
    super(400, type, reason, java.util.Map.of(), cause);
  }
}
