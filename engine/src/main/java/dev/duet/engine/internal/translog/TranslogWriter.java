package dev.duet.engine.internal.translog;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends records to one generation file through a small buffer, so that a bulk of many small
 * operations costs a few {@code write} calls rather than one per operation. Not thread-safe: the
 * {@link Translog} serializes access.
 */
final class TranslogWriter implements Closeable {
  static final int MAGIC = 0x4454_4c47; // "DTLG"
  static final int FORMAT_VERSION = 1;
  static final int HEADER_LENGTH = 4 + 4 + 8;
  private static final int BUFFER_SIZE = 64 * 1024;

  private final long generation;
  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
  private long flushedLength;

  private TranslogWriter(long generation, FileChannel channel, long flushedLength) {
    this.generation = generation;
    this.channel = channel;
    this.flushedLength = flushedLength;
  }

  /**
   * Creates the file with its header and fsyncs it, so a generation with operations always has a
   * header; replaces a leftover of a roll that failed half-way.
   */
  static TranslogWriter create(Path file, long generation) throws IOException {
    FileChannel channel =
        FileChannel.open(
            file,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            StandardOpenOption.WRITE);
    try {
      ByteBuffer header =
          ByteBuffer.allocate(HEADER_LENGTH)
              .putInt(MAGIC)
              .putInt(FORMAT_VERSION)
              .putLong(generation);
      header.flip();
      writeFully(channel, header);
      channel.force(true);
      return new TranslogWriter(generation, channel, HEADER_LENGTH);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  long generation() {
    return generation;
  }

  /** Bytes in the file once the buffer is written out. */
  long length() {
    return flushedLength + buffer.position();
  }

  /**
   * Appends {@code op}'s record, encoded in place in the write buffer (a record larger than the
   * buffer is written through); returns the record's length.
   */
  int add(TranslogOperation op, byte[] idBytes) throws IOException {
    int length = op.recordLength(idBytes);
    if (length > buffer.capacity()) {
      flushBuffer();
      writeFully(channel, ByteBuffer.wrap(op.toRecord()));
      flushedLength += length;
      return length;
    }
    if (length > buffer.remaining()) {
      flushBuffer();
    }
    op.encode(idBytes, buffer);
    return length;
  }

  /** Hands the buffered records to the OS; they are durable after {@link #force}. */
  void flushBuffer() throws IOException {
    if (buffer.position() == 0) {
      return;
    }
    buffer.flip();
    int n = buffer.remaining();
    writeFully(channel, buffer);
    buffer.clear();
    flushedLength += n;
  }

  /** fsyncs what {@link #flushBuffer} wrote; may run while other threads add to the buffer. */
  void force() throws IOException {
    channel.force(false);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  private static void writeFully(FileChannel channel, ByteBuffer bytes) throws IOException {
    while (bytes.hasRemaining()) {
      channel.write(bytes);
    }
  }
}
