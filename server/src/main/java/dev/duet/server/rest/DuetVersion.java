package dev.duet.server.rest;

/** The versions a node reports: its own, and the OpenSearch version whose API it speaks. */
public final class DuetVersion {
  /** Duet's own version, reported under {@code duet.version} by {@code GET /}. */
  public static final String DUET = "0.1.0";

  /** The OpenSearch release whose REST and gRPC semantics Duet follows. */
  public static final String OPENSEARCH = "3.8.0";

  public static final String MINIMUM_WIRE_COMPATIBILITY = "2.19.0";
  public static final String MINIMUM_INDEX_COMPATIBILITY = "2.0.0";

  private DuetVersion() {}
}
