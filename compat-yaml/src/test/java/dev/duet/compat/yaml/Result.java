package dev.duet.compat.yaml;

/**
 * One YAML test's outcome: its suite id ({@code folder/file/test name}), status, and for a failure
 * the first failing step's message (for a skip, the reason).
 */
public record Result(String id, Status status, String message) {

  private static final int MAX_MESSAGE = 4000;

  /** The folder of the suite the test is in ({@code search.aggregation}). */
  public String folder() {
    int slash = id.indexOf('/');
    return slash < 0 ? id : id.substring(0, slash);
  }

  /** One line of a results file: id, status and message separated by tabs. */
  public String toLine() {
    String flat =
        message.replace("\\", "\\\\").replace("\t", "\\t").replace("\r", "").replace("\n", "\\n");
    if (flat.length() > MAX_MESSAGE) {
      flat = flat.substring(0, MAX_MESSAGE) + "…";
    }
    return id + '\t' + status + '\t' + flat;
  }

  /** The inverse of {@link #toLine()}. */
  public static Result parse(String line) {
    String[] parts = line.split("\t", 3);
    String message = parts.length > 2 ? unescape(parts[2]) : "";
    return new Result(parts[0], Status.valueOf(parts[1]), message);
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char next = s.charAt(++i);
        out.append(next == 'n' ? '\n' : next == 't' ? '\t' : next);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
