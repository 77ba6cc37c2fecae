package dev.duet.engine.internal.translog;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * One logged write: an index (with its full source) or a delete, with the seq_no, primary term and
 * version it was acknowledged with, so that replay restores them exactly.
 *
 * <p>On disk a record is {@code [int length][payload][int crc32c(length + payload)]}; the payload
 * is {@code [byte type][long seqNo][long primaryTerm][long version][int idLength][id][int
 * sourceLength][source]} with {@code sourceLength = -1} for a delete. A write with a routing value
 * sets {@link #ROUTED} in the type byte and carries {@code [int routingLength][routing]} after the
 * id, so records without one read as they always have.
 */
public record TranslogOperation(
    Type type,
    String id,
    long seqNo,
    long primaryTerm,
    long version,
    byte[] source,
    String routing) {

  /** The smallest payload a record can carry: a delete with an empty id. */
  static final int MIN_PAYLOAD = 1 + 8 + 8 + 8 + 4 + 4;

  /** The type byte's flag for a record that carries a routing value. */
  private static final int ROUTED = 0x40;

  /** What the operation did. */
  public enum Type {
    INDEX,
    DELETE
  }

  public TranslogOperation {
    requireNonNull(type, "type");
    requireNonNull(id, "id");
    if ((type == Type.INDEX) != (source != null)) {
      throw new IllegalArgumentException("source: only index operations carry one");
    }
  }

  /** An operation without a routing value. */
  public TranslogOperation(
      Type type, String id, long seqNo, long primaryTerm, long version, byte[] source) {
    this(type, id, seqNo, primaryTerm, version, source, null);
  }

  public static TranslogOperation index(
      String id, long seqNo, long primaryTerm, long version, byte[] source) {
    return index(id, seqNo, primaryTerm, version, source, null);
  }

  /** An index of a document stored with a routing value (null: none). */
  public static TranslogOperation index(
      String id, long seqNo, long primaryTerm, long version, byte[] source, String routing) {
    return new TranslogOperation(
        Type.INDEX, id, seqNo, primaryTerm, version, requireNonNull(source, "source"), routing);
  }

  public static TranslogOperation delete(String id, long seqNo, long primaryTerm, long version) {
    return new TranslogOperation(Type.DELETE, id, seqNo, primaryTerm, version, null);
  }

  /**
   * A delete routed by {@code routing} (null: by its id), which names the shard whose copy of the
   * id it deletes on an index of several shards.
   */
  public static TranslogOperation delete(
      String id, long seqNo, long primaryTerm, long version, String routing) {
    return new TranslogOperation(Type.DELETE, id, seqNo, primaryTerm, version, null, routing);
  }

  public boolean isDelete() {
    return type == Type.DELETE;
  }

  /** The complete on-disk record, checksum included. */
  byte[] toRecord() {
    byte[] idBytes = id.getBytes(StandardCharsets.UTF_8);
    ByteBuffer out = ByteBuffer.allocate(recordLength(idBytes));
    encode(idBytes, out);
    return out.array();
  }

  /** The length of this operation's on-disk record, given its id's UTF-8 bytes. */
  int recordLength(byte[] idBytes) {
    return 4
        + MIN_PAYLOAD
        + idBytes.length
        + routingLength()
        + (source == null ? 0 : source.length)
        + 4;
  }

  private int routingLength() {
    return routing == null ? 0 : 4 + routing.getBytes(StandardCharsets.UTF_8).length;
  }

  /**
   * Writes the record at {@code out}'s position, which must be a heap buffer with {@link
   * #recordLength} bytes left: the translog encodes straight into its write buffer, so a logged
   * write costs no record-sized copy of its source.
   */
  void encode(byte[] idBytes, ByteBuffer out) {
    int start = out.position();
    int sourceLength = source == null ? 0 : source.length;
    int payload = MIN_PAYLOAD + idBytes.length + routingLength() + sourceLength;
    out.putInt(payload);
    out.put((byte) (type.ordinal() | (routing == null ? 0 : ROUTED)));
    out.putLong(seqNo).putLong(primaryTerm).putLong(version);
    out.putInt(idBytes.length).put(idBytes);
    if (routing != null) {
      byte[] routingBytes = routing.getBytes(StandardCharsets.UTF_8);
      out.putInt(routingBytes.length).put(routingBytes);
    }
    if (source == null) {
      out.putInt(-1);
    } else {
      out.putInt(source.length).put(source);
    }
    CRC32C crc = new CRC32C();
    crc.update(out.array(), out.arrayOffset() + start, 4 + payload);
    out.putInt((int) crc.getValue());
  }

  /** The checksum a record with this length prefix and payload must carry. */
  static int checksum(int length, byte[] payload) {
    CRC32C crc = new CRC32C();
    crc.update(ByteBuffer.allocate(4).putInt(length).array());
    crc.update(payload);
    return (int) crc.getValue();
  }

  /**
   * Decodes a payload whose checksum matched; throws {@link IllegalArgumentException} if its
   * structure is still inconsistent (a record written by something else).
   */
  static TranslogOperation fromPayload(byte[] payload) {
    ByteBuffer in = ByteBuffer.wrap(payload);
    int typeByte = in.get();
    boolean routed = (typeByte & ROUTED) != 0;
    int typeOrdinal = typeByte & ~ROUTED;
    if (typeOrdinal < 0 || typeOrdinal >= Type.values().length) {
      throw new IllegalArgumentException("operation type: " + typeOrdinal + " (expected: 0 or 1)");
    }
    Type type = Type.values()[typeOrdinal];
    long seqNo = in.getLong();
    long primaryTerm = in.getLong();
    long version = in.getLong();
    int idLength = in.getInt();
    if (idLength < 0 || idLength > in.remaining() - 4) {
      throw new IllegalArgumentException("id length: " + idLength + " (record too short)");
    }
    String id = new String(payload, in.position(), idLength, StandardCharsets.UTF_8);
    in.position(in.position() + idLength);
    String routing = null;
    if (routed) {
      int routingLength = in.getInt();
      if (routingLength < 0 || routingLength > in.remaining() - 4) {
        throw new IllegalArgumentException(
            "routing length: " + routingLength + " (record too short)");
      }
      routing = new String(payload, in.position(), routingLength, StandardCharsets.UTF_8);
      in.position(in.position() + routingLength);
    }
    int sourceLength = in.getInt();
    if (sourceLength != in.remaining() && !(sourceLength == -1 && in.remaining() == 0)) {
      throw new IllegalArgumentException(
          "source length: " + sourceLength + " (expected: " + in.remaining() + ")");
    }
    byte[] source = null;
    if (sourceLength >= 0) {
      source = new byte[sourceLength];
      in.get(source);
    }
    return new TranslogOperation(type, id, seqNo, primaryTerm, version, source, routing);
  }
}
