package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;
import java.util.List;

/** OpenSearch's {@code action_request_validation_exception}: numbered, semicolon-ended problems. */
public final class Validation {
  private Validation() {}

  /** Throws the 400 for {@code problems}, if there are any. */
  public static void check(List<String> problems) {
    if (!problems.isEmpty()) {
      throw failed(problems);
    }
  }

  public static DuetException failed(List<String> problems) {
    StringBuilder reason = new StringBuilder("Validation Failed: ");
    for (int i = 0; i < problems.size(); i++) {
      reason.append(i + 1).append(": ").append(problems.get(i)).append(';');
    }
    return DuetException.badRequest("action_request_validation_exception", reason.toString());
  }
}
