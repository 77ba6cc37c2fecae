package dev.duet.engine.internal.translog;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.BufferUnderflowException;
import java.nio.file.Files;
import java.nio.file.Path;

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
