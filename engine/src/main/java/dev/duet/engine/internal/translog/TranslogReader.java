package dev.duet.engine.internal.translog;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Reads one generation file front to back, checking every record's length and checksum, and stops
 * at the first record that is torn (cut short by a crash) or corrupt: what precedes it is the valid
 * prefix.
 */
final class TranslogReader {
  // A record longer than this is a corrupt length prefix, not a document.
  private static final int MAX_RECORD = Integer.MAX_VALUE - 16;

  /**
   * What a read found. {@code validLength} bytes hold the header and {@code operations} intact
   * records; {@code problem} says why reading stopped early, null when the whole file was valid.
   */
  record Result(long validLength, long fileLength, long operations, String problem) {
    boolean intact() {
      return problem == null;
    }
  }

  private TranslogReader() {}

  /**
   * Whether an intact record (a plausible length, a known type and a matching checksum) starts
   * anywhere at or after {@code from}: what tells damage in the middle of a file, which intact,
   * acknowledged records follow, from a torn or corrupt tail, after which nothing does.
   */
  static boolean anyIntactRecordFrom(Path file, long from) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      if (size - from < 8 + TranslogOperation.MIN_PAYLOAD || size > Integer.MAX_VALUE) {
        return size > Integer.MAX_VALUE; // too large to scan here: assume the worst
      }
      ByteBuffer bytes = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
      int end = (int) size;
      for (int at = (int) Math.max(0, from); at <= end - 8 - TranslogOperation.MIN_PAYLOAD; at++) {
        int length = bytes.getInt(at);
        if (length < TranslogOperation.MIN_PAYLOAD || length > end - at - 8) {
          continue;
        }
        int type = bytes.get(at + 4);
        if (type != 0 && type != 1) {
          continue;
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes.slice(at, 4 + length));
        if ((int) crc.getValue() == bytes.getInt(at + 4 + length)) {
          return true;
        }
      }
      return false;
    }
  }

  static Result read(Path file, long expectedGeneration, Translog.OperationVisitor visitor)
      throws IOException {
    long fileLength = Files.size(file);
    if (fileLength == 0) {
      // Created but the header never reached the disk: a crash during a roll; nothing was in it.
      return new Result(0, 0, 0, null);
    }
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 64 * 1024))) {
      if (fileLength < TranslogWriter.HEADER_LENGTH) {
        return new Result(0, fileLength, 0, "header cut short");
      }
      int magic = in.readInt();
      int format = in.readInt();
      long generation = in.readLong();
      if (magic != TranslogWriter.MAGIC
          || format != TranslogWriter.FORMAT_VERSION
          || generation != expectedGeneration) {
        return new Result(0, fileLength, 0, "bad header");
      }
      long position = TranslogWriter.HEADER_LENGTH;
      long operations = 0;
      while (position < fileLength) {
        long remaining = fileLength - position;
        if (remaining < 8 + TranslogOperation.MIN_PAYLOAD) {
          return new Result(position, fileLength, operations, "torn record at " + position);
        }
        int length = in.readInt();
        if (length < TranslogOperation.MIN_PAYLOAD || length > MAX_RECORD) {
          return new Result(position, fileLength, operations, "bad length at " + position);
        }
        if (length > remaining - 8) {
          return new Result(position, fileLength, operations, "torn record at " + position);
        }
        byte[] payload = new byte[length];
        int checksum;
        try {
          in.readFully(payload);
          checksum = in.readInt();
        } catch (EOFException e) {
          return new Result(position, fileLength, operations, "torn record at " + position);
        }
        if (checksum != TranslogOperation.checksum(length, payload)) {
          return new Result(position, fileLength, operations, "checksum mismatch at " + position);
        }
        TranslogOperation op;
        try {
          op = TranslogOperation.fromPayload(payload);
        } catch (IllegalArgumentException | BufferUnderflowException e) {
          return new Result(
              position, fileLength, operations, "malformed record at " + position + ": " + e);
        }
        visitor.visit(op);
        operations++;
        position += 8 + length;
      }
      return new Result(position, fileLength, operations, null);
    }
  }
}
