package dev.duet.protogen.preprocess;

import java.util.ArrayList;
import java.util.List;

/** What preprocess could not map (errors) or mapped with a fallback (lossy), by JSON pointer. */
public final class Diagnostics {
  /** How bad a problem is. */
  public enum Severity {
    /** The spec cannot be mapped as it stands; a human must decide (x-protobuf-* override). */
    ERROR,
    /** Mapped, but with a fallback that loses structure (e.g. google.protobuf.Value). */
    LOSSY
  }

  /** One problem: where (JSON pointer into the spec) and why. */
  public record Problem(Severity severity, String pointer, String reason) {
    @Override
    public String toString() {
      return severity + " " + pointer + ": " + reason;
    }
  }

  private final List<Problem> problems = new ArrayList<>();

  void error(String pointer, String reason) {
    problems.add(new Problem(Severity.ERROR, pointer, reason));
  }

  void lossy(String pointer, String reason) {
    problems.add(new Problem(Severity.LOSSY, pointer, reason));
  }

  public List<Problem> problems() {
    return List.copyOf(problems);
  }

  public List<Problem> errors() {
    return problems.stream().filter(p -> p.severity() == Severity.ERROR).toList();
  }

  /** Escapes one JSON pointer segment ({@code /} → {@code ~1}, {@code ~} → {@code ~0}). */
  public static String segment(String s) {
    return s.replace("~", "~0").replace("/", "~1");
  }
}
