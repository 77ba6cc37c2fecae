package dev.duet.server.rest;

import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;

/**
 * The concurrency parameters of a single-document write, parsed as OpenSearch's REST layer does.
 */
final class VersionParams {
  private VersionParams() {}

  /** {@code if_seq_no}, {@code if_primary_term}, {@code version}, {@code version_type}. */
  static VersionCheck of(RestRequest request) {
    if (!request.hasParam("if_seq_no")
        && !request.hasParam("if_primary_term")
        && !request.hasParam("version")
        && !request.hasParam("version_type")) {
      return VersionCheck.NONE;
    }
    String type = request.param("version_type");
    return new VersionCheck(
        request.paramAsLong("if_seq_no", VersionCheck.UNASSIGNED_SEQ_NO),
        request.paramAsLong("if_primary_term", VersionCheck.UNASSIGNED_PRIMARY_TERM),
        request.paramAsLong("version", VersionCheck.MATCH_ANY),
        type == null ? VersionType.INTERNAL : VersionType.fromString(type));
  }
}
