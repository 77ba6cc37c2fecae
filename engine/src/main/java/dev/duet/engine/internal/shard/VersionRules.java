package dev.duet.engine.internal.shard;

import dev.duet.engine.document.OpType;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;
import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * OpenSearch's versioning rules for one write, as its engine plans an operation on the primary:
 * compare-and-set on seq_no and primary term, create-if-absent, and external versions. Gives the
 * version the write gets, or throws the 409 {@code version_conflict_engine_exception} OpenSearch
 * throws, word for word.
 */
public final class VersionRules {
  private static final long NOT_FOUND = -1;

  private final String index;
  private final String uuid;

  VersionRules(String index, String uuid) {
    this.index = index;
    this.uuid = uuid;
  }

  /**
   * The version a write of {@code op} under {@code check} gets over {@code current} (the live
   * entry, a tombstone, or null when the id was never seen or its tombstone expired).
   */
  long nextVersion(OpType op, VersionCheck check, String id, LiveVersionMap.Entry current) {
    boolean absent = current == null || current.deleted();
    long currentVersion = current == null ? NOT_FOUND : current.version();
    if (check.hasSeqNoCheck()) {
      if (absent) {
        throw conflict(id, seqNoExpectation(check) + "but no document was found");
      }
      if (current.seqNo() != check.ifSeqNo() || current.primaryTerm() != check.ifPrimaryTerm()) {
        throw conflict(
            id,
            seqNoExpectation(check)
                + "current document has seqNo ["
                + current.seqNo()
                + "] and primary term ["
                + current.primaryTerm()
                + "]");
      }
      return currentVersion + 1;
    }
    if (op == OpType.CREATE && !absent) {
      throw conflict(id, "document already exists (current version [" + currentVersion + "])");
    }
    VersionType type = check.type();
    if (type == VersionType.INTERNAL) {
      return currentVersion == NOT_FOUND ? 1 : currentVersion + 1;
    }
    long wanted = check.version();
    if (currentVersion != NOT_FOUND) {
      if (type == VersionType.EXTERNAL && currentVersion >= wanted) {
        throw conflict(
            id,
            "current version ["
                + currentVersion
                + "] is higher or equal to the one provided ["
                + wanted
                + "]");
      }
      if (type == VersionType.EXTERNAL_GTE && currentVersion > wanted) {
        throw conflict(
            id,
            "current version ["
                + currentVersion
                + "] is higher than the one provided ["
                + wanted
                + "]");
      }
    }
    return wanted;
  }

  /** A conflict for this index's document {@code id}, explained as OpenSearch explains it. */
  DuetException conflict(String id, String explanation) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("shard", "0");
    meta.put("index_uuid", uuid);
    return new DuetException(
        409,
        "version_conflict_engine_exception",
        "[" + id + "]: version conflict, " + explanation,
        meta,
        null);
  }

  public static boolean isConflict(DuetException e) {
    return e.status() == 409 && e.type().equals("version_conflict_engine_exception");
  }

  private static String seqNoExpectation(VersionCheck check) {
    return "required seqNo ["
        + check.ifSeqNo()
        + "], primary term ["
        + check.ifPrimaryTerm()
        + "]. ";
  }
}
