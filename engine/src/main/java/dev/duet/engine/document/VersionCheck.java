package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/**
 * A write's concurrency condition: compare-and-set on {@code if_seq_no} + {@code if_primary_term},
 * or a client {@code version} checked by {@code version_type}. Unset values use OpenSearch's
 * sentinels ({@link #UNASSIGNED_SEQ_NO}, {@link #UNASSIGNED_PRIMARY_TERM}, {@link #MATCH_ANY}).
 */
public record VersionCheck(long ifSeqNo, long ifPrimaryTerm, long version, VersionType type) {
  public static final long UNASSIGNED_SEQ_NO = -2;
  public static final long UNASSIGNED_PRIMARY_TERM = 0;
  public static final long MATCH_ANY = -3;
  public static final VersionCheck NONE =
      new VersionCheck(UNASSIGNED_SEQ_NO, UNASSIGNED_PRIMARY_TERM, MATCH_ANY, VersionType.INTERNAL);

  public VersionCheck {
    requireNonNull(type, "type");
  }

  /** Compare-and-set on the sequence number and primary term a reader last saw. */
  public static VersionCheck ifSeqNo(long seqNo, long primaryTerm) {
    return new VersionCheck(seqNo, primaryTerm, MATCH_ANY, VersionType.INTERNAL);
  }

  public boolean isNone() {
    return equals(NONE);
  }

  public boolean hasSeqNoCheck() {
    return ifSeqNo != UNASSIGNED_SEQ_NO;
  }

  /**
   * OpenSearch's request validation for an operation with this check, in its order and words
   * ({@code IndexRequest.validate}, {@code DocWriteRequest.validateSeqNoBasedCASParams}); empty
   * when valid. Both transports add these to their {@code action_request_validation_exception}.
   */
  public List<String> problems(OpType op) {
    List<String> out = new ArrayList<>(1);
    if (op == OpType.CREATE) {
      if (type != VersionType.INTERNAL) {
        out.add("create operations only support internal versioning. use index instead");
        return out;
      }
      if (version != MATCH_ANY) {
        out.add("create operations do not support explicit versions. use index instead");
        return out;
      }
      if (ifSeqNo != UNASSIGNED_SEQ_NO || ifPrimaryTerm != UNASSIGNED_PRIMARY_TERM) {
        out.add("create operations do not support compare and set. use index instead");
        return out;
      }
    }
    boolean validVersion =
        type == VersionType.INTERNAL ? version > 0 || version == MATCH_ANY : version >= 0;
    if (!validVersion) {
      out.add("illegal version value [" + version + "] for version type [" + type.name() + "]");
    }
    if (type == VersionType.INTERNAL && version != MATCH_ANY) {
      out.add(
          "internal versioning can not be used for optimistic concurrency control. Please use"
              + " `if_seq_no` and `if_primary_term` instead");
    }
    if (ifSeqNo != UNASSIGNED_SEQ_NO && (type != VersionType.INTERNAL || version != MATCH_ANY)) {
      out.add("compare and write operations can not use versioning");
    }
    if (ifPrimaryTerm == UNASSIGNED_PRIMARY_TERM && ifSeqNo != UNASSIGNED_SEQ_NO) {
      out.add("ifSeqNo is set, but primary term is [0]");
    }
    if (ifPrimaryTerm != UNASSIGNED_PRIMARY_TERM && ifSeqNo == UNASSIGNED_SEQ_NO) {
      out.add("ifSeqNo is unassigned, but primary term is [" + ifPrimaryTerm + "]");
    }
    return out;
  }
}
