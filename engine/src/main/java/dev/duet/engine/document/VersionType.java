package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;
import java.util.Locale;

/**
 * How a write's {@code version} is checked (OpenSearch's {@code version_type}): {@code internal}
 * versions are the engine's own counter, {@code external} ones are the client's, accepted when
 * higher than the current one ({@code external_gte}: higher or equal) and stored as given.
 */
public enum VersionType {
  INTERNAL,
  EXTERNAL,
  EXTERNAL_GTE;

  /** The wire name ({@code internal}, {@code external}, {@code external_gte}). */
  public String value() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a {@code version_type} value; 400 with OpenSearch's message for anything else. */
  public static VersionType fromString(String value) {
    return switch (value) {
      case "internal" -> INTERNAL;
      case "external" -> EXTERNAL;
      case "external_gte" -> EXTERNAL_GTE;
      // OpenSearch also knows "force", which it refuses on every write path as well.
      default -> throw DuetException.illegalArgument("No version type match [" + value + "]");
    };
  }
}
