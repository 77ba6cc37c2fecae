package dev.duet.compat.yaml;

/** A YAML test's outcome. */
public enum Status {
  PASS,
  FAIL,
  SKIP
}
