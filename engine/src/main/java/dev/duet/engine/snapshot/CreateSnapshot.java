package dev.duet.engine.snapshot;

import java.util.Map;

/**
 * What {@code PUT _snapshot/{repository}/{snapshot}} asks.
 *
 * @param indices the index expression (comma list, wildcards); null or empty: every index
 * @param ignoreUnavailable a missing index is passed over instead of failing the snapshot
 * @param includeGlobalState recorded with the snapshot (OpenSearch's default: true)
 * @param partial a snapshot whose index fails ends {@code PARTIAL} instead of {@code FAILED}
 * @param metadata the caller's {@code metadata} object, or null
 */
public record CreateSnapshot(
    String indices,
    boolean ignoreUnavailable,
    boolean includeGlobalState,
    boolean partial,
    Map<String, Object> metadata) {

  /** Every index, as a body-less request asks. */
  public static final CreateSnapshot DEFAULTS = new CreateSnapshot(null, false, true, false, null);
}
