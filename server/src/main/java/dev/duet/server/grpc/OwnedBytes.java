package dev.duet.server.grpc;

import com.google.protobuf.ByteOutput;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnsafeByteOperations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * A document's bytes out of a parsed request without copying them again. Parsing already copied
 * each {@code bytes} field off the wire into an array of its own (Armeria does not alias request
 * buffers); {@link ByteString#toByteArray} would copy that array once more for every bulk item.
 * When the string is exactly one whole array, that array is handed over: nothing writes to it, and
 * the message it came from is dropped after the call. Anything else (a slice of a larger array, a
 * rope) is copied as before.
 */
final class OwnedBytes {
  private OwnedBytes() {}

  static byte[] of(ByteString bytes) {
    if (bytes.isEmpty()) {
      return new byte[0];
    }
    WholeArray whole = new WholeArray();
    try {
      UnsafeByteOperations.unsafeWriteTo(bytes, whole);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // WholeArray never throws
    }
    byte[] array = whole.array;
    return array != null && whole.chunks == 1 && array.length == bytes.size()
        ? array
        : bytes.toByteArray();
  }

  /** Remembers the one array a string hands over lazily, if it is a single one from offset 0. */
  private static final class WholeArray extends ByteOutput {
    private byte[] array;
    private int chunks;

    @Override
    public void writeLazy(byte[] value, int offset, int length) {
      chunks++;
      array = offset == 0 && length == value.length ? value : null;
    }

    @Override
    public void write(byte value) {
      chunks += 2; // copied byte by byte: not one array
    }

    @Override
    public void write(byte[] value, int offset, int length) {
      chunks += 2;
    }

    @Override
    public void write(ByteBuffer value) {
      chunks += 2;
    }

    @Override
    public void writeLazy(ByteBuffer value) {
      chunks += 2;
    }
  }
}
