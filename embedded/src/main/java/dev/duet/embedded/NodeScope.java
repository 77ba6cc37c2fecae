package dev.duet.embedded;

/** How long a node started by {@link DuetExtension} lives, and so which tests share it. */
public enum NodeScope {
  /** One node for all the tests of a class (and its {@code @Nested} classes): the fast choice. */
  PER_CLASS,
  /** A new node, with an empty data folder, for every test. */
  PER_TEST
}
