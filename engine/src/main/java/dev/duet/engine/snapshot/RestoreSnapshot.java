package dev.duet.engine.snapshot;

import java.util.List;
import java.util.Map;

/**
 * What {@code POST _snapshot/{repository}/{snapshot}/_restore} asks.
 *
 * @param indices which of the snapshot's indices (comma list, wildcards); null or empty: all
 * @param ignoreUnavailable a name the snapshot lacks is passed over instead of a 404
 * @param renamePattern a regular expression the restored names are rewritten by, or null
 * @param renameReplacement its replacement ({@code $1} for a group), or null
 * @param indexSettings settings laid over each restored index's own ({@code index.} prefix
 *     optional)
 * @param ignoreIndexSettings settings of the snapshot not restored
 * @param includeAliases restore each index's aliases (OpenSearch's default: true)
 */
public record RestoreSnapshot(
    String indices,
    boolean ignoreUnavailable,
    String renamePattern,
    String renameReplacement,
    Map<String, String> indexSettings,
    List<String> ignoreIndexSettings,
    boolean includeAliases) {

  /** Every index under its own name, as a body-less request asks. */
  public static final RestoreSnapshot DEFAULTS =
      new RestoreSnapshot(null, false, null, null, Map.of(), List.of(), true);
}
