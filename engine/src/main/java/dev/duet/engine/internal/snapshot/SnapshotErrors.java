package dev.duet.engine.internal.snapshot;

import dev.duet.engine.error.DuetException;
import java.util.Map;

/**
 * OpenSearch's snapshot errors, with its types and messages. Where OpenSearch answers a refusal of
 * the request with 500 ({@code repository_exception}, {@code snapshot_restore_exception}), Duet
 * answers 400: it is the caller's request that cannot be done, and Duet never answers bad input
 * with a 5xx.
 */
final class SnapshotErrors {
  private SnapshotErrors() {}

  static DuetException repositoryMissing(String repository) {
    return new DuetException(404, "repository_missing_exception", "[" + repository + "] missing");
  }

  static DuetException snapshotMissing(String repository, String snapshot) {
    return new DuetException(
        404, "snapshot_missing_exception", "[" + repository + ":" + snapshot + "] is missing");
  }

  static DuetException repository(String repository, String why) {
    return new DuetException(400, "repository_exception", "[" + repository + "] " + why);
  }

  /** OpenSearch's "failed to create repository", caused by {@code why}. */
  static DuetException cannotCreate(String repository, String why) {
    return new DuetException(
        400,
        "repository_exception",
        "[" + repository + "] failed to create repository",
        Map.of(),
        repository(repository, why));
  }

  static DuetException invalidName(String repository, String snapshot, String why) {
    return new DuetException(
        400,
        "invalid_snapshot_name_exception",
        "[" + repository + ":" + snapshot + "] Invalid snapshot name [" + snapshot + "], " + why);
  }

  static DuetException restore(String repository, String snapshot, String uuid, String why) {
    return new DuetException(
        400,
        "snapshot_restore_exception",
        "[" + repository + ":" + snapshot + "/" + uuid + "] " + why);
  }

  /** OpenSearch's rules for a new snapshot's name (SnapshotsService.validate). */
  static void validateName(String repository, String snapshot) {
    String why = null;
    if (snapshot == null || snapshot.isEmpty()) {
      why = "cannot be empty";
    } else if (snapshot.contains(" ")) {
      why = "must not contain whitespace";
    } else if (snapshot.contains(",")) {
      why = "must not contain ','";
    } else if (snapshot.contains("#")) {
      why = "must not contain '#'";
    } else if (snapshot.charAt(0) == '_') {
      why = "must not start with '_'";
    } else if (!snapshot.toLowerCase(java.util.Locale.ROOT).equals(snapshot)) {
      why = "must be lowercase";
    } else if (snapshot.chars().anyMatch(c -> "\\/*?\"<>| ,".indexOf(c) >= 0)) {
      why = "must not contain the following characters [\\, /, *, ?, \", <, >, |,  , ,]";
    }
    if (why != null) {
      throw invalidName(repository, snapshot, why);
    }
  }
}
